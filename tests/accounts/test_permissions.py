"""league.permissions and accounts.roles for each kind of user.

President (holds the office), Vice-President (stands in for him), capitaine
(keeps the sheet of the manche he is given), player (an ordinary member),
anonymous visitor, and an inactive member (who left the club).
"""

from types import SimpleNamespace

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from accounts import roles
from accounts.permissions import Action as ClubAction
from accounts.services.offices import vice_president_designate
from league.models import Manche
from league.permissions import Action, can, require
from tests.support.seasons import make_manche

pytestmark = pytest.mark.django_db


@pytest.fixture
def vice(make_user, president):
    user = make_user("vero")
    vice_president_designate(by=president, user=user, now=timezone.now())
    return user


@pytest.fixture
def inactive(make_user):
    return make_user("parti", is_active=False)


@pytest.fixture
def season(season, vice):
    """The season (tests/conftest.py), vero its Vice-President."""
    season.vice_president = vice
    season.save()
    return season


def next_manche(season, capitaine=None, status=Manche.Status.OPEN):
    """The season's next manche, kept by ``capitaine``."""
    return make_manche(season, season.manches.count() + 1, capitaine=capitaine, status=status)


def test_roles_name_the_current_holders(president, vice):
    assert roles.current_president() == president
    assert roles.current_vice_president() == vice


def test_club_officers_are_the_president_and_the_vice_president(president, vice, player, capitaine, inactive):
    assert roles.is_club_officer(president) and roles.is_club_officer(vice)
    assert not roles.is_club_officer(player) and not roles.is_club_officer(capitaine)
    assert not roles.is_club_officer(AnonymousUser()) and not roles.is_club_officer(inactive)


def test_only_the_president_is_president(president, vice, player):
    assert roles.is_club_president(president)
    assert not roles.is_club_president(vice) and not roles.is_club_president(player)
    assert not roles.is_club_president(AnonymousUser())


def test_a_deactivated_president_loses_his_powers(president):
    president.is_active = False
    assert not roles.is_club_officer(president) and not roles.is_club_president(president)


def test_superuser_counts_as_officer(make_user):
    admin = make_user("root", is_superuser=True)
    assert roles.is_club_officer(admin) and roles.is_club_president(admin)


def test_only_the_president_and_the_vice_president_manage_the_club(
    president, vice, player, capitaine, inactive
):
    assert can(president, ClubAction.MANAGE_CLUB) and can(vice, ClubAction.MANAGE_CLUB)
    for user in (player, capitaine, inactive, AnonymousUser()):
        assert not can(user, ClubAction.MANAGE_CLUB)


def test_only_the_president_and_the_vice_president_manage_a_season(
    season, president, vice, player, capitaine, inactive
):
    assert can(president, Action.MANAGE_SEASON, season) and can(vice, Action.MANAGE_SEASON, season)
    for user in (player, capitaine, inactive, AnonymousUser()):
        assert not can(user, Action.MANAGE_SEASON, season)


def test_the_club_president_manages_any_season(president, make_user):
    other_season = SimpleNamespace(president_id=None, vice_president_id=None)
    assert can(president, Action.MANAGE_SEASON, other_season)


def test_register_self_needs_an_active_member_and_an_open_manche(season, player, inactive):
    open_manche = next_manche(season)
    assert can(player, Action.REGISTER_SELF, open_manche)
    assert not can(inactive, Action.REGISTER_SELF, open_manche)
    assert not can(AnonymousUser(), Action.REGISTER_SELF, open_manche)
    assert not can(player, Action.REGISTER_SELF, next_manche(season, status=Manche.Status.PLAYED))


def test_the_capitaine_keeps_the_sheet_of_his_own_manche_and_the_officers_of_any(
    season, president, vice, capitaine, player
):
    his = next_manche(season, capitaine=capitaine)
    assert can(capitaine, Action.EDIT_SHEET, his)
    assert can(president, Action.EDIT_SHEET, his) and can(vice, Action.EDIT_SHEET, his)
    assert not can(player, Action.EDIT_SHEET, his)
    assert not can(AnonymousUser(), Action.EDIT_SHEET, his)
    assert not can(capitaine, Action.EDIT_SHEET, next_manche(season, capitaine=player))


def test_capitaine_loses_the_sheet_once_played_or_cancelled(season, president, capitaine):
    for status in (Manche.Status.PLAYED, Manche.Status.CANCELLED):
        closed = next_manche(season, capitaine=capitaine, status=status)
        assert not can(capitaine, Action.EDIT_SHEET, closed)
        assert can(president, Action.EDIT_SHEET, closed)


def test_inactive_capitaine_cannot_keep_the_sheet(season, capitaine):
    his = next_manche(season, capitaine=capitaine)
    capitaine.is_active = False
    assert not can(capitaine, Action.EDIT_SHEET, his)


@pytest.mark.parametrize("action", [Action.CORRECT_RESULTS, Action.VIEW_AUDIT, Action.JUDGE_COMPTE_RENDU])
def test_only_the_club_officers_act_on_a_played_manche(
    season, president, vice, capitaine, player, inactive, action
):
    his = next_manche(season, capitaine=capitaine, status=Manche.Status.PLAYED)
    assert can(president, action, his) and can(vice, action, his)
    for user in (capitaine, player, inactive, AnonymousUser()):
        assert not can(user, action, his)


def test_require_raises_permission_denied(player, president):
    require(president, ClubAction.MANAGE_CLUB)
    with pytest.raises(PermissionDenied):
        require(player, ClubAction.MANAGE_CLUB)


def test_every_action_has_a_rule():
    """One registry: every action of every app has its rule there."""
    from accounts.permissions import RULES

    assert set(RULES) == {str(a) for a in (*Action, *ClubAction)}

"""Closing a season with manches still to play: the confirmation says how many and what becomes
of them, the closing cancels them with a reason (nothing deleted, their registered players told),
and a closed season's manches take no sign-up, in the service as on the pages."""

import html
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from league.models import Manche, QuickResult, Registration, Season, SiteNotice
from league.permissions import Action, can
from league.services.registrations import registration_add
from league.services.seasons import season_close
from tests.support.seasons import make_manche, make_season, register, thursday_21h

#: The reason recorded on the manches the closing cancels (and sent to their registered players).
CLOSING_REASON = "Saison close avant cette manche"

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


@pytest.fixture
def left_to_play(season, open_manche, player, members):
    """Manche 1 open with anne and claire signed up, manche 2 planned, manche 3 played."""
    register(open_manche, player, members[0])
    planned = make_manche(season, 2, starts_at=thursday_21h(24), status=Manche.Status.PLANNED)
    played = make_manche(season, 3, starts_at=timezone.now() - timedelta(days=7), status=Manche.Status.PLAYED)
    return open_manche, planned, played


def test_closing_cancels_the_manches_left_to_play_with_a_reason_keeping_their_sign_ups(
    season, president, player, members, left_to_play
):
    opened, planned, played = left_to_play
    season_close(by=president, season=season, now=timezone.now())

    for manche in (opened, planned):
        manche.refresh_from_db()
        assert manche.status == Manche.Status.CANCELLED
        assert manche.cancelled_reason == CLOSING_REASON
        last = manche.history.first()
        assert last.history_user == president and CLOSING_REASON in last.history_change_reason
    played.refresh_from_db()
    assert played.status == Manche.Status.PLAYED
    assert set(Registration.objects.filter(manche=opened).values_list("player", flat=True)) == {
        player.pk,
        members[0].pk,
    }
    told = set(SiteNotice.objects.filter(text__contains="annulée").values_list("recipient", flat=True))
    assert told == {player.pk, members[0].pk}


def test_a_season_whose_night_has_its_sheet_started_is_not_closed(season, president, player, left_to_play):
    opened = left_to_play[0]
    QuickResult.objects.create(manche=opened, player=player, score=10)
    with pytest.raises(ValidationError) as exc:
        season_close(by=president, season=season, now=timezone.now())
    assert "clôturez-la" in str(exc.value)
    season.refresh_from_db()
    opened.refresh_from_db()
    assert season.state == Season.State.OPEN and opened.status == Manche.Status.OPEN


def test_the_closing_confirmation_says_how_many_manches_are_left_and_that_the_malus_applies_now(
    client, season, president, left_to_play
):
    client.force_login(president)
    page = html.unescape(client.get(reverse("league:season_close", args=[season.name])).content.decode())
    assert "Il reste 2 manches à jouer." in page
    assert "Clore la saison maintenant les annule" in page
    assert CLOSING_REASON in page
    assert "2 inscrits seront prévenus par e-mail." in page
    assert "Le malus de participation s'applique dès la clôture" in page


def test_the_closing_confirmation_of_a_season_played_out_says_nothing_of_manches_left(
    client, season, president
):
    client.force_login(president)
    page = html.unescape(client.get(reverse("league:season_close", args=[season.name])).content.decode())
    assert "Il reste" not in page


def test_a_closed_seasons_manche_takes_no_sign_up(client, president, player, members):
    """A season closed before closings cancelled the manches left (or imported so): its open
    manche offers no sign-up, the service refuses one and the season page offers no opening."""
    closed = make_season("2024-2025", president=president, state=Season.State.CLOSED)
    opened = make_manche(closed, 1, starts_at=thursday_21h())
    make_manche(closed, 2, starts_at=thursday_21h(24), status=Manche.Status.PLANNED)

    with pytest.raises(ValidationError) as exc:
        registration_add(by=player, manche=opened, player=player, now=timezone.now())
    assert "close" in str(exc.value)
    assert not Registration.objects.exists()
    assert not can(player, Action.REGISTER_SELF, opened)

    client.force_login(player)
    page = html.unescape(client.get(opened.get_absolute_url()).content.decode())
    assert "M'inscrire" not in page
    assert "ne prend plus d'inscriptions" in page
    client.post(reverse("league:registration_add", args=[closed.name, 1]))
    assert not Registration.objects.exists()

    client.force_login(president)
    season_page = html.unescape(client.get(closed.get_absolute_url()).content.decode())
    assert "Ouvrir les inscriptions des manches cochées" not in season_page
    assert 'name="manches"' not in season_page


def test_a_closed_seasons_manche_sends_no_reminder(president, player, members):
    from league.services.calendar import manche_reminders_send

    closed = make_season("2024-2025", president=president, state=Season.State.CLOSED)
    soon = make_manche(closed, 1, starts_at=timezone.now() + timedelta(days=1))
    Registration.objects.create(manche=soon, player=player, seat=1, created_at=timezone.now())
    assert manche_reminders_send(now=timezone.now()) == 0
    assert not SiteNotice.objects.filter(recipient=player).exists()

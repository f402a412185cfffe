"""Players are matched on their id; unknown ids become inactive accounts with no usable password."""

import pytest

from accounts.models import User
from league.services.transfer import import_check, import_season


@pytest.mark.django_db
def test_unknown_players_become_inactive_accounts_without_password(example_doc, now):
    import_season(document=example_doc, now=now)
    eric = User.objects.get(username="eric")
    assert not eric.is_active
    assert not eric.has_usable_password()
    assert eric.display_name == "Éric"
    assert eric.first_season == "2011-2012"  # declares none: the season he played in
    anne = User.objects.get(username="anne")
    assert anne.first_season == "2011-2012"
    assert User.objects.count() == 5


@pytest.mark.django_db
def test_known_players_are_matched_on_their_username_and_kept(example_doc, now, president):
    """``president`` is ben (display name Benoît, active, with a password)."""
    president.display_name = "Ben le Grand"
    president.save()
    import_season(document=example_doc, now=now)
    ben = User.objects.get(username="ben")
    assert ben.pk == president.pk
    assert ben.is_active and ben.has_usable_password()
    assert ben.display_name == "Ben le Grand"
    assert ben.first_season == "2008-2009"  # was blank: the document's is recorded


@pytest.mark.django_db
def test_a_recorded_earlier_first_season_is_kept(example_doc, now, make_user):
    """The earliest known first season wins over a later declaration."""
    make_user("anne", first_season="2010-2011")
    _parsed, summary = import_check(document=example_doc)
    assert [(n.player, n.declared, n.kept) for n in summary.first_seasons] == [
        ("anne", "2011-2012", "2010-2011")
    ]
    import_season(document=example_doc, now=now)
    assert User.objects.get(username="anne").first_season == "2010-2011"


@pytest.mark.django_db
def test_the_check_tells_new_players_from_known_ones(example_doc, president, player):
    _parsed, summary = import_check(document=example_doc)
    assert summary.players_existing == ["ben", "anne"]
    assert summary.players_new == ["fifi", "bruno", "eric"]
    assert (summary.manches_played, summary.manches_planned, summary.manches_cancelled) == (2, 1, 1)
    assert summary.manches_at_four == 1 and summary.manches_quick == 1
    assert (summary.donnes, summary.comptes_rendus, summary.awards) == (3, 3, 1)


def _queries_to_import(document, now) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        import_season(document=document, now=now)
    return len(queries)


@pytest.mark.django_db
def test_new_accounts_and_their_first_seasons_cost_the_same_queries_for_12_players_or_60(now):
    """Accounts, their history and their first seasons are written in bulk, not one save per player."""
    from tests.support.documents import random_season

    few = _queries_to_import(random_season(3, name="2011-2012", players=12, manches=8, donnes=(2, 4)), now)
    many = _queries_to_import(random_season(3, name="2012-2013", players=60, manches=8, donnes=(2, 4)), now)
    assert User.objects.count() >= 60
    assert many <= few + 2, (few, many)
    assert (
        User.history.filter(username="j060", history_type="+").count() == 1
    )  # its creation is in the history

"""The sheet's state reads its donnes without joining each to its players: they are the
table's, read with the seats (twenty donnes made sixty copies of five players)."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Donne
from league.selectors.sheet import sheet_state
from tests.support.sheet import add, contract


def test_the_donnes_players_are_the_seated_players_read_once(manche, capitaine, player):
    add(manche, capitaine, contract(capitaine, partner=player, points=60))
    add(manche, capitaine, contract(player, points=41))
    with CaptureQueriesContext(connection) as queries:
        state = sheet_state(manche)
    read = [q["sql"] for q in queries.captured_queries if 'FROM "league_donne"' in q["sql"]]
    assert len(read) == 1 and "JOIN" not in read[0]
    first, second = state.donnes
    assert first.taker is state.users["bruno"] and first.partner is state.users["anne"]
    assert second.taker is state.users["anne"] and second.partner is None
    assert first.dealer is state.users[first.dealer.username]
    assert state.sheet is not None and len(state.sheet.donnes) == 2


def test_a_donne_naming_someone_no_longer_seated_still_reads_him(manche, capitaine, player, make_user):
    """Rows the table no longer explains (an old history) are read all the same."""
    add(manche, capitaine, contract(capitaine, points=60))
    stranger = make_user("zoe", display_name="Zoé")
    Donne.objects.filter(manche=manche).update(partner=stranger)
    (donne,) = sheet_state(manche).donnes
    assert donne.partner == stranger

"""The manche page reads its table once: the sign-ups in one query, the seats in one,
whichever of its sections (table, sheet, signatures, compte-rendu) shows them; once the
manche is played it lists the seats, so no sign-up is read (who played is told so from the
seats), and its seats come with its ranking, rendered once per revision."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Seat
from tests.support.seasons import register

#: A warm played manche page for a visitor: the manche, with the mark of its signatures and
#: contests, read again only when it changes (was 10: the sign-ups twice, the seats twice,
#: the season's revision, the comptes-rendus and the vainqueurs' accounts besides; then 3,
#: the signatures and the contests on every view).
MAX_WARM_PLAYED_VISITOR = 1
#: The same page for a player of its table: besides, his session and account, and his
#: offices with his unread notices, in one query (was 18: his offices read 8 times,
#: whether he sat at the table twice, whether the sheet has donnes, his own sign-up,
#: the signatures and the contests; then 5, the unread notices apart).
MAX_WARM_PLAYED_MEMBER = 4


def _queries(captured, table: str) -> int:
    """Every query of ``table``, existence checks included."""
    return sum(1 for q in captured.captured_queries if f'FROM "{table}"' in q["sql"])


def _reads(captured, table: str) -> int:
    """Row reads of ``table`` (counts, as the waiting rank's, and the permissions' existence checks left out)."""
    return sum(
        1
        for q in captured.captured_queries
        if f'FROM "{table}"' in q["sql"]
        and q["sql"].startswith("SELECT")
        and "COUNT(" not in q["sql"]
        and not q["sql"].startswith('SELECT 1 AS "a"')
    )


def _get(client, url):
    client.get(url)  # warm: the shared renderings are made
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return response.content.decode(), captured


def test_a_played_manche_page_reads_neither_its_seats_nor_sign_ups_for_a_visitor(client, small_season):
    url = reverse("league:manche_detail", args=[small_season.name, 1])
    html, captured = _get(client, url)
    assert _reads(captured, "league_seat") == 0  # they come with the revision's ranking
    assert _reads(captured, "league_registration") == 0
    assert _reads(captured, "accounts_user") == 0  # the vainqueurs' names come from the seats
    assert len(captured) <= MAX_WARM_PLAYED_VISITOR
    manche = small_season.manches.get(number=1)
    for seat in Seat.objects.filter(manche=manche).select_related("player"):
        assert str(seat.player) in html  # the table and the signatures still name every player


def test_a_player_of_the_table_has_his_offices_read_once_and_his_seat_not_again(client, small_season):
    manche = small_season.manches.get(number=1)
    first = Seat.objects.filter(manche=manche).select_related("player").order_by("position")[0].player
    client.force_login(first)
    html, captured = _get(client, reverse("league:manche_detail", args=[small_season.name, 1]))
    assert _queries(captured, "accounts_mandate") == 1
    assert _queries(captured, "league_seat") == 0  # whether he may sign or contest: from the seats read
    assert _queries(captured, "league_donne") == 0  # whether there is a donne to contest: from the ranking
    assert len(captured) <= MAX_WARM_PLAYED_MEMBER
    assert "Je valide la feuille" in html


def test_who_played_is_told_so_and_no_one_else(client, small_season, make_user):
    manche = small_season.manches.get(number=1)
    first = Seat.objects.filter(manche=manche).select_related("player").order_by("position")[0].player
    url = reverse("league:manche_detail", args=[small_season.name, 1])

    client.force_login(first)
    html, captured = _get(client, url)
    assert "Vous avez joué cette manche." in html
    assert _reads(captured, "league_registration") == 0  # the seats say who played
    assert _reads(captured, "league_seat") == 0

    client.force_login(make_user("passant"))
    html, _captured = _get(client, url)
    assert "Vous avez joué cette manche." not in html


@pytest.mark.usefixtures("in_season_clock")
def test_an_open_manche_lists_its_seated_and_waiting_members_from_one_read(
    client, open_manche, player, members
):
    register(open_manche, player, *members, now=open_manche.starts_at - timedelta(days=3))
    client.force_login(members[1])  # seated, seat 3
    url = reverse("league:manche_detail", args=[open_manche.season.name, open_manche.number])
    html, captured = _get(client, url)
    assert _reads(captured, "league_registration") == 1
    assert _reads(captured, "league_seat") == 1
    assert "Vous avez une place à cette table." in html
    seated = html.index("Inscrits")
    waiting = html.index("Liste d")
    names = [str(u) for u in (player, *members)]
    # seated in seat order, then the waiting list first come first
    positions = [html.index(f"<span>{name}</span>", seated) for name in names]
    assert positions == sorted(positions)
    assert all(p < waiting for p in positions[:5]) and all(p > waiting for p in positions[5:])

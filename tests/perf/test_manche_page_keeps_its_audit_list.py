"""The President's manche page keeps its audit list (the newest ten changes) per mark of the
manche's history: a warm view reads one mark of the history tables, not their rows, and a new
change to the manche, its seats, donnes or results shows in the list at once, whether or not
it changed the season's revision."""

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from league.models import Manche, Season
from league.services.calendar import manche_set_capitaine
from tests.support.sheet import add, contract

HISTORY_TABLES = (
    "league_historicalmanche",
    "league_historicalseat",
    "league_historicaldonne",
    "league_historicalquickresult",
    "league_sheetconflict",
)


def _url(manche) -> str:
    return reverse("league:manche_detail", args=[manche.season.name, manche.number])


def _get(client, url):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return response.content.decode(), captured


def _history_queries(captured) -> int:
    """Queries that read any of the audited tables (the mark reads them all at once)."""
    return sum(1 for q in captured.captured_queries if any(f'FROM "{t}"' in q["sql"] for t in HISTORY_TABLES))


def test_the_audit_list_is_built_once_until_the_manche_changes(client, manche, capitaine, president):
    add(manche, capitaine, contract(capitaine, points=60))
    client.force_login(president)
    url = _url(manche)
    first, captured = _get(client, url)
    assert _history_queries(captured) > 1  # built: the mark, then the rows
    again, captured = _get(client, url)
    assert _history_queries(captured) == 1  # the mark alone
    assert again.count("Donne 1") == first.count("Donne 1") > 0
    assert "Historique des modifications (Président)" in again


def test_a_new_change_to_the_manche_shows_in_its_audit_list_at_once(
    client, manche, capitaine, player, president
):
    client.force_login(president)
    url = _url(manche)
    html, _captured = _get(client, url)
    assert "Donne 1" not in html
    add(manche, capitaine, contract(capitaine, points=60))
    html, _captured = _get(client, url)
    assert "Donne 1" in html

    revision = Season.objects.get(pk=manche.season_id).revision
    manche_set_capitaine(
        by=president, manche=Manche.objects.get(pk=manche.pk), capitaine=player, now=timezone.now()
    )
    assert Season.objects.get(pk=manche.season_id).revision == revision  # only the mark tells
    html, _captured = _get(client, url)
    audit = html[html.index("Historique des modifications (Président)") :]
    assert "<td><del>Bruno</del></td><td>→ Anne</td>" in audit

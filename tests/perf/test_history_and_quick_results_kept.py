"""The manche's history page reads its entries once per mark of the manche's history, and
the quick results' form shows the sheet kept per version: a warm view reads neither the
history's rows nor the sheet's."""

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import QuickResult
from tests.perf.test_manche_page_keeps_its_audit_list import HISTORY_TABLES
from tests.support.sheet import add, contract


def _get(client, url):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return response.content.decode(), [q["sql"] for q in captured.captured_queries]


def test_the_history_page_reads_the_rows_once_until_the_manche_changes(client, manche, capitaine, president):
    add(manche, capitaine, contract(capitaine, points=60))
    client.force_login(president)
    url = reverse("league:manche_audit", args=[manche.season.name, manche.number])
    first, _read = _get(client, url)
    again, read = _get(client, url)
    assert again.count("Donne 1") == first.count("Donne 1") > 0
    assert (
        len([sql for sql in read if any(f'FROM "{t}"' in sql for t in HISTORY_TABLES)]) == 1
    )  # the mark alone
    add(manche, capitaine, contract(capitaine, points=41))
    after, _read = _get(client, url)
    assert "Donne 2" in after


def test_the_quick_results_form_reads_the_sheet_once_per_version(client, manche, president):
    client.force_login(president)
    url = reverse("league:quick_results", args=[manche.season.name, manche.number])
    _get(client, url)
    _html, read = _get(client, url)
    assert not [sql for sql in read if '"league_seat"' in sql or '"league_quickresult"' in sql]
    players = [s.player for s in manche.seats.order_by("position")]
    body = {"sheet_version": manche.sheet_version}
    for player, score in zip(players, (300, 100, 0, -150, -250), strict=True):
        body[f"score_{player.username}"] = score
    assert client.post(url, body).status_code == 302
    assert QuickResult.objects.filter(manche=manche).count() == 5
    html, _read = _get(client, url)
    assert 'value="300"' in html  # the new version's sheet, read again

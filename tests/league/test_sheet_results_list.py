"""Parties & Résultats: every played manche of the season with its ranking, newest first, paginated."""

from datetime import timedelta

from django.urls import reverse

from tests.support.seasons import NIGHT, make_manche, seat
from tests.support.sheet import add, close, contract


def play(season, number, capitaine, table, taker, *, days):
    manche = seat(
        make_manche(season, number, capitaine=capitaine, starts_at=NIGHT + timedelta(days=days)), table
    )
    add(manche, capitaine, contract(taker, "garde", bouts=2, points=49))
    close(manche, capitaine)
    return manche


def test_played_manches_are_listed_newest_first_with_their_ranking(client, season, capitaine, player, others):
    table = [capitaine, player, *others]
    play(season, 1, capitaine, table, capitaine, days=0)
    play(season, 2, capitaine, table, player, days=14)
    make_manche(season, 3, capitaine=capitaine, starts_at=NIGHT + timedelta(days=28))  # not played yet
    response = client.get(reverse("league:results", kwargs={"season_name": season.name}))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.index('id="manche-2"') < html.index('id="manche-1"')
    assert 'id="manche-3"' not in html
    assert (
        "Vainqueur\u00a0: <strong>Anne</strong>" in html and "Vainqueur\u00a0: <strong>Bruno</strong>" in html
    )
    assert html.count("ranking-table") == 2


def test_the_list_is_paginated(client, season, capitaine, player, others):
    table = [capitaine, player, *others]
    for n in range(1, 13):
        play(season, n, capitaine, table, capitaine, days=14 * n)
    url = reverse("league:results", kwargs={"season_name": season.name})
    first = client.get(url).content.decode()
    assert first.count("ranking-table") == 10 and 'id="manche-12"' in first
    second = client.get(url, {"page": 2}).content.decode()
    assert second.count("ranking-table") == 2 and 'id="manche-1"' in second


def test_an_empty_season_says_so(client, season):
    html = client.get(reverse("league:results", kwargs={"season_name": season.name})).content.decode()
    assert "Aucune manche jouée" in html


def test_a_page_of_results_is_rendered_once_per_revision_and_a_new_result_shows_at_once(
    client, season, capitaine, player, others, monkeypatch
):
    """The manches' sheets are read and scored when the season changed, not at each view:
    a warm page reads as many rows with 2 played manches as with 12."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    import league.views.sheet as views

    table = [capitaine, player, *others]
    url = reverse("league:results", kwargs={"season_name": season.name})
    read = []
    sheet_state = views.sheet_state
    monkeypatch.setattr(views, "sheet_state", lambda m, **kw: read.append(m.number) or sheet_state(m, **kw))

    def warm_queries():
        client.get(url)
        read.clear()
        with CaptureQueriesContext(connection) as queries:
            html = client.get(url).content.decode()
        assert read == []
        return len(queries), html

    play(season, 1, capitaine, table, capitaine, days=0)
    play(season, 2, capitaine, table, player, days=14)
    few, _html = warm_queries()
    for n in range(3, 12):
        play(season, n, capitaine, table, capitaine, days=14 * n)
    play(season, 12, capitaine, table, player, days=14 * 12)
    many, html = warm_queries()
    assert many == few
    assert html.count("ranking-table") == 10 and 'id="manche-12"' in html

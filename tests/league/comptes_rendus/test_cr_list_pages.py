"""The season's comptes-rendus page shows one page of each of its lists (the comptes-rendus,
newest first; the deadlines ahead, soonest first), each with a pager that keeps the other's
page, in a number of queries that does not grow with the season; the deadlines are made
once per revision and what a page shows is rendered once, and both read right again after
a change."""

import re

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

import league.selectors.comptes_rendus as selectors
import league.views.comptes_rendus as views
from tests.support.seasons import paris

START, NEXT = paris(2025, 10, 2, 21), paris(2025, 10, 16, 21)
DURING = paris(2025, 10, 5, 18)


@pytest.fixture(autouse=True)
def _on_the_5th():
    with time_machine.travel(DURING, tick=False):
        yield


@pytest.fixture
def manche(played, manche_at):
    m1 = played(1, START)
    manche_at(2, NEXT)
    return m1


@pytest.fixture
def posted(manche, players):
    """``n`` comptes-rendus of manche 1, « CR 0 » the oldest, an hour apart."""
    from league.models import CompteRendu

    def make(n: int) -> None:
        for i in range(n):
            CompteRendu.objects.create(
                manche=manche,
                author=players["anne"],
                title=f"CR {i}",
                text="x",
                html="<p>x</p>",
                posted_at=paris(2025, 10, 3, 0) + i * (NEXT - START) / 1000,
            )

    return make


def list_url(season) -> str:
    return reverse("league:cr_list", args=[season.name])


def titles(html: str) -> list[str]:
    return re.findall(r'<h3 class="h6 mb-1"><a href="[^"]+">([^<]*)</a>', html)


def pager_links(html: str, anchor: str) -> dict[str, str]:
    """The pager's links under the list ``anchor``: label -> address."""
    links = re.findall(rf'<a class="btn [^"]*" href="([^"]+){anchor}">([^<]+)</a>', html)
    return {label: href.replace("&amp;", "&") for href, label in links}


def test_the_list_shows_one_page_newest_first_and_its_pager_leads_to_the_older_ones(client, season, posted):
    posted(25)
    url = list_url(season)
    first = client.get(url).content.decode()
    assert titles(first) == [f"CR {i}" for i in range(24, 14, -1)]
    assert "Page 1 sur 3" in first
    older = pager_links(first, "#comptes-rendus")
    assert older == {"Plus anciens": "?page=2"}
    second = client.get(url + older["Plus anciens"]).content.decode()
    assert titles(second) == [f"CR {i}" for i in range(14, 4, -1)]
    assert "Page 2 sur 3" in second
    links = pager_links(second, "#comptes-rendus")
    assert links == {"Plus récents": "?page=1", "Plus anciens": "?page=3"}
    last = client.get(url + links["Plus anciens"]).content.decode()
    assert titles(last) == [f"CR {i}" for i in range(4, -1, -1)]
    assert pager_links(last, "#comptes-rendus") == {"Plus récents": "?page=2"}


def test_a_page_past_the_last_shows_the_last_and_one_that_is_no_number_the_first(client, season, posted):
    posted(12)
    url = list_url(season)
    assert titles(client.get(url + "?page=99").content.decode()) == ["CR 1", "CR 0"]
    assert titles(client.get(url + "?page=deux").content.decode())[0] == "CR 11"


def test_a_season_without_compte_rendu_says_so_without_a_pager(client, season, manche):
    html = client.get(list_url(season)).content.decode()
    assert "Pas encore de compte-rendu cette saison." in html
    assert "Plus anciens" not in html and "sur 1" not in html


def test_the_deadlines_are_listed_a_page_at_a_time_each_pager_keeping_the_other_page(
    client, season, manche, played, posted, monkeypatch
):
    monkeypatch.setattr(views, "DEADLINES_PAGE_SIZE", 1)
    posted(12)  # by anne, manche 1's vainqueur: its deadline is met
    played(3, paris(2025, 9, 25, 21), winner="bruno")
    played(4, paris(2025, 10, 4, 21), winner="carole")
    url = list_url(season) + "?page=2"
    first = client.get(url)
    assert [deadline for _line, deadline in first.context["open_deadlines"]] == [NEXT]
    html = first.content.decode()
    assert ">Manche 3</a>" in html and ">Manche 4</a>" not in html
    assert "Page 1 sur 2" in html
    later = pager_links(html, "#echeances")
    assert later == {"Suivante": "?page=2&echeances=2"}
    second = client.get(list_url(season) + later["Suivante"]).content.decode()
    assert ">Manche 4</a>" in second and ">Manche 3</a>" not in second
    assert titles(second) == ["CR 1", "CR 0"]  # the comptes-rendus' page kept
    assert pager_links(second, "#comptes-rendus") == {"Plus récents": "?page=1&echeances=2"}


@pytest.mark.parametrize("cold", [True, False], ids=["first view", "next views"])
def test_the_number_of_queries_does_not_grow_with_the_comptes_rendus(client, season, posted, cold):
    def queries_with(n: int) -> int:
        posted(n)
        client.get(list_url(season))  # the season's computation, read from its cache below
        if cold:
            from django.core.cache import cache

            cache.clear()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(list_url(season)).status_code == 200
        return len(queries)

    with_3 = queries_with(3)
    assert queries_with(27) == with_3  # 30 in all


def test_the_next_views_read_no_compte_rendu_row_nor_any_manche(client, season, posted):
    posted(3)
    client.get(list_url(season))
    with CaptureQueriesContext(connection) as queries:
        html = client.get(list_url(season)).content.decode()
    assert titles(html) == ["CR 2", "CR 1", "CR 0"]
    assert "Manche 1 · par Anne" in html
    read = " ".join(q["sql"] for q in queries.captured_queries)
    assert '"league_compterendu"."html"' not in read
    assert 'FROM "league_manche"' not in read


def test_the_next_views_neither_count_nor_sort_the_comptes_rendus(client, season, posted):
    """Their keys, newest first, are kept per revision: every write to a compte-rendu bumps it."""
    posted(3)
    client.get(list_url(season))
    with CaptureQueriesContext(connection) as queries:
        client.get(list_url(season))
    assert not [q["sql"] for q in queries.captured_queries if "league_compterendu" in q["sql"]]


def test_the_deadlines_are_made_once_per_revision_and_the_page_reads_a_new_compte_rendu(
    client, season, manche, players, post, monkeypatch
):
    made = []
    make = selectors._season_deadlines
    monkeypatch.setattr(selectors, "_season_deadlines", lambda s, now: made.append(now) or make(s, now))
    before = client.get(list_url(season))
    client.get(list_url(season))
    assert len(made) == 1
    assert [deadline for _line, deadline in before.context["open_deadlines"]] == [NEXT]
    post(manche, players["anne"], DURING, title="Quelle soirée")
    after = client.get(list_url(season))
    assert len(made) == 2
    assert titles(after.content.decode()) == ["Quelle soirée"]
    assert after.context["open_deadlines"] == []  # the vainqueur posted


def test_a_compte_rendu_page_computes_no_situation_of_its_manche(client, manche, players, post, monkeypatch):
    cr = post(manche, players["anne"], DURING, title="Quelle soirée")
    computed = []
    situations_of = selectors.situations_of
    monkeypatch.setattr(
        selectors, "situations_of", lambda *a, **k: computed.append(a) or situations_of(*a, **k)
    )
    html = client.get(reverse("league:cr_detail", args=[manche.season.name, cr.pk])).content.decode()
    assert "Quelle soirée" in html and "Par Anne" in html
    assert computed == []  # the page shows none of it

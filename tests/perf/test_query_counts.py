"""Every page a season fills costs the same number of SQL queries with 10 players or 200.

Two seasons side by side, generated with the benchmark's generator: 10
players × 6 manches (12 manches, more than one page of any paginated list)
and 200 players × 4 manches (160 manches), each manche a full sheet of 20
donnes. Each page is measured cold (empty
cache: the season is loaded and the engine computes it) and warm, for a
visitor and for a signed-in member; the counts must be equal. A page that
issues one query per manche, player or row fails here by name.
"""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import NoReverseMatch, reverse

from tests.support.seasongen import START, load_season

# page -> (URL name, kwargs from (season, a player of it, a manche number))
PAGES = {
    "standings": ("reports:standings", lambda s, p, n: {"season_name": s.name}),
    "player": ("reports:player", lambda s, p, n: {"username": p}),
    "json api": ("reports:api_standings", lambda s, p, n: {"season_name": s.name}),
    "manche": ("league:manche_detail", lambda s, p, n: {"season_name": s.name, "number": n}),
    "sheet": ("league:sheet", lambda s, p, n: {"season_name": s.name, "number": n}),
    "season": ("league:season_detail", lambda s, p, n: {"season_name": s.name}),
    "results": ("league:results", lambda s, p, n: {"season_name": s.name}),
    "calendar": ("league:calendar", lambda s, p, n: {"season_name": s.name}),
    "comptes-rendus": ("league:cr_list", lambda s, p, n: {"season_name": s.name}),
    "palmarès": ("reports:palmares", lambda s, p, n: {}),
    "cote": ("reports:ratings", lambda s, p, n: {}),
    "ce qu'il me faut": ("reports:projections", lambda s, p, n: {"season_name": s.name}),
}


@pytest.fixture
def seasons(db):
    """Both seasons, built once for the one test below (a few seconds)."""
    small = load_season(name="2030-2031", players=10, manches_per_player=6, seed=7, start=START)
    large = load_season(
        name="2031-2032", players=200, manches_per_player=4, seed=8, start=START, username_prefix="q"
    )
    return {"small": (small, "p001"), "large": (large, "q001")}


def _url(page, season, player):
    name, kwargs = PAGES[page]
    try:
        return reverse(name, kwargs=kwargs(season, player, 1))
    except NoReverseMatch:
        return None  # that page does not exist (yet)


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, f"{url} answered {response.status_code}"
    return len(captured)


def _costs(client, url) -> tuple[int, int]:
    cache.clear()
    cold = _queries(client, url)
    warm = _queries(client, url)
    return cold, warm


def test_queries_per_page_do_not_grow_with_the_season(client, seasons, make_user):
    """One test for every page (the seasons take seconds to build): every difference is listed."""
    from league.models import Donne, Manche

    small, large = seasons["small"][0], seasons["large"][0]
    assert Manche.objects.filter(season=small).count() == 12
    assert Manche.objects.filter(season=large).count() == 160
    assert Donne.objects.filter(manche__season=large).count() >= 3000

    differences, measured = [], []
    reader = make_user("reader")
    for who in ("visitor", "member"):
        if who == "member":
            client.force_login(reader)
        for page in PAGES:
            urls = [_url(page, *seasons[size]) for size in ("small", "large")]
            if None in urls:
                continue
            few, many = (_costs(client, url) for url in urls)
            measured.append(page)
            if few != many:
                differences.append(
                    f"{page} ({who}): (cold, warm) queries {few} with 10 players, {many} with 200"
                )
    assert {"standings", "player", "json api", "manche", "ce qu'il me faut"} <= set(measured)
    assert not differences, "\n".join(differences)

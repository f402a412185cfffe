"""The standings page, the player page, the JSON API and an explanation cost the same queries on a small and a larger season.

Each page is measured cold (empty cache: the season is loaded and computed)
and warm (served from the cache under the season's revision).
"""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

MAX_COLD = 25
MAX_WARM = 8
#: The player page's rating and streaks read every season: cold, each of the two
#: seasons here is loaded once (a fixed number of queries per season, whatever its size).
MAX_COLD_EVERY_SEASON = 2 * MAX_COLD


def count(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def costs(client, url):
    cache.clear()
    cold = count(client, url)
    warm = count(client, url)
    return cold, warm


PAGES = {
    "standings": lambda season, player: reverse("reports:standings", args=[season.name]),
    "player": lambda season, player: reverse("reports:player", args=[player]),
    "api": lambda season, player: reverse("reports:api_standings", args=[season.name]),
    "csv": lambda season, player: reverse("reports:standings_csv", args=[season.name]),
    "xlsx": lambda season, player: reverse("reports:standings_xlsx", args=[season.name]),
}


@pytest.mark.parametrize("page", PAGES)
def test_same_queries_whatever_the_season_size(client, small_season, larger_season, page):
    small = costs(client, PAGES[page](small_season, "p001"))
    large = costs(client, PAGES[page](larger_season, "q001"))
    assert small == large
    assert small[1] <= small[0]


@pytest.mark.parametrize("page", PAGES)
def test_signed_in_pages_stay_constant_too(client, small_season, larger_season, page, make_user):
    client.force_login(make_user("reader"))
    assert costs(client, PAGES[page](small_season, "p001")) == costs(
        client, PAGES[page](larger_season, "q001")
    )


def test_standings_page_query_budget(client, small_season, larger_season, django_assert_max_num_queries):
    for season in (small_season, larger_season):
        url = reverse("reports:standings", args=[season.name])
        cache.clear()
        with django_assert_max_num_queries(MAX_COLD):
            response = client.get(url)
        assert response.status_code == 200
        with django_assert_max_num_queries(MAX_WARM):
            response = client.get(url)
        assert response.status_code == 200


def test_player_page_query_budget(client, small_season, larger_season, django_assert_max_num_queries):
    for player in ("p001", "q001"):
        url = reverse("reports:player", args=[player])
        cache.clear()
        with django_assert_max_num_queries(MAX_COLD_EVERY_SEASON):
            response = client.get(url)
        assert response.status_code == 200
        with django_assert_max_num_queries(MAX_WARM):
            response = client.get(url)
        assert response.status_code == 200


def test_api_query_budget(client, small_season, larger_season, django_assert_max_num_queries):
    for season in (small_season, larger_season):
        url = reverse("reports:api_standings", args=[season.name])
        cache.clear()
        with django_assert_max_num_queries(MAX_COLD):
            response = client.get(url)
        assert response.status_code == 200
        with django_assert_max_num_queries(3):
            response = client.get(url)
        assert response.status_code == 200


def test_warm_standings_page_does_not_recompute(client, small_season, monkeypatch):
    url = reverse("reports:standings", args=[small_season.name])
    client.get(url)
    from league.selectors import engine as selectors

    def fail(*args, **kwargs):
        raise AssertionError("recomputed")

    monkeypatch.setattr(selectors, "season_readings", fail)
    assert client.get(url).status_code == 200


def test_one_engine_reading_serves_every_report_page(client, small_season, monkeypatch):
    """The engine's result of a big season is slow to read back: every report is made from one reading."""
    client.get(reverse("reports:api_standings", args=[small_season.name]))
    from league.selectors import engine as selectors

    def fail(*args, **kwargs):
        raise AssertionError("read the engine's result again")

    monkeypatch.setattr(selectors, "season_readings", fail)
    for url in (
        reverse("reports:standings", args=[small_season.name]),
        reverse("reports:player", args=["p001"]),
        reverse("reports:player", args=["p007"]),
        reverse("reports:palmares"),
        reverse("reports:palmares_print", args=[small_season.name]),
        reverse("reports:standings_csv", args=[small_season.name]),
        reverse("reports:standings_xlsx", args=[small_season.name]),
        reverse("home"),
    ):
        assert client.get(url).status_code == 200, url


def test_explanation_costs_the_same_queries_on_a_larger_season(client, small_season, larger_season):
    small = costs(client, reverse("reports:standings_explanation", args=[small_season.name, "p001"]))
    large = costs(client, reverse("reports:standings_explanation", args=[larger_season.name, "q001"]))
    assert small == large

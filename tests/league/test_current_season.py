"""One definition of the current season, for every page that points at it.

The season being played is current; with none open, the last one closed;
a season in preparation is never current (readers do not see it yet), so
/saisons/courante/, the calendar, the comptes-rendus, saison-courante.ics
and the standings all name the same season.
"""

import pytest
from django.urls import reverse

from league.models import Season
from league.selectors.seasons import current_season
from tests.support.seasons import make_season

pytestmark = pytest.mark.django_db


def make(name: str, state: str) -> Season:
    return make_season(name, family="tarot-biere", state=state)


def test_no_season_no_current_season():
    assert current_season() is None


def test_a_season_only_in_preparation_is_not_current():
    make("2024-2025", Season.State.PREPARATION)
    assert current_season() is None


def test_the_open_season_is_current_even_with_a_newer_one_in_preparation():
    make("2023-2024", Season.State.CLOSED)
    open_season = make("2024-2025", Season.State.OPEN)
    make("2025-2026", Season.State.PREPARATION)
    assert current_season() == open_season


def test_last_season_closed_and_next_in_preparation_the_closed_one_is_current():
    make("2022-2023", Season.State.CLOSED)
    closed = make("2023-2024", Season.State.CLOSED)
    make("2024-2025", Season.State.PREPARATION)
    assert current_season() == closed


def test_two_open_seasons_the_newest_is_current():
    make("2023-2024", Season.State.OPEN)
    newest = make("2024-2025", Season.State.OPEN)
    assert current_season() == newest


def test_every_current_page_points_at_the_same_season(client):
    """Last season closed, next in preparation: the season page, the calendar
    and the standings all redirect to the closed one."""
    closed = make("2023-2024", Season.State.CLOSED)
    make("2024-2025", Season.State.PREPARATION)
    season_page = client.get(reverse("league:season_current"))
    calendar = client.get(reverse("league:calendar_current"))
    standings = client.get(reverse("reports:standings_current"))
    assert season_page.status_code == calendar.status_code == standings.status_code == 302
    assert season_page.url == reverse("league:season_detail", args=[closed.name])
    assert calendar.url == reverse("league:calendar", args=[closed.name])
    assert standings.url == reverse("reports:standings", args=[closed.name])

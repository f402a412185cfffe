"""The season and manche forms bound every number and date by what a club can mean, with a message.

Bounds (``league.forms.seasons``): place points within ±1,000, a garde
contre multiplier up to 100, a participation threshold up to 1,000 manches,
a last compte-rendu deadline up to 366 days, a manche between 1900 and 2199
at a time that exists in Paris (not 02:30 on the spring-forward night).
"""

import pytest

from league.forms.seasons import MancheForm, SeasonForm

pytestmark = pytest.mark.django_db

SEASON = {"name": "2025-2026", "family": "tarot-biere"}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("place_points", "1e308, 2, 1, 0, -1"),
        ("place_points", "inf, 2, 1, 0, -1"),
        ("place_points", "NaN, 2, 1, 0, -1"),
        ("place_points", "1001, 2, 1, 0, -1"),
        ("garde_contre_multiplier", "1" + "0" * 30),
        ("min_manches", "1" + "0" * 30),
        ("last_manche_deadline_days", str(10**9)),
    ],
)
def test_season_numbers_beyond_what_a_club_means_are_refused(field, value):
    form = SeasonForm(data={**SEASON, field: value})
    assert not form.is_valid()
    assert form.errors[field]


def test_ordinary_place_points_are_read_exactly():
    form = SeasonForm(data={**SEASON, "place_points": "3; 2; 1,5; 0; -1"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["place_points"] == [3, 2, 1.5, 0, -1]


@pytest.mark.parametrize("day", ["0001-01-01", "9999-12-31"])
def test_a_manche_in_year_1_or_9999_is_refused(day):
    form = MancheForm(data={"day": day, "at": "21:00"})
    assert not form.is_valid()
    assert "1900" in form.errors["day"][0]


def test_a_time_that_does_not_exist_on_the_spring_night_is_refused():
    """On 29 March 2026 Paris clocks jump from 02:00 to 03:00: 02:30 never happens."""
    form = MancheForm(data={"day": "2026-03-29", "at": "02:30"})
    assert not form.is_valid()
    assert "n'existe pas" in form.errors["at"][0]
    assert MancheForm(data={"day": "2026-03-29", "at": "21:00"}).is_valid()

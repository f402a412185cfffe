"""The shifted clock (tests/shifted_clock.py) reaches every test, and tests' own travels nest inside it."""

import datetime as dt

import pytest
import time_machine
from django.utils import timezone

from tests.shifted_clock import clock_instant


@pytest.fixture
def shifted_start(request):
    value = request.config.getoption("clock", default=None)
    if not value:
        pytest.skip("the run is at the real time (no --clock)")
    return clock_instant(value)


def test_every_test_reads_the_clock_from_the_given_moment_on(shifted_start):
    """Under --clock (in each pytest-xdist worker too) time flows on from that instant; no run lasts a day."""
    assert shifted_start <= timezone.now() < shifted_start + dt.timedelta(days=1)


def test_a_tests_own_travel_nests_inside_the_shifted_clock(shifted_start):
    """A test travelling elsewhere gets that moment, then the shifted clock back."""
    elsewhere = dt.datetime(2031, 5, 6, 12, 0, tzinfo=dt.UTC)
    with time_machine.travel(elsewhere, tick=False):
        assert timezone.now() == elsewhere
    assert shifted_start <= timezone.now() < shifted_start + dt.timedelta(days=1)


@pytest.mark.parametrize("value", ["2027-03-28T01:59:30", "le 28 mars"])
def test_the_clock_must_name_an_instant(value):
    """A local time without its UTC offset is ambiguous (twice a year in Paris): refused, like a non-date."""
    with pytest.raises(pytest.UsageError, match="--clock"):
        clock_instant(value)

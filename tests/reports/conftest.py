"""Seasons for the reports' tests, generated with the benchmark's sheet generator.

``small_season``: 10 players × 4 manches (8 manches of 20 donnes);
``larger_season``: 40 players × 10 manches (80 manches): the same pages
must cost the same number of queries on both.
"""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.support.seasongen import load_season

PARIS = ZoneInfo("Europe/Paris")
START = datetime(2030, 9, 1, 21, 0, tzinfo=PARIS)


@pytest.fixture
def small_season(db):
    return load_season(name="2030-2031", players=10, manches_per_player=4, seed=3, start=START)


@pytest.fixture
def larger_season(db):
    return load_season(
        name="2031-2032", players=40, manches_per_player=10, seed=4, start=START, username_prefix="q"
    )


@pytest.fixture
def closed_season(db):
    return load_season(name="2029-2030", players=10, manches_per_player=4, seed=5, closed=True, start=START)

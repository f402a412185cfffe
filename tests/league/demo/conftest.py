"""The demo club loaded once per test at a fixed ``now`` (mid-season), and its two seasons exported."""

import json
from datetime import datetime

import pytest

from tests.support.seasons import PARIS

NOW = datetime(2024, 1, 20, 12, 0, tzinfo=PARIS)


@pytest.fixture
def now():
    return NOW


@pytest.fixture
def demo_club(db, now):
    from league import demo

    return demo.load_demo(seed=demo.DEMO_SEED, now=now)


@pytest.fixture
def exported(demo_club, now):
    """``{season name: exported document}`` for the demo's two seasons."""
    from league.models import Season
    from league.services.transfer import dump, export_season

    return {s.name: json.loads(dump(export_season(season=s, now=now))) for s in Season.objects.all()}

"""A season in progress, an open manche ten days ahead, and enough members to fill and overfill it.

Every test using these fixtures runs at ``IN_SEASON`` (tests/conftest.py),
a Wednesday morning of the 2025-2026 season, time flowing on from there.

Who is who: ``president`` (ben) presides the season; ``player`` (anne) is an
ordinary member; ``capitaine`` (bruno) is the capitaine de soirée of the open
manche; ``members`` are six more ordinary members (claire, david, emile,
fanny, gilles, hugo). Test modules import these with
``from tests.support.seasons import *``.
"""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

__all__ = [
    "PARIS",
    "members",
    "open_manche",
    "register",
    "season",
    "season_clock",
    "thursday_21h",
]

PARIS = ZoneInfo("Europe/Paris")


@pytest.fixture(autouse=True)
def season_clock(in_season_clock):
    """The whole test inside the 2025-2026 season the ``season`` fixture names."""
    return in_season_clock


def thursday_21h(days_ahead: int = 10) -> datetime:
    """A Thursday at 21:00 Paris time at least ``days_ahead`` days from now."""
    day = timezone.localdate() + timedelta(days=days_ahead)
    day += timedelta(days=(3 - day.weekday()) % 7)
    return datetime.combine(day, datetime.min.time().replace(hour=21), tzinfo=PARIS)


@pytest.fixture
def members(make_user):
    names = ["claire", "david", "emile", "fanny", "gilles", "hugo"]
    return [make_user(name) for name in names]


@pytest.fixture
def season(president):
    from league.models import Season

    return Season.objects.create(
        name="2025-2026", president=president, state=Season.State.OPEN, default_location="Chez Ben"
    )


@pytest.fixture
def open_manche(season, capitaine):
    from league.models import Manche

    return Manche.objects.create(
        season=season,
        number=1,
        starts_at=thursday_21h(),
        location="Chez Ben",
        capitaine=capitaine,
        status=Manche.Status.OPEN,
    )


def register(manche, *players, now=None):
    """Sign players up in order, each a minute after the previous one."""
    from league.services.registrations import registration_add

    now = now or timezone.now()
    regs = []
    for i, player in enumerate(players):
        regs.append(registration_add(by=player, manche=manche, player=player, now=now + timedelta(minutes=i)))
    return regs

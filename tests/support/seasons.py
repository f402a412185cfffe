"""Seasons and manches in the database: the one builder of each, and the helpers that fill them.

``make_season`` and ``make_manche`` are the only places tests and the
benchmarks create a ``Season`` or a ``Manche`` row (``seasongen`` writes a
generated season's manches in bulk); the fixtures of tests/conftest.py
(``season``, ``open_manche``, ``manche``) are built with them. Everything a test does not say takes the
club's ordinary value: an open season of the Tarot-Bière rules, a manche
open for registrations, at the season's usual place, on ``NIGHT``.
"""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.utils import timezone

PARIS = ZoneInfo("Europe/Paris")
#: A Thursday night of the 2025-2026 season, before ``IN_SEASON`` (tests/conftest.py).
NIGHT = datetime(2025, 9, 18, 21, 0, tzinfo=PARIS)


def paris(*args) -> datetime:
    """A Paris wall-clock time (``paris(2026, 3, 19, 21)``), the way the club reads them."""
    return datetime(*args, tzinfo=PARIS)


def thursday_21h(days_ahead: int = 10) -> datetime:
    """A Thursday at 21:00 Paris time at least ``days_ahead`` days from now."""
    day = timezone.localdate() + timedelta(days=days_ahead)
    day += timedelta(days=(3 - day.weekday()) % 7)
    return datetime.combine(day, datetime.min.time().replace(hour=21), tzinfo=PARIS)


def make_season(name: str = "2025-2026", *, president=None, state: str = "open", **fields):
    """A ``Season`` row: open unless ``state`` says otherwise; ``fields`` are the model's."""
    from league.models import Season

    return Season.objects.create(name=name, president=president, state=state, **fields)


def make_manche(season, number: int = 1, *, starts_at: datetime = NIGHT, status: str = "open", **fields):
    """A ``Manche`` row of ``season``: open unless ``status`` says otherwise, at the season's
    usual place unless ``location`` is given; ``fields`` are the model's (``capitaine``…)."""
    from league.models import Manche

    fields.setdefault("location", season.default_location)
    return Manche.objects.create(season=season, number=number, starts_at=starts_at, status=status, **fields)


def seat(manche, players, *, absent=None):
    """The table of ``manche`` as drawn: ``players`` in playing order (and who sits out at six)."""
    from league.models import Seat

    for position, player in enumerate(players, start=1):
        Seat.objects.create(manche=manche, player=player, position=position)
    if absent is not None:
        manche.absent = absent
        manche.save()
    return manche


def register(manche, *players, now=None):
    """Sign players up in order, each a minute after the previous one: from ``now``, by
    default two days before the manche (a member's own sign-up changes until its day is over)."""
    from league.services.registrations import registration_add

    now = now or manche.starts_at - timedelta(days=2)
    regs = []
    for i, player in enumerate(players):
        regs.append(registration_add(by=player, manche=manche, player=player, now=now + timedelta(minutes=i)))
    return regs

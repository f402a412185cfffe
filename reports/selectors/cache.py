"""Caching the reports' readings under a season's ``revision``.

A reading stays valid until the next write to the season (every write bumps
its revision, so the key changes) and, like the engine's own cache, only
until the next compte-rendu deadline the computation did not count yet.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.core.cache import cache

from league import rules
from league.models import Season
from league.selectors import engine as league_selectors

CACHE_PREFIX = "reports"


def valid_until(result: rules.SeasonResult, now: datetime) -> datetime:
    """Until when a reading of ``result`` stays right: the next compte-rendu
    deadline still ahead (a late malus may fall then), at most
    ``RESULT_MAX_AGE`` from now, as the engine's own cache does."""
    upcoming = [d for o in result.manches.values() for d in (o.deadlines or ()) if d > now]
    return min([now + league_selectors.RESULT_MAX_AGE, *upcoming])


def cached(key: str, now: datetime) -> Any:
    """What :func:`store` kept under ``key``, if ``now`` is in its window (else None)."""
    hit = cache.get(key)
    if hit is not None:
        computed_at, until, value = hit
        if computed_at <= now < until:
            return value
    return None


def store(key: str, now: datetime, until: datetime, value: Any) -> None:
    cache.set(key, (now, until, value), timeout=max(1, int((until - now).total_seconds()) + 1))


def memo(key: str, now: datetime, compute: Callable[[], tuple[Any, datetime]]) -> Any:
    """``compute() -> (value, valid_until)`` cached under ``key`` while ``now`` is in its window."""
    value = cached(key, now)
    if value is None:
        value, until = compute()
        store(key, now, until, value)
    return value


def season_key(season: Season, *parts: object) -> str:
    """A cache key that changes with every write to the season (its revision)."""
    return ":".join(str(p) for p in (CACHE_PREFIX, *parts, season.pk, season.revision))

"""The one cache of everything computed from a season, keyed by its revision.

Every write that changes a season's results bumps ``Season.revision``
(``league.services.revision.invalidate``). A reading computed from the season is
stored under the season and the reading's name with the revision it was
computed at, so:

- a reading is right while the revision is unchanged and ``now`` is before
  the next compte-rendu deadline the computation did not count (a late malus
  may fall then); nothing else makes it expire;
- after a change, one process recomputes a reading (it holds a short lock
  in the cache) while every other serves the previous revision's reading instead of
  waiting or recomputing too (stale-while-revalidate); a process that has no
  previous reading waits for the one being computed;
- when the cache itself fails (Redis down), the reading is computed and
  served all the same: the cache only ever saves time.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.core.cache import cache

logger = logging.getLogger(__name__)

#: How long a recomputation may hold the lock before another process may take over.
LOCK_TIMEOUT = timedelta(minutes=2)
#: How often a process with nothing to serve looks for the reading being computed.
POLL_INTERVAL = 0.05
#: Readings are overwritten by the next revision; this only lets those of a
#: deleted season or manche leave the cache some day.
STORE_TIMEOUT = int(timedelta(days=30).total_seconds())

Compute = Callable[[], tuple[dict[str, Any], datetime | None]]


@dataclass(frozen=True)
class Entry:
    """A stored reading: the revision and instant it was computed at, and
    until when it stays right (None: until the revision changes)."""

    revision: int
    computed_at: datetime
    valid_until: datetime | None
    value: Any

    def is_fresh(self, revision: int, now: datetime) -> bool:
        return (
            self.revision == revision
            and self.computed_at <= now
            and (self.valid_until is None or now < self.valid_until)
        )


def key(season_pk: int, name: str) -> str:
    return f"season:{season_pk}:{name}"


def _lock_key(season_pk: int, name: str, revision: int) -> str:
    """One lock per reading (not per season): a computation that reads another
    reading (the reports' digest reads the engine's result) takes its own."""
    return f"season:{season_pk}:computing:{name}:{revision}"


def _get_many(keys: list[str]) -> dict[str, Any]:
    try:
        return cache.get_many(keys)
    except Exception:  # the cache is an optimisation: a failing one is a miss
        logger.warning("cache unavailable: reading %s", keys[:1], exc_info=True)
        return {}


def read_many(season_pk: int, revision: int, names: Iterable[str], *, now: datetime) -> dict[str, Any]:
    """The fresh readings among ``names`` (those missing or stale are left out)."""
    names = list(names)
    found = _get_many([key(season_pk, n) for n in names])
    out = {}
    for name in names:
        entry = found.get(key(season_pk, name))
        if isinstance(entry, Entry) and entry.is_fresh(revision, now):
            out[name] = entry.value
    return out


def store(
    season_pk: int, revision: int, readings: dict[str, Any], *, now: datetime, valid_until: datetime | None
) -> None:
    """Keep ``readings`` (name -> value) computed at ``revision`` as of ``now``."""
    entries = {key(season_pk, n): Entry(revision, now, valid_until, v) for n, v in readings.items()}
    try:
        cache.set_many(entries, timeout=STORE_TIMEOUT)
    except Exception:
        logger.warning("cache unavailable: readings of season %s not kept", season_pk, exc_info=True)


def _acquire(lock: str) -> str | None:
    """A token when this process may recompute (also when the cache fails), else None."""
    token = secrets.token_hex(8)
    try:
        return token if cache.add(lock, token, timeout=int(LOCK_TIMEOUT.total_seconds())) else None
    except Exception:
        logger.warning("cache unavailable: computing without the lock", exc_info=True)
        return token


def _release(lock: str, token: str) -> None:
    try:
        if cache.get(lock) == token:
            cache.delete(lock)
    except Exception:
        logger.warning("cache unavailable: lock %s left to expire", lock, exc_info=True)


def reading(season_pk: int, revision: int, name: str, *, now: datetime, compute: Compute) -> Any:
    """The reading ``name`` of the season at ``revision`` as of ``now``.

    ``compute() -> (readings, valid_until)`` makes it with its sibling
    readings (one computation of the season feeds them all); they are stored
    together. None when ``compute`` makes no such reading.
    """
    lock = _lock_key(season_pk, name, revision)
    previous = None
    deadline = time.monotonic() + LOCK_TIMEOUT.total_seconds()
    while True:
        entry = _get_many([key(season_pk, name)]).get(key(season_pk, name))
        if isinstance(entry, Entry):
            if entry.is_fresh(revision, now):
                return entry.value
            previous = entry
        token = _acquire(lock)
        if token is not None:
            break
        if previous is not None:
            return previous.value  # another process is computing the new one
        if time.monotonic() > deadline:
            token = None
            break
        time.sleep(POLL_INTERVAL)
    try:
        if token is not None:  # it may have been stored while we took the lock
            again = read_many(season_pk, revision, [name], now=now)
            if name in again:
                return again[name]
        started = time.perf_counter()
        readings, valid_until = compute()
        store(season_pk, revision, readings, now=now, valid_until=valid_until)
        logger.info(
            "season %s revision %s: %s recomputed in %.3f s",
            season_pk,
            revision,
            name,
            time.perf_counter() - started,
        )
        return readings.get(name)
    finally:
        if token is not None:
            _release(lock, token)

"""The one cache of everything computed from a season, keyed by its revision.

Every write that changes a season's results bumps ``Season.revision``
(``league.services.revision.invalidate``). A reading computed from the season is
stored under the season and the reading's name with the revision it was
computed at, so:

- a reading is right while the revision is unchanged and ``now`` is before
  the next compte-rendu deadline the computation did not count (a late malus
  may fall then); nothing else makes it expire;
- after a change nobody waits: the change announces the recomputation before
  it commits (:func:`announce`) and schedules it once it has
  (:func:`schedule`: the ``league.recompute_season`` task, or, with a cache
  private to this process, right there), and until it is stored every reader
  gets the previous revision's reading, and knows it
  (:func:`watching`: the pages say "Mise à jour en cours…"); a reading found
  stale with nothing scheduled (a deadline passed) schedules it the same way;
- only a season with no reading at all is computed inline, by one process
  under a short lock while the others wait for it;
- a reading computed from a previous revision's reading is served but not
  stored (it would outlive the recomputation as if it were fresh);
- when the cache itself fails (Redis down), the reading is computed and
  served all the same: the cache only ever saves time.
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
import secrets
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache

from league.rules import cycle_collector_paused

logger = logging.getLogger(__name__)

#: How long a recomputation may hold the lock before another process may take over.
LOCK_TIMEOUT = timedelta(minutes=2)
#: How long a scheduled recomputation keeps readers from scheduling it again, or from
#: making a page of their own from the previous readings meanwhile: longer than a
#: recomputation may wait behind others on a busy worker (when it expired after two
#: minutes, one reader spent up to 0.8 s rendering a page nobody kept); a lost one is
#: scheduled again after it.
SCHEDULE_TIMEOUT = timedelta(minutes=15)
#: How long after a change is announced its readers leave the scheduling to the change's
#: own commit hook (milliseconds away): a reader who scheduled it in that moment paid the
#: broker's first connection in its process (12 ms alone, 40 ms on a busy machine: the
#: stampede benchmark's slowest answers as the change committed). Past it, the hook is
#: taken as lost and the next reader schedules the recomputation.
ANNOUNCE_GRACE = timedelta(seconds=10)
#: How often a process with nothing to serve looks for the reading being computed.
POLL_INTERVAL = 0.05
#: Readings are overwritten by the next revision; this only lets those of a
#: deleted season or manche leave the cache some day.
STORE_TIMEOUT = int(timedelta(days=30).total_seconds())

Compute = Callable[[], tuple[dict[str, Any], datetime | None]]
#: What recomputes a season's readings after a change (``league.recompute_season``
#: runs them in order): ``refresh(season_pk, now)``, registered by each app at start-up.
_refreshers: list[Callable[[int, datetime], None]] = []
#: How a recomputation is dispatched: set by the league app (its Celery task).
_dispatcher: list[Callable[[int, int], None]] = []


@dataclass
class Watch:
    """Whether a reading served while watching was a previous revision's (being updated)."""

    previous: bool = False
    seasons: set = field(default_factory=set)


_watch: contextvars.ContextVar[Watch | None] = contextvars.ContextVar("revision_cache_watch", default=None)
_serves_pages: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "revision_cache_serves_pages", default=True
)


@contextlib.contextmanager
def watching() -> Iterator[Watch]:
    """Note whether anything read inside served a previous revision's reading
    (``watch.previous``): a page shows it is being updated, a computation is not stored."""
    watch = Watch()
    token = _watch.set(watch)
    try:
        yield watch
    finally:
        _watch.reset(token)
        outer = _watch.get()
        if outer is not None and watch.previous:
            outer.previous = True
            outer.seasons |= watch.seasons


def _served_previous(season_pk: int) -> None:
    watch = _watch.get()
    if watch is not None:
        watch.previous = True
        watch.seasons.add(season_pk)


def register_refresh(refresh: Callable[[int, datetime], None]) -> None:
    """``refresh(season_pk, now)`` makes the season's readings again after a change (once per app)."""
    if refresh not in _refreshers:
        _refreshers.append(refresh)


def register_dispatcher(dispatch: Callable[[int, int], None]) -> None:
    """``dispatch(season_pk, revision)`` runs :func:`recompute` elsewhere (a worker); set once by the league app."""
    _dispatcher[:] = [dispatch]


def recompute(season_pk: int, revision: int, *, now: datetime) -> None:
    """Every registered reading of the season made again at its current revision
    (what the ``league.recompute_season`` task runs, scheduled at ``revision``)."""
    try:
        for refresh in _refreshers:
            refresh(season_pk, now)
    finally:
        try:
            cache.delete_many([_queued_key(season_pk, revision), _announced_key(season_pk, revision)])
        except Exception:
            logger.warning("cache unavailable: schedule mark of season %s left to expire", season_pk)


def shared() -> bool:
    """Whether other processes read this cache (Redis): else a worker filling it helps no reader."""
    return not isinstance(caches["default"], LocMemCache)


def _queued_key(season_pk: int, revision: int) -> str:
    return f"season:{season_pk}:queued:{revision}"


@contextlib.contextmanager
def serving_no_pages() -> Iterator[None]:
    """Inside, this process serves no page (a management command): with a cache
    private to the process, a change is not recomputed here, since what it stored
    would die unread with the process (the site's own processes compute the season
    at their next reading). A shared cache's worker is asked as always."""
    token = _serves_pages.set(False)
    try:
        yield
    finally:
        _serves_pages.reset(token)


def _read_by_nobody() -> bool:
    """Whether what this process would recompute dies unread: it serves no page
    (:func:`serving_no_pages`) and its cache is its own."""
    return not _serves_pages.get() and not shared()


def schedule(season_pk: int, revision: int, *, now: datetime) -> None:
    """Have the season recomputed at ``revision``, once: by a worker when the
    cache is shared, else here and now (this process's cache is the only one it
    fills), unless nobody would read it (:func:`_read_by_nobody`)."""
    if _read_by_nobody():
        return
    try:
        if not cache.add(_queued_key(season_pk, revision), 1, timeout=int(SCHEDULE_TIMEOUT.total_seconds())):
            return  # already scheduled
    except Exception:
        logger.warning("cache unavailable: recomputing season %s here", season_pk, exc_info=True)
    if _dispatcher and shared():
        try:
            _dispatcher[0](season_pk, revision)
            return
        except Exception:  # a broker that cannot be reached: compute here rather than never
            logger.warning("could not queue the recomputation of season %s", season_pk, exc_info=True)
    recompute(season_pk, revision, now=now)


def _announced_key(season_pk: int, revision: int) -> str:
    return f"season:{season_pk}:announced:{revision}"


def announce(season_pk: int, revision: int) -> None:
    """Say, before the change that makes ``revision`` commits, that the season will be
    recomputed at it (:func:`schedule` runs once it has committed).

    A reader who comes between the commit and the scheduling then serves the
    previous readings, as every later reader does, instead of rendering a page
    of its own from them that nobody keeps (the stampede benchmark's worst
    reader). A change rolled back leaves the mark of a revision never used
    (revisions grow by random steps); it expires with the schedule's. The
    mark holds when it was made (the machine's clock): see :data:`ANNOUNCE_GRACE`.
    """
    if _read_by_nobody():
        return
    try:
        cache.set(
            _announced_key(season_pk, revision), time.time(), timeout=int(SCHEDULE_TIMEOUT.total_seconds())
        )
    except Exception:
        logger.warning("cache unavailable: recomputation of season %s not announced", season_pk)


def _scheduled(season_pk: int, revision: int, *, now: datetime) -> bool:
    """Whether the season's recomputation at ``revision`` is on its way and not done yet.

    Announced but not scheduled, it is on its way while the change's commit
    hook may still queue it for a worker (:data:`ANNOUNCE_GRACE`); after that
    the hook never ran (the process died with it), and it is scheduled here
    (:func:`schedule`), as for a stale reading. With a cache private to this
    process it is scheduled at once, which recomputes it right here, and it is
    then done.
    """
    queued, announced = _queued_key(season_pk, revision), _announced_key(season_pk, revision)
    marks = _get_many([queued, announced])
    if announced in marks and queued not in marks and _refreshers:
        if shared() and time.time() - marks[announced] < ANNOUNCE_GRACE.total_seconds():
            return True  # the writer's hook queues it for a worker
        schedule(season_pk, revision, now=now)
        marks = _get_many([queued])
    return bool(marks)


@dataclass(frozen=True)
class Entry:
    """A stored reading: the revision and instant it was computed at, and
    until when it stays right (None: until the revision changes)."""

    revision: int
    computed_at: datetime
    valid_until: datetime | None
    value: Any
    #: Whether nobody changes the reading once made (a season's computation: frozen
    #: dataclasses, tuples, the dicts inside them): the embedded cache then keeps it
    #: as the object itself instead of a pickled copy (``config.local_cache``; the
    #: tests check nothing changes it). Rows of the database are kept as copies.
    cache_as_is: bool = False

    def is_fresh(self, revision: int, now: datetime) -> bool:
        return (
            self.revision == revision
            and self.computed_at <= now
            and (self.valid_until is None or now < self.valid_until)
        )


def key(season_pk: int, name: str) -> str:
    """A reading's key: new code (``settings.CODE_VERSION``) never reads the previous code's readings."""
    return f"season:{settings.CODE_VERSION}:{season_pk}:{name}"


def _lock_key(season_pk: int, name: str, revision: int) -> str:
    """One lock per reading (not per season): a computation that reads another
    reading (the standings page's rendering reads the standings) takes its own."""
    return f"season:{settings.CODE_VERSION}:{season_pk}:computing:{name}:{revision}"


def _get_many(keys: list[str]) -> dict[str, Any]:
    try:
        return cache.get_many(keys)
    except Exception:  # the cache is an optimisation: a failing one is a miss
        logger.warning("cache unavailable: reading %s", keys[:1], exc_info=True)
        return {}


def _entry(season_pk: int, name: str, made_with: str | None, revision: int, now: datetime) -> Entry | None:
    """The stored entry of ``name``; unless it is fresh, when the last computation's
    list of names (``made_with``) is stored without ``name``, an entry saying that
    computation made no ``name`` (see :func:`reading`)."""
    entry = _get_many([key(season_pk, name)]).get(key(season_pk, name))
    entry = entry if isinstance(entry, Entry) else None
    if made_with is None or (entry is not None and entry.is_fresh(revision, now)):
        return entry
    made = _get_many([key(season_pk, made_with)]).get(key(season_pk, made_with))
    if not isinstance(made, Entry) or name in made.value:  # made, then evicted: computed again
        return entry
    return replace(made, value=None)


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
    season_pk: int,
    revision: int,
    readings: dict[str, Any],
    *,
    now: datetime,
    valid_until: datetime | None,
    read_only: bool = False,
) -> None:
    """Keep ``readings`` (name -> value) computed at ``revision`` as of ``now``
    (``read_only``: see :attr:`Entry.cache_as_is`)."""
    entries = {
        key(season_pk, n): Entry(revision, now, valid_until, v, read_only) for n, v in readings.items()
    }
    try:
        cache.set_many(entries, timeout=STORE_TIMEOUT)
    except Exception:
        logger.warning("cache unavailable: readings of season %s not kept", season_pk, exc_info=True)


def kept(season_pk: int, revision: int, name: str, *, now: datetime, read: Callable[[], Any]) -> Any:
    """``read()``, kept under ``name`` at ``revision``: rows a page reads only when a mark
    derived from them (part of ``name``) changed, so that a new mark is a new name."""
    found = read_many(season_pk, revision, [name], now=now)
    if name in found:
        return found[name]
    value = read()
    store(season_pk, revision, {name: value}, now=now, valid_until=None)
    return value


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


def _compute_and_store(
    season_pk: int, revision: int, name: str, now: datetime, compute: Compute, read_only: bool
) -> Any:
    started = time.perf_counter()
    # A season's readings are many objects and no cycles: the collector would only scan
    # them again and again, while they are made and while they are pickled (that doubled
    # the pickling of a big season's readings).
    with watching() as watch, cycle_collector_paused():
        readings, valid_until = compute()
        if watch.previous:  # made from a previous revision's reading: right for now, not to keep
            return readings.get(name)
        computed = time.perf_counter()
        store(season_pk, revision, readings, now=now, valid_until=valid_until, read_only=read_only)
    stored = time.perf_counter()
    logger.info(
        "season %s revision %s: %s recomputed in %.3f s, %.3f s of it storing",
        season_pk,
        revision,
        name,
        stored - started,
        stored - computed,
    )
    return readings.get(name)


def reading(
    season_pk: int,
    revision: int,
    name: str,
    *,
    now: datetime,
    compute: Compute,
    scheduled: bool = False,
    read_only: bool = False,
    made_with: str | None = None,
) -> Any:
    """The reading ``name`` of the season at ``revision`` as of ``now``.

    ``compute() -> (readings, valid_until)`` makes it with its sibling
    readings (one computation of the season feeds them all); they are stored
    together. None when ``compute`` makes no such reading.

    ``made_with``: the name of a reading ``compute`` always makes, the names of
    all it made. Without ``name`` among them, it says ``compute`` makes no
    ``name`` (None, as fresh or stale as that list): a page that asks for what
    is made only for some names (a player's goals, for a member who plays no
    manche of the season) does not compute the whole season again at every
    view. A name in the list but not in the cache (evicted) is computed again.

    ``scheduled``: the reading is one :func:`recompute` makes, so a stale one
    is served while the recomputation is scheduled (never computed here).
    Otherwise a stale one is recomputed here by one process under the lock
    while the others serve it.

    ``read_only``: nobody changes what ``compute`` makes (see :attr:`Entry.cache_as_is`).
    """
    lock = _lock_key(season_pk, name, revision)
    previous = None
    deadline = time.monotonic() + LOCK_TIMEOUT.total_seconds()
    while True:
        entry = _entry(season_pk, name, made_with, revision, now)
        if entry is not None:
            if entry.is_fresh(revision, now):
                return entry.value
            previous = entry
            if scheduled and _refreshers:
                schedule(season_pk, revision, now=now)
                again = _entry(
                    season_pk, name, made_with, revision, now
                )  # done here (a cache of this process)
                if again is not None and again.is_fresh(revision, now):
                    return again.value
                _served_previous(season_pk)
                return previous.value
        if previous is not None and _scheduled(season_pk, revision, now=now):
            _served_previous(season_pk)  # made from readings being recomputed: the page waits for them
            return previous.value
        token = _acquire(lock)
        if token is not None:
            break
        if previous is not None:
            _served_previous(season_pk)
            return previous.value  # another process is computing the new one
        if time.monotonic() > deadline:
            token = None
            break
        time.sleep(POLL_INTERVAL)
    try:
        if token is not None:  # it may have been stored while we took the lock
            again = _entry(season_pk, name, made_with, revision, now)
            if again is not None and again.is_fresh(revision, now):
                return again.value
        return _compute_and_store(season_pk, revision, name, now, compute, read_only)
    finally:
        if token is not None:
            _release(lock, token)


def refresh(
    season_pk: int, revision: int, name: str, *, now: datetime, compute: Compute, read_only: bool = False
) -> None:
    """Make the reading ``name`` (and its siblings) at ``revision`` unless it is
    fresh or another process is making it: what a recomputation runs (``read_only``: as for :func:`reading`)."""
    if name in read_many(season_pk, revision, [name], now=now):
        return
    lock = _lock_key(season_pk, name, revision)
    token = _acquire(lock)
    if token is None:
        return
    try:
        if name not in read_many(season_pk, revision, [name], now=now):
            _compute_and_store(season_pk, revision, name, now, compute, read_only)
    finally:
        _release(lock, token)

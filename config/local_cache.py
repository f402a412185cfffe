"""The embedded cache: Django's local-memory cache, keeping read-only values as they are.

Django's ``LocMemCache`` pickles every value on its way in and unpickles it on
its way out, so that a caller who changes what it read does not change the
cache (a session changes the dict it reads; a page changes the database rows
it was handed). A season's computed readings are never changed once made
(frozen dataclasses, tuples and the dicts inside them), so for them that copy
only cost time: storing a big season's readings (200 players × 40 manches,
some 2,700 of them) was a fifth of its cold standings page, and every warm
page unpickled what it read.

A value that says so (its ``cache_as_is`` is true: ``league.revision_cache.Entry``
of a season's computation) is kept as the object itself; every other value is
pickled as Django does. The test suite holds the pages to it:
``tests/conftest.py`` fails a test after which a value kept as is no longer
pickles as it did when stored. Such values still pickle: Redis, the
production cache, pickles them all.
"""

import pickle

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache


def kept_as_is(value) -> bool:
    """Whether ``value`` is stored as the object itself (it says ``cache_as_is``)."""
    return getattr(value, "cache_as_is", False) is True


class SharedObjectsLocMemCache(LocMemCache):
    """``LocMemCache`` that hands out the stored object itself for a value kept as is."""

    def _stored(self, value):
        return value if kept_as_is(value) else pickle.dumps(value, self.pickle_protocol)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        key = self.make_and_validate_key(key, version=version)
        stored = self._stored(value)
        with self._lock:
            if self._has_expired(key):
                self._set(key, stored, timeout)
                return True
            return False

    def get(self, key, default=None, version=None):
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if self._has_expired(key):
                self._delete(key)
                return default
            stored = self._cache[key]
            self._cache.move_to_end(key, last=False)
        return stored if kept_as_is(stored) else pickle.loads(stored)  # noqa: S301 (what this process pickled)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        key = self.make_and_validate_key(key, version=version)
        stored = self._stored(value)
        with self._lock:
            self._set(key, stored, timeout)

    def pickled_size(self) -> int:
        """The bytes every value held takes pickled, as Redis would hold it (what the
        benchmarks and tests measure of a season's readings)."""
        with self._lock:
            held = list(self._cache.values())
        return sum(
            len(pickle.dumps(value, self.pickle_protocol)) if kept_as_is(value) else len(value)
            for value in held
        )

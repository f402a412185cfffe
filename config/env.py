"""Typed readers of the environment that fail loudly on a bad value.

A typo in a production variable must stop the process at start-up, not
silently fall back to a default (``DEBUG=flase`` is an error, not False).
"""

import os

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), got {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, got {raw!r}") from None


def env_seconds(name: str, default: int | None) -> int | None:
    """Seconds, or ``none`` for no limit (Django's ``None``)."""
    raw = os.environ.get(name)
    if raw is not None and raw.strip().lower() == "none":
        return None
    try:
        return env_int(name, default)
    except ImproperlyConfigured:
        raise ImproperlyConfigured(f"{name} must be a number of seconds or none, got {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


#: A season of 6,400 manches keeps one entry per manche and per player; the
#: backend's default (300 entries) evicted most of a season as it was written,
#: so its pages recomputed it on every view. Bytes, not entries, are what
#: matter: a season's readings grow linearly (a few MB for 1,600 manches).
LOCMEM_OPTIONS = {"MAX_ENTRIES": 100_000}
#: Django's local-memory cache keeping values as they are (``config/local_cache.py``).
LOCMEM_CACHE_BACKEND = "config.local_cache.SharedObjectsLocMemCache"
#: Django's Redis cache keeping its clients (``config/redis_cache.py``).
REDIS_CACHE_BACKEND = "config.redis_cache.ReusedClientsRedisCache"


def cache_config(url: str) -> dict:
    """Turn ``CACHE_URL`` into a Django CACHES entry.

    ``locmem://`` (default) keeps the cache per process, fine for one
    developer: every process computes a season once per change (readings
    are keyed by the season's revision, stored in the database, so they
    never disagree) and keeps it, as objects, not pickled copies
    (``config.local_cache``); ``redis://host:port/db`` shares computed
    standings between every web process in production (``config.redis_cache``:
    Django's Redis cache, keeping its Redis clients).
    """
    if url.startswith("locmem://"):
        return {"BACKEND": LOCMEM_CACHE_BACKEND, "OPTIONS": LOCMEM_OPTIONS}
    if url.startswith("dummy://"):
        return {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
    if url.startswith(("redis://", "rediss://")):
        return {"BACKEND": REDIS_CACHE_BACKEND, "LOCATION": url}
    raise ImproperlyConfigured(f"CACHE_URL must start with locmem://, dummy:// or redis://, got {url!r}")

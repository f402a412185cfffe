"""The Redis cache keeps one Redis client per connection pool (Django's builds one per call)."""

import os

import pytest
from django.core.cache.backends.redis import RedisCache

from config.redis_cache import ReusedClientsRedisCache
from tests.support.settings_process import settings_read

URL = "redis://127.0.0.1:6379/6"


def test_each_call_gets_the_same_client_for_the_same_pool():
    cache = ReusedClientsRedisCache(URL, {})  # nothing is connected before a command is sent
    client = cache._cache.get_client("a")
    assert cache._cache.get_client("b") is client
    assert cache._cache.get_client("c", write=True) is client  # one server: reads and writes share its pool


def test_djangos_own_client_is_built_anew_on_each_call():
    """What this module mends: if Django kept its clients, it could go."""
    cache = RedisCache(URL, {})
    assert cache._cache.get_client("a") is not cache._cache.get_client("a")


def test_the_redis_cache_keeps_and_reads_values():
    url = os.environ.get("CACHE_URL", "")
    if not url.startswith("redis://"):
        pytest.skip("needs Redis (CACHE_URL=redis://…, the real-services pass)")
    cache = ReusedClientsRedisCache(url, {"KEY_PREFIX": "test-kept-clients"})
    cache.set("reading", {"revision": 3}, 30)
    assert cache.get("reading") == {"revision": 3}
    assert cache.get_many(["reading", "absent"]) == {"reading": {"revision": 3}}
    cache.delete("reading")
    assert cache.get("reading") is None


def test_with_the_redis_cache_sessions_are_read_from_it():
    assert settings_read("settings.SESSION_ENGINE", CACHE_URL="redis://cache.example.org:6379/1") == (
        "accounts.sessions"
    )
    assert settings_read("settings.SESSION_ENGINE", CACHE_URL="locmem://") != "accounts.sessions"

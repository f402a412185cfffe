"""The embedded cache keeps a season's computed readings as the objects themselves, and
copies everything else, as Django's local-memory cache does (``config.local_cache``)."""

import pickle
from datetime import datetime
from zoneinfo import ZoneInfo

from django.core.cache import cache, caches

from config.local_cache import SharedObjectsLocMemCache, kept_as_is
from league import revision_cache

NOW = datetime(2026, 3, 5, 12, 0, tzinfo=ZoneInfo("Europe/Paris"))


def test_the_embedded_cache_is_the_one_that_keeps_readings_as_they_are():
    assert isinstance(caches["default"], SharedObjectsLocMemCache)


def test_a_computed_reading_is_handed_out_as_the_object_stored():
    standings = ("anne", "bruno")
    revision_cache.store(1, 7, {"standings": standings}, now=NOW, valid_until=None, read_only=True)
    first = revision_cache.read_many(1, 7, ["standings"], now=NOW)["standings"]
    assert first is standings
    assert revision_cache.read_many(1, 7, ["standings"], now=NOW)["standings"] is first


def test_rows_kept_for_a_page_are_copies_each_time():
    rows = {"anne": ["signed"]}
    revision_cache.store(1, 7, {"night": rows}, now=NOW, valid_until=None)
    read = revision_cache.read_many(1, 7, ["night"], now=NOW)["night"]
    assert read == rows and read is not rows
    read["anne"].append("changed by a page")
    assert revision_cache.read_many(1, 7, ["night"], now=NOW)["night"] == {"anne": ["signed"]}


def test_any_other_value_is_a_copy_as_in_djangos_own():
    session = {"member": 1}
    cache.set("session", session)
    cache.get("session")["member"] = 2
    assert cache.get("session") == {"member": 1}
    assert cache.add("counter", 1) and cache.incr("counter") == 2 and cache.get("counter") == 2


def test_only_a_value_that_says_so_is_kept_as_is():
    read_only = revision_cache.Entry(7, NOW, None, ("anne",), cache_as_is=True)
    assert kept_as_is(read_only)
    assert not kept_as_is(revision_cache.Entry(7, NOW, None, ("anne",)))
    assert not kept_as_is({"cache_as_is": True})


def test_its_size_is_what_redis_would_hold():
    revision_cache.store(1, 7, {"standings": ("anne",) * 100}, now=NOW, valid_until=None, read_only=True)
    cache.set("session", {"member": 1})
    (entry,) = [value for value in caches["default"]._cache.values() if kept_as_is(value)]
    as_redis_holds = [pickle.dumps(value, pickle.HIGHEST_PROTOCOL) for value in (entry, {"member": 1})]
    assert cache.pickled_size() == sum(len(pickled) for pickled in as_redis_holds)

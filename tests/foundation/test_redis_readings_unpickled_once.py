"""The Redis cache unpickles a large reading nobody changes once per process, not at every read."""

import os
import pickle
from dataclasses import dataclass

import pytest

from config.redis_cache import KEPT_FROM_BYTES, ReadingsKeptSerializer, ReusedClientsRedisCache


@dataclass(frozen=True)
class Reading:
    value: tuple
    cache_as_is: bool = True


def large(n: int = 0, *, read_only: bool = True) -> Reading:
    return Reading(tuple(range(n, n + KEPT_FROM_BYTES)), read_only)


def test_the_same_bytes_of_a_read_only_reading_give_the_same_object():
    serializer = ReadingsKeptSerializer()
    data = serializer.dumps(large())
    first = serializer.loads(data)
    assert first == large()
    assert serializer.loads(bytes(data)) is first  # bytes fetched again: equal, not the same object


def test_other_bytes_give_the_reading_they_hold():
    serializer = ReadingsKeptSerializer()
    first = serializer.loads(serializer.dumps(large(0)))
    changed = serializer.loads(serializer.dumps(large(1)))
    assert changed == large(1)
    assert changed is not first


def test_a_value_that_may_be_changed_is_a_new_copy_at_each_read():
    serializer = ReadingsKeptSerializer()
    data = serializer.dumps(large(read_only=False))
    assert serializer.loads(data) is not serializer.loads(data)
    rows = serializer.dumps({"rows": list(range(KEPT_FROM_BYTES))})
    assert serializer.loads(rows) is not serializer.loads(rows)


def test_small_values_and_counters_read_as_djangos_serializer_reads_them():
    serializer = ReadingsKeptSerializer()
    assert serializer.loads(serializer.dumps(7)) == 7
    small = Reading((1, 2))
    assert serializer.loads(serializer.dumps(small)) == small


def test_the_readings_kept_fit_the_room_given_the_oldest_read_going_first():
    data = [pickle.dumps(large(n)) for n in range(3)]
    serializer = ReadingsKeptSerializer(room=2 * max(map(len, data)))
    first, second = serializer.loads(data[0]), serializer.loads(data[1])
    assert serializer.loads(data[0]) is first  # read again: now the newest
    serializer.loads(data[2])  # no room for three: the oldest read (the second) goes
    assert serializer.loads(data[0]) is first
    assert serializer.loads(data[1]) is not second


def test_through_redis_a_reading_stored_again_is_read_anew():
    url = os.environ.get("CACHE_URL", "")
    if not url.startswith("redis://"):
        pytest.skip("needs Redis (CACHE_URL=redis://…, the real-services pass)")
    cache = ReusedClientsRedisCache(url, {"KEY_PREFIX": "test-readings-unpickled-once"})
    cache.set("reading", large(0), 30)
    first = cache.get("reading")
    assert cache.get("reading") is first
    assert cache.get_many(["reading"])["reading"] is first
    cache.set("reading", large(1), 30)
    assert cache.get("reading") == large(1)
    cache.delete("reading")
    assert cache.get("reading") is None

"""The Redis cache: one Redis client per connection pool, and the season's readings unpickled once.

Django's ``RedisCacheClient`` builds a new ``redis.Redis`` object for every
cache call, and each builds its table of reply callbacks (about 170 entries):
that was more than half of reading a small cached value (0.46 ms, against
0.19 ms with the client kept). A client only holds its pool and is safe to
share between threads, so one per pool is kept.

Every read also unpickles what it fetched. For a season's large readings
(200 players × 40 manches: the open compte-rendu deadlines, 110 KB, took
3.9 ms; the standings' details, 127 KB) that was most of a warm page: the
comptes-rendus page cost 8× the sign-in page, against 1.7× with the embedded
cache, which keeps those readings as objects (``config.local_cache``). A
reading nobody changes once made says so (``cache_as_is``), so the object
unpickled from a given value's bytes is kept in the process, under those
bytes: the next read of the same bytes hands it out again. A value changed
in Redis comes back as other bytes, and a deleted one does not come back:
nothing here can be stale.
"""

import threading
from collections import OrderedDict

from django.core.cache.backends.redis import RedisCache, RedisCacheClient, RedisSerializer

from .local_cache import kept_as_is

#: Values smaller than this are unpickled at each read: that is cheaper than keeping them.
KEPT_FROM_BYTES = 4 * 1024
#: How many bytes of values the objects kept come from, in each process (a season of
#: 200 players × 40 manches has some 1.5 MB of readings that large).
KEPT_BYTES = 32 * 1024 * 1024


class ReadingsKeptSerializer(RedisSerializer):
    """Django's serializer, handing out again the object unpickled from the same large bytes
    when that object is one nobody changes (``cache_as_is``)."""

    def __init__(self, protocol=None, *, room: int = KEPT_BYTES):
        super().__init__(protocol)
        self.room = room
        self._kept: OrderedDict[bytes, object] = OrderedDict()  # oldest read first
        self._size = 0
        self._lock = threading.Lock()

    def loads(self, data):
        if not isinstance(data, bytes) or len(data) < KEPT_FROM_BYTES:
            return super().loads(data)
        with self._lock:
            if data in self._kept:
                self._kept.move_to_end(data)
                return self._kept[data]
        value = super().loads(data)
        if kept_as_is(value) and len(data) <= self.room:
            self._keep(data, value)
        return value

    def _keep(self, data: bytes, value) -> None:
        with self._lock:
            if data in self._kept:
                return
            self._kept[data] = value
            self._size += len(data)
            while self._size > self.room:
                oldest, _ = self._kept.popitem(last=False)
                self._size -= len(oldest)


class ReusedClients(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("serializer", ReadingsKeptSerializer)
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class ReusedClientsRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusedClients

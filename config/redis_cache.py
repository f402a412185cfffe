"""The Redis cache, with one Redis client per connection pool instead of one per call.

Django's ``RedisCacheClient`` builds a new ``redis.Redis`` object for every
cache call, and each builds its table of reply callbacks (about 170 entries):
that was more than half of reading a small cached value (0.46 ms, against
0.19 ms with the client kept). A client only holds its pool and is safe to
share between threads, so one per pool is kept.
"""

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class ReusedClients(RedisCacheClient):
    def __init__(self, *args, **kwargs):
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

"""A cache backend that fails like a Redis server that went away: every call raises."""

from django.core.cache.backends.base import BaseCache


class CacheDown(ConnectionError):
    """What the Redis client raises when its server does not answer."""


class FailingCache(BaseCache):
    def __init__(self, location, params):
        super().__init__(params)
        self.calls = 0

    def _fail(self, *args, **kwargs):
        raise CacheDown("Error 111 connecting to 127.0.0.1:6380. Connection refused.")

    add = get = set = touch = delete = clear = has_key = incr = decr = _fail
    get_many = set_many = delete_many = _fail

"""Members' sessions read from the shared cache and kept in the database, the cache only saving time.

Django's ``cached_db`` store spares every signed-in page its session query
(the session is read from Redis, written to both). Django's own store already
survives a cache that fails when it saves; this one also when it reads, so a
Redis that went away costs the database query again, not the page. Signing
out still clears the cached copy, and fails loudly if it cannot: a session
left in the cache would outlive its sign-out.

Used only with a cache shared by every process (``config.settings``): with a
cache private to each process, a sign-out would clear the copy of one of them.
"""

import logging

from django.contrib.sessions.backends import cached_db
from django.contrib.sessions.backends.db import SessionStore as DatabaseStore

logger = logging.getLogger(__name__)


class SessionStore(cached_db.SessionStore):
    def load(self):
        try:
            data = self._cache.get(self.cache_key)
        except Exception:
            logger.warning("cache unavailable: session read from the database", exc_info=True)
            return DatabaseStore.load(self)
        if data is not None:
            return data
        session = self._get_session_from_db()
        if not session:
            return {}
        data = self.decode(session.session_data)
        try:
            self._cache.set(self.cache_key, data, self.get_expiry_age(expiry=session.expire_date))
        except Exception:
            logger.warning("cache unavailable: session not kept in it", exc_info=True)
        return data

    def exists(self, session_key):
        try:
            if session_key and (self.cache_key_prefix + session_key) in self._cache:
                return True
        except Exception:
            logger.warning("cache unavailable: session looked up in the database", exc_info=True)
        return DatabaseStore.exists(self, session_key)

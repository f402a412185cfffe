"""Members' sessions read from the shared cache and kept in the database, the cache only saving time.

Django's ``cached_db`` store spares every signed-in page its session query
(the session is read from Redis, written to both). It already survives a
cache that fails to answer a read or to keep a save; this one also survives
a cache that fails to keep what was just read from the database, or to say
whether a session exists, so a Redis that went away costs the database
queries again, not the page. Signing out still clears the cached copy, and
fails loudly if it cannot: a session left in the cache would outlive its
sign-out.

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
            return super().load()
        except Exception:  # the session read from the database, then the cache failed to keep it
            logger.warning("cache unavailable: session read from the database", exc_info=True)
            return DatabaseStore.load(self)

    def exists(self, session_key):
        try:
            if session_key and (self.cache_key_prefix + session_key) in self._cache:
                return True
        except Exception:
            logger.warning("cache unavailable: session looked up in the database", exc_info=True)
        return DatabaseStore.exists(self, session_key)

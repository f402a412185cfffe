"""How many emails a visitor can make the site send: a few an hour per address, a few more per client.

Asking for a password reset or to join the club sends an email to whatever
address is typed; without a bound, anyone could flood a member's inbox (or
make the club's mail server a nuisance). Each request counts against its
address and its client's address (``accounts.client_address``) for an
hour; beyond :data:`PER_ADDRESS` or :data:`PER_CLIENT` the page answers the
same but nothing is sent. The counters live in the cache: if it is
unavailable, emails go out (the cache is an optimisation, not a lock).
"""

import hashlib
import logging

from django.core.cache import cache

logger = logging.getLogger(__name__)

PER_ADDRESS = 3
PER_CLIENT = 10
WINDOW_SECONDS = 3600


def _count(key: str) -> int:
    try:
        cache.add(key, 0, timeout=WINDOW_SECONDS)
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=WINDOW_SECONDS)
        return 1
    except Exception:  # noqa: BLE001 - a cache outage must not stop the email
        logger.warning("email throttle: cache unavailable, not counting", exc_info=True)
        return 0


def may_send(kind: str, *, address: str, client: str | None) -> bool:
    """Count one request of ``kind`` to ``address`` from ``client``; whether its email may go out."""
    digest = hashlib.sha256(address.strip().lower().encode()).hexdigest()[:32]
    allowed = _count(f"email-throttle:{kind}:address:{digest}") <= PER_ADDRESS
    if client:
        allowed = _count(f"email-throttle:{kind}:client:{client}") <= PER_CLIENT and allowed
    if not allowed:
        logger.info("email throttle: %s to %s… not sent", kind, digest[:8])
    return allowed

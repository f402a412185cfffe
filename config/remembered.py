"""A value kept in the cache under a key that says all it is made of."""

import logging
from collections.abc import Callable
from typing import Any

from django.core.cache import cache

logger = logging.getLogger(__name__)


def remembered(key: str, make: Callable[[], Any], *, timeout: int) -> Any:
    """``make()``, kept under ``key`` for ``timeout`` seconds and read from the cache after.

    For what is the same whenever its key is (a digest of what it shows): no
    revision to compare, nothing to expire it early. A failing cache only costs
    the making."""
    try:
        value = cache.get(key)
    except Exception:
        logger.warning("cache unavailable: reading %s", key, exc_info=True)
        value = None
    if value is None:
        value = make()
        try:
            cache.set(key, value, timeout=timeout)
        except Exception:
            logger.warning("cache unavailable: %s not kept", key, exc_info=True)
    return value

"""A value kept in the cache under a key that says all it is made of."""

import hashlib
import json
import logging
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

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


#: How long a rendering kept by :func:`rendered` stays (what it shows changes its key).
RENDERED_TIMEOUT = 24 * 3600


def rendered(template: str, context: dict, *, shown: object) -> SafeString:
    """``template`` rendered with ``context``, kept under a digest of ``shown`` (everything the
    rendering shows, as JSON), the template, the language, the time zone its dates are written
    in and the code's version: read from the cache while they are all the same.

    For a part of a page that many views show unchanged while what it is made of is read at
    each view (the President's desk and inbox): its rows through templates cost more than
    reading them. ``shown`` must hold all the rendering shows; anything else would stay as
    first rendered."""
    what = [template, settings.CODE_VERSION, get_language(), timezone.get_current_timezone_name(), shown]
    digest = hashlib.blake2b(json.dumps(what, default=str).encode(), digest_size=16).hexdigest()
    html = remembered(
        f"rendered:{digest}", lambda: render_to_string(template, context), timeout=RENDERED_TIMEOUT
    )
    return mark_safe(html)  # noqa: S308 (our own template's rendering)

"""What a web process loads once, before its first request, and keeps out of the cycle collector's way.

A web process holds some 120,000 objects that live as long as it does: the
modules of Django and of every app, the URLconf and every view it imports,
the translation catalogs. Python's cycle collector scans them all at each of
its full passes, which a busy process runs every few hundred requests: under
gunicorn each pass took 120 ms, and the request it fell on took ten times a
warm page (the stampede benchmark's worst readers, before and after a change
alike). Loaded before the first request and frozen (``gc.freeze``), they are
no longer scanned; what requests make is collected as before.

The first task a process sent also loaded the broker's client (120 ms): the
request of the first change a worker saved paid it.
"""

import gc

from django.conf import settings
from django.urls import get_resolver
from django.utils import translation

from config.celery import app as celery_app


def warm_up() -> None:
    """Load the URLconf (every view and form module), each language's catalogs and
    the broker's client, then move every object alive to the collector's permanent generation."""
    get_resolver().url_patterns  # noqa: B018 (imports every view module)
    for language, _label in settings.LANGUAGES:
        translation.activate(language)  # loads its catalogs
    translation.deactivate()
    celery_app.finalize()
    celery_app.producer_pool  # noqa: B018 (loads the transport; it connects at the first task sent)
    gc.collect()
    gc.freeze()

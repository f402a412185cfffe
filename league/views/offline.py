"""The installable web app: its manifest and the service worker that keeps the sheet usable offline.

Both are served from the site root so the worker's scope is the whole site
(a script under ``/static/`` could only control ``/static/``). The worker
itself is ``templates/pwa/sw.js``: it keeps the static assets and the pages
a phone asked it to keep (the sheets it visited), and serves them when the
network is gone.
"""

from __future__ import annotations

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


@require_GET
def manifest(request):
    """The web app manifest: the site can be added to a phone's home screen."""
    data = {
        "name": _("Championnat du Monde de Tarot-Bière"),
        "short_name": settings.CLUB_NAME,
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#198754",
        "lang": request.LANGUAGE_CODE,
        "icons": [
            {"src": static(f"img/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png"}
            for size in (192, 512)
        ],
    }
    return JsonResponse(
        data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )


@require_GET
@never_cache
def service_worker(request):
    """The service worker script, never cached by HTTP so a new version reaches phones at once."""
    response = render(
        request, "pwa/sw.js", {"static_prefix": settings.STATIC_URL}, content_type="text/javascript"
    )
    response["Service-Worker-Allowed"] = "/"
    return response

"""Members' photos served by the site itself when ``DEBUG`` is off.

WhiteNoise serves only the files collected at deployment, not uploads. A
club's avatars are few and small, so the application serves them: only
under ``avatars/``, only files that exist, with headers that let a browser
do nothing but show a picture (``nosniff``, a Content-Security-Policy of
``default-src 'none'``, ``sandbox``). The files themselves are re-encoded at
upload (``accounts.forms.profile.reencoded_avatar``). A front server may serve
``MEDIA_ROOT/avatars/`` at ``/media/avatars/`` instead (README, Production).
"""

from django.conf import settings
from django.http import Http404
from django.views.static import serve

MEDIA_DIRECTORIES = ("avatars/",)


def media(request, path: str):
    if not path.startswith(MEDIA_DIRECTORIES):
        raise Http404
    response = serve(request, path, document_root=settings.MEDIA_ROOT)
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    response["Cache-Control"] = "public, max-age=86400"
    return response

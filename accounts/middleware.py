"""The site's own middleware: members-only reading, French first, the offices read once per request,
signing in from a button that updates part of a page."""

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import resolve_url
from django.urls import Resolver404, resolve
from django_htmx.http import HttpResponseClientRedirect

from .roles import offices_read_once

# Pages a visitor still needs when reading is restricted: signing in,
# resetting a password, answering an invitation, the secret calendar feeds.
ALWAYS_OPEN_NAMESPACES = {"accounts", "admin", "feeds"}


class MembersOnlyReadingMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if settings.MEMBERS_ONLY_READING and not request.user.is_authenticated:
            if not self.is_always_open(request.path_info):
                return redirect_to_login(request.get_full_path())
        return self.get_response(request)

    @staticmethod
    def is_always_open(path: str) -> bool:
        if path.startswith(("/" + settings.STATIC_URL.lstrip("/"), "/i18n/")):
            return True
        try:
            match = resolve(path)
        except Resolver404:
            return True  # let the 404 page answer
        return bool(set(match.namespaces) & ALWAYS_OPEN_NAMESPACES)


class FrenchFirstLocaleMiddleware:
    """French unless the visitor chose English with the language switch.

    Django's LocaleMiddleware would follow the browser's Accept-Language and
    greet a club member whose phone is set to English in English; the club
    speaks French, so only the explicit choice (the language cookie) counts.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        from django.utils import translation
        from django.utils.cache import patch_vary_headers

        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        supported = {code for code, _name in settings.LANGUAGES}
        language = chosen if chosen in supported else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        patch_vary_headers(response, ("Cookie",))
        return response


class OfficesReadOncePerRequestMiddleware:
    """A page's permission rules ask the member's offices many times: read once per request
    (``accounts.roles``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with offices_read_once():
            return self.get_response(request)


class SignInFromFragmentsMiddleware:
    """A button that updates part of a page (htmx) sends a member whose session ended to the
    sign-in page as a whole page, and back to the page he was on once signed in.

    Answered by the usual redirect, htmx followed it and put the whole sign-in
    page inside the part it updates (a page in the page, under the manche's
    title), and signing in there led to the button's address, which is no page.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            getattr(request, "htmx", False)
            and response.status_code in (301, 302, 303, 307, 308)
            and urlsplit(response["Location"]).path == resolve_url(settings.LOGIN_URL)
        ):
            back_to = request.htmx.current_url_abs_path or "/"
            return HttpResponseClientRedirect(redirect_to_login(back_to)["Location"])
        return response

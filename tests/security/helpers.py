"""Requests aimed at classified URLs, and what counts as "sent to the sign-in page"."""

import pytest
from django.urls import reverse

from tests.support.world import sample_kwargs

from .urlmap import CLASSIFIED, walk


def route_named(name):
    routes = {route.name: route for route in walk()}
    if name not in routes:
        pytest.fail(f"{name} is classified in tests/security/urlmap.py but is no longer a URL pattern")
    return routes[name]


def url_for(world, name) -> str:
    route = route_named(name)
    return reverse(name, kwargs=sample_kwargs(world, route, CLASSIFIED[name]))


def names(predicate) -> list[str]:
    return sorted(name for name, access in CLASSIFIED.items() if predicate(access))


def is_login_redirect(response) -> bool:
    return response.status_code == 302 and response["Location"].startswith(reverse("accounts:login"))

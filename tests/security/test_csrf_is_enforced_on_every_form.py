"""Every write URL refuses a POST without the CSRF token, even from someone entitled to write."""

import pytest
from django.test import Client

from tests.support.world import changed_tables, snapshot

from .helpers import names, url_for
from .urlmap import LOGIN


@pytest.mark.parametrize("name", names(lambda a: a.writes))
def test_post_without_csrf_token_is_refused_with_403(world, name):
    from .urlmap import CLASSIFIED

    client = Client(enforce_csrf_checks=True)
    if CLASSIFIED[name].anonymous == LOGIN:
        # The President may do everything: only the missing token can refuse him.
        client.force_login(world.ben)
    url = url_for(world, name)
    before = snapshot()
    response = client.post(url, {})
    assert response.status_code == 403, f"{name}: POST without a CSRF token got {response.status_code}"
    assert changed_tables(before, snapshot()) == []


def test_a_post_with_the_token_passes_the_check(world):
    """The control: the same client with the form's token is not refused (so the 403s above mean CSRF)."""
    from django.urls import reverse

    client = Client(enforce_csrf_checks=True)
    client.force_login(world.ben)
    page = client.get(reverse("accounts:profile"))
    token = page.cookies["csrftoken"].value
    response = client.post(
        reverse("accounts:profile"), {"display_name": "Benoît", "csrfmiddlewaretoken": token}
    )
    assert response.status_code in (200, 302)

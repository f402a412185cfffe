"""Login throttling (django-axes): repeated failures lock the username from that address."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def attempt(client, password):
    return client.post(reverse("accounts:login"), {"username": "anne", "password": password})


def test_lock_happens_after_the_configured_number_of_failures(client, player, settings):
    settings.AXES_FAILURE_LIMIT = 3
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert attempt(client, "faux").status_code == 200

    locked = attempt(client, "faux")

    assert locked.status_code == 429
    assert "Trop de tentatives" in locked.content.decode()


def test_a_locked_user_sees_the_lock_page_even_with_the_right_password(client, player, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        attempt(client, "faux")

    response = attempt(client, "pw-anne")

    assert response.status_code == 429
    assert "accounts/locked_out.html" in [t.name for t in response.templates]
    assert reverse("accounts:password_reset") in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_fewer_failures_than_the_limit_do_not_lock(client, player, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        attempt(client, "faux")
    response = attempt(client, "pw-anne")
    assert response.status_code == 302
    assert int(client.session["_auth_user_id"]) == player.pk


def test_behind_the_proxy_a_strangers_failures_do_not_lock_the_owner_out(client, player, settings):
    """The lock is keyed on the client's address from X-Forwarded-For, not on the proxy's."""
    settings.TRUSTED_PROXY_COUNT = 1
    proxy = {"REMOTE_ADDR": "10.0.0.1"}
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(
            reverse("accounts:login"),
            {"username": "anne", "password": "faux"},
            HTTP_X_FORWARDED_FOR="198.51.100.7",
            **proxy,
        )
    home = client.post(
        reverse("accounts:login"),
        {"username": "anne", "password": "pw-anne"},
        HTTP_X_FORWARDED_FOR="203.0.113.5",
        **proxy,
    )
    assert home.status_code == 302


def test_a_forged_forwarded_for_entry_is_not_believed(client, player, settings):
    """The client can prepend anything; only the entry our proxy appended counts."""
    settings.TRUSTED_PROXY_COUNT = 1
    for k in range(settings.AXES_FAILURE_LIMIT):
        client.post(
            reverse("accounts:login"),
            {"username": "anne", "password": "faux"},
            HTTP_X_FORWARDED_FOR=f"192.0.2.{k}, 198.51.100.7",
            REMOTE_ADDR="10.0.0.1",
        )
    again = client.post(
        reverse("accounts:login"),
        {"username": "anne", "password": "pw-anne"},
        HTTP_X_FORWARDED_FOR="192.0.2.99, 198.51.100.7",
        REMOTE_ADDR="10.0.0.1",
    )
    assert again.status_code == 429

"""After AXES_FAILURE_LIMIT wrong passwords, the account is locked from that address, right password included."""

from datetime import timedelta

import pytest
import time_machine
from django.conf import settings
from django.urls import reverse
from django.utils import timezone


def _sign_in(client, username, password):
    return client.post(reverse("accounts:login"), {"username": username, "password": password})


def _signed_in(client) -> bool:
    return "_auth_user_id" in client.session


@pytest.fixture
def anne(make_user):
    return make_user("anne")


def test_login_locks_after_the_configured_number_of_failures(client, anne):
    limit = settings.AXES_FAILURE_LIMIT
    assert limit >= 3
    for _ in range(limit - 1):
        assert _sign_in(client, "anne", "wrong").status_code == 200  # the form again, with an error
    locked = _sign_in(client, "anne", "wrong")
    assert locked.status_code == 429
    response = _sign_in(client, "anne", "pw-anne")
    assert response.status_code == 429
    assert not _signed_in(client)


def test_fewer_failures_than_the_limit_do_not_lock(client, anne):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        _sign_in(client, "anne", "wrong")
    response = _sign_in(client, "anne", "pw-anne")
    assert response.status_code == 302
    assert _signed_in(client)


def test_the_lock_is_per_account_and_address(client, anne, make_user):
    make_user("bruno")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _sign_in(client, "anne", "wrong")
    assert _sign_in(client, "bruno", "pw-bruno").status_code == 302


def test_the_lock_lifts_after_the_cool_off(client, anne):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _sign_in(client, "anne", "wrong")
    assert _sign_in(client, "anne", "pw-anne").status_code == 429
    cool_off = timedelta(hours=settings.AXES_COOLOFF_TIME)
    with time_machine.travel(timezone.now() + cool_off + timedelta(minutes=1), tick=False):
        assert _sign_in(client, "anne", "pw-anne").status_code == 302

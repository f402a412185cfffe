"""Fixtures of the membership tests: ``now`` (when the test runs), an imported player, a Vice-President, a committing client."""

from datetime import datetime

import pytest
from django.utils import timezone

from tests.support.mail import CommittingClient


@pytest.fixture
def now() -> datetime:
    return timezone.now()


@pytest.fixture
def imported_player(db):
    """A player created by a season import: inactive, no usable password, no email."""
    from accounts.models import User

    user = User(username="gege", display_name="Gégé", email="", first_season="2009-2010", is_active=False)
    user.set_unusable_password()
    user.save()
    return user


@pytest.fixture
def vice_president(make_user, president):
    from accounts.services.offices import vice_president_designate

    user = make_user("vero", display_name="Véro")
    vice_president_designate(by=president, user=user, now=timezone.now())
    return user


@pytest.fixture
def client(db):
    """Each request's emails go out when it answers, as its commit would send them."""
    return CommittingClient()

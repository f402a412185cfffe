"""Helpers for the membership tests: read links out of emails, make imported players."""

import re
from datetime import datetime
from urllib.parse import urlparse

import pytest
from django.test import Client, TestCase
from django.utils import timezone

LINK = re.compile(r"https?://[^\s\"'<>]+")


def links_in(message) -> list[str]:
    """Every link of an email's text part, as site paths (host removed)."""
    return [urlparse(url).path for url in LINK.findall(message.body)]


def link_in(message, fragment: str) -> str:
    matches = [path for path in links_in(message) if fragment in path]
    assert matches, f"no link containing {fragment!r} in:\n{message.body}"
    return matches[0]


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


class CommittingClient(Client):
    """The test client, each request's work committed when it answers, as in production.

    The test runs inside one transaction that never commits, so the outbox's
    on-commit sending would never happen; here the callbacks a request
    registered run when it returns (what its commit would have done).
    """

    def request(self, **request):
        with TestCase.captureOnCommitCallbacks(execute=True):
            return super().request(**request)


@pytest.fixture
def client(db):
    return CommittingClient()

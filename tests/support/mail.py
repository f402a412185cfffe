"""Reading the site's emails as a member does: the links of a message's text part, and a client whose requests send theirs."""

import re
from urllib.parse import urlparse

from django.test import Client, TestCase

LINK = re.compile(r"https?://[^\s\"'<>]+")


def links_in(message) -> list[str]:
    """Every link of an email's text part, as site paths (host removed)."""
    return [urlparse(url).path for url in LINK.findall(message.body)]


def link_in(message, fragment: str) -> str:
    matches = [path for path in links_in(message) if fragment in path]
    assert matches, f"no link containing {fragment!r} in:\n{message.body}"
    return matches[0]


class CommittingClient(Client):
    """The test client, each request's work committed when it answers, as in production.

    The test runs inside one transaction that never commits, so the outbox's
    on-commit sending would never happen; here the callbacks a request
    registered run when it returns (what its commit would have done).
    """

    def request(self, **request):
        with TestCase.captureOnCommitCallbacks(execute=True):
            return super().request(**request)

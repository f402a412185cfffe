"""Reading the site's emails as a member does: the links of a message's text part."""

import re
from urllib.parse import urlparse

LINK = re.compile(r"https?://[^\s\"'<>]+")


def links_in(message) -> list[str]:
    """Every link of an email's text part, as site paths (host removed)."""
    return [urlparse(url).path for url in LINK.findall(message.body)]


def link_in(message, fragment: str) -> str:
    matches = [path for path in links_in(message) if fragment in path]
    assert matches, f"no link containing {fragment!r} in:\n{message.body}"
    return matches[0]

"""Bytes served to applications that ask for them again and again (calendar applications
polling a feed, messaging apps fetching a link's picture), with their entity tag: kept
with the bytes, so that an application holding them is answered 304 without them."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Tagged:
    """Bytes and their entity tag (quoted, as the ``ETag`` header says it)."""

    body: bytes
    etag: str

    @classmethod
    def of(cls, body: bytes) -> Tagged:
        return cls(body, f'"{hashlib.blake2b(body, digest_size=16).hexdigest()}"')

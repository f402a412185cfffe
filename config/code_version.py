"""A digest of what the site's pages are made from, so that a deploy starts on fresh readings.

The revision cache (``league.revision_cache``) keeps a season's computations
and rendered pages until the season changes, which may be weeks. A deploy
that changes the rules, a template or a translation must not leave the old
wording or the old numbers on those pages: the cache's keys carry this
digest, so new code reads and writes new keys and the old ones expire.
"""

import hashlib
from pathlib import Path

#: What a reading or a rendered page is made from.
SOURCES = ("league", "reports", "accounts", "templates", "locale", "config")
SUFFIXES = {".py", ".html", ".txt", ".mo"}


def code_version(base: Path) -> str:
    """A short digest of every source file under ``SOURCES`` (paths and contents)."""
    digest = hashlib.blake2b(digest_size=6)
    for top in SOURCES:
        for path in sorted((base / top).rglob("*")):
            if path.suffix in SUFFIXES and "__pycache__" not in path.parts and path.is_file():
                digest.update(path.relative_to(base).as_posix().encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()

"""The season's download (the President's export), written once and served again until it changes.

Made at each download, a season of 200 players × 40 manches took 4.5 s (1,000×
the sign-in page): its facts read, checked by the importer's own validation,
computed by the engine, then written in the format's canonical form, whose
indentation goes through Python's pure-Python encoder. The document changes
only with the season's revision (every write that changes its facts bumps it)
and at the instants the engine reads the clock for (a compte-rendu deadline
falls, a rejection's window closes, a compte-rendu dated later counts: see
``export.computed_until``), so its text is kept in a file named by both: the
season, its revision, when it was computed and until when it stays right. A
download while it is right opens that file; any other computes the document
again and replaces the season's previous file. The bytes are what
``dump(export_season(...))`` writes at the download's instant: the document has
no date of its own making (no "exported at"), so a kept one is the same text.

In files rather than the cache: the document is several MB, and the cache
keeps what pages read at every view. The file's name also carries the digest
of its bytes, the download's ETag: a client holding them is answered 304, and a
document computed again with the same text (a deadline that changed nothing)
keeps its tag.
"""

from __future__ import annotations

import os
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import BinaryIO

from django.conf import settings

from ..models import Season
from ..tagged import Tagged
from ..transfer import export
from .transfer import dump

#: A file written this long ago (a season deleted, or not changed since) is removed; the next download writes it again.
FORGOTTEN_AFTER = timedelta(days=30)
#: No change ahead: right until the revision changes.
UNTIL_CHANGED = "0"


@dataclass(frozen=True)
class SeasonDownload:
    """The season's document, opened for reading (the caller closes it), and its ETag."""

    file: BinaryIO
    etag: str


def _stamp(moment: datetime | None) -> str:
    return UNTIL_CHANGED if moment is None else str(int(moment.timestamp() * 1_000_000))


def _moment(stamp: str) -> datetime | None:
    return None if stamp == UNTIL_CHANGED else datetime.fromtimestamp(int(stamp) / 1_000_000, UTC)


def _directory() -> Path:
    path = Path(settings.SEASON_EXPORT_DIR)
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def _right_tag(path: Path, now: datetime) -> str | None:
    """The ETag of the file (``<season>-<revision>-<computed at>-<until>-<digest>.json``)
    when it holds the document as of ``now``, else None."""
    try:
        _season, _revision, computed, until, digest = path.stem.split("-")
        computed_at, valid_until = _moment(computed), _moment(until)
    except ValueError:  # not one of ours
        return None
    right = computed_at is not None and computed_at <= now and (valid_until is None or now < valid_until)
    return f'"{digest}"' if right and digest else None


def open_season_download(season: Season, *, now: datetime) -> SeasonDownload:
    """The season's document as of ``now`` (the format's canonical text, UTF-8), opened for reading.

    ``season`` carries the revision its row was read with. Raises ``rules.InvalidInput``
    when the season's data is not a valid season.
    """
    directory = _directory()
    prefix = f"{season.pk}-{season.revision}-"
    for path in directory.glob(f"{prefix}*.json"):
        etag = _right_tag(path, now)
        if etag is not None:
            try:
                return SeasonDownload(path.open("rb"), etag)
            except FileNotFoundError:  # replaced by another download meanwhile
                break
    document, until = export.export_document_until(season, now=now)
    tagged = Tagged.of(dump(document).encode("utf-8"))
    digest = tagged.etag.strip('"')
    path = directory / f"{prefix}{_stamp(now)}-{_stamp(until)}-{digest}.json"
    written = path.with_name(f"{path.name}.{secrets.token_hex(4)}.part")
    written.write_bytes(tagged.body)
    # Opened before it is renamed: another download writing the season's document at
    # the same time removes this one (its _forget_others) once it is in place.
    file = written.open("rb")
    os.replace(written, path)  # whole or absent: a download never opens half of it
    _forget_others(directory, season, path)
    return SeasonDownload(file, tagged.etag)


def _forget_others(directory: Path, season: Season, kept: Path) -> None:
    """Remove the season's other documents (one being downloaded stays readable until
    closed) and any file written more than :data:`FORGOTTEN_AFTER` ago (a deleted season's,
    a write cut short): what is removed is only written again when downloaded."""
    forgotten = time.time() - FORGOTTEN_AFTER.total_seconds()
    for path in directory.iterdir():
        if path == kept:
            continue
        try:
            if (
                path.name.startswith(f"{season.pk}-") and path.suffix == ".json"
            ) or path.stat().st_mtime < forgotten:
                path.unlink()
        except FileNotFoundError:
            pass

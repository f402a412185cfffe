"""The season's download (the President's export), written once and served again until it changes.

Made at each download, a season of 200 players × 40 manches took 4.5 s (1,000×
the sign-in page): its facts read, checked by the importer's own validation,
computed by the engine, then written in the format's canonical form, whose
indentation goes through Python's pure-Python encoder. The document changes
only with the season's revision (every write that changes its results bumps
it) and when a compte-rendu deadline the engine had not counted passes (a late
malus may fall then), so its text is kept in a file named by both: the season,
its revision, when it was computed and until when it stays right. A download
while it is right opens that file; any other computes the document again and
replaces the season's previous file.

In files rather than the cache: the document is several MB, and the cache
keeps what pages read at every view.
"""

from __future__ import annotations

import os
import secrets
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import BinaryIO

from django.conf import settings

from ..models import Season
from ..transfer import export
from .transfer import dump

#: A file no download opened for this long (a season deleted, or not downloaded since) is removed.
FORGOTTEN_AFTER = timedelta(days=30)
#: No deadline ahead: right until the revision changes.
UNTIL_CHANGED = "0"


def _stamp(moment: datetime | None) -> str:
    return UNTIL_CHANGED if moment is None else str(int(moment.timestamp() * 1_000_000))


def _moment(stamp: str) -> datetime | None:
    return None if stamp == UNTIL_CHANGED else datetime.fromtimestamp(int(stamp) / 1_000_000, UTC)


def _directory() -> Path:
    path = Path(settings.SEASON_EXPORT_DIR)
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def _is_right(path: Path, now: datetime) -> bool:
    """Whether the file (``<season>-<revision>-<computed at>-<until>.json``) holds the document as of ``now``."""
    try:
        _season, _revision, computed, until = path.stem.split("-")
        computed_at, valid_until = _moment(computed), _moment(until)
    except ValueError:  # not one of ours
        return False
    return computed_at is not None and computed_at <= now and (valid_until is None or now < valid_until)


def open_season_download(season: Season, *, now: datetime) -> BinaryIO:
    """The season's document as of ``now`` (the format's canonical text, UTF-8), opened for reading.

    ``season`` carries the revision its row was read with. Raises ``rules.InvalidInput``
    when the season's data is not a valid season.
    """
    directory = _directory()
    prefix = f"{season.pk}-{season.revision}-"
    for path in directory.glob(f"{prefix}*.json"):
        if _is_right(path, now):
            try:
                return path.open("rb")
            except FileNotFoundError:  # replaced by another download meanwhile
                break
    document, until = export.export_document_until(season, now=now)
    path = directory / f"{prefix}{_stamp(now)}-{_stamp(until)}.json"
    written = path.with_name(f"{path.name}.{secrets.token_hex(4)}.part")
    written.write_text(dump(document), encoding="utf-8")
    os.replace(written, path)  # whole or absent: a download never opens half of it
    _forget_others(directory, season, path)
    return path.open("rb")


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

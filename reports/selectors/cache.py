"""The reports' readings of a season, cached by ``league.revision_cache`` under its revision.

A reading stays right until the next write to the season (every write bumps
its revision) and, like the engine's own result, until the next
compte-rendu deadline the computation did not count yet; nothing else makes
it expire. After a change one process recomputes it while the others serve
the previous revision's reading.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from league import revision_cache
from league.models import Season

CACHE_PREFIX = "reports"


def reading_name(*parts: object) -> str:
    """The name of one of the reports' readings of a season."""
    return ":".join(str(p) for p in (CACHE_PREFIX, *parts))


def memo(season: Season, name: str, now: datetime, compute: Callable[[], tuple[Any, datetime | None]]) -> Any:
    """``compute() -> (value, valid_until)`` cached as the reading ``name`` of ``season``'s revision.

    What is kept this way is a page's rendering (its HTML, the JSON of the API), which no
    reader changes: it is read as the object kept (``read_only``), not unpickled at each view
    (the standings page's shared part is 300 KB at 200 × 40)."""

    def make():
        value, until = compute()
        return {name: value}, until

    return revision_cache.reading(season.pk, season.revision, name, now=now, compute=make, read_only=True)

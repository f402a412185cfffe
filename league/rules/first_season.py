"""A player's first season, which makes him eligible for the Rookie of the year (rulings §6).

History arrives in any order (a 2011 file, then 2009's, then 2010's), so the
first season is never "the first file that mentioned him": it is the
earliest, by the seasons' dates, of every file's declaration and of every
season in which he played on the site. It is therefore never later than a
season he played.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

__all__ = ["earliest_season"]


def earliest_season(candidates: Iterable[tuple[str, datetime | None]]) -> str | None:
    """The earliest of ``(season name, start)`` candidates by start; a name
    that cannot be dated (a season the site does not know, named otherwise
    than two years) only wins when nothing else is known. Among equals the
    first given wins, so the caller lists what is already recorded first."""
    best: tuple[str, datetime | None] | None = None
    for name, start in candidates:
        if not name:
            continue
        if best is None or (start is not None and (best[1] is None or start < best[1])):
            best = (name, start)
    return best[0] if best else None

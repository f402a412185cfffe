"""A manche's compte-rendu deadlines as a view into the season's one list of starts.

The deadlines of a manche are the starts of every later non-cancelled manche
(§5.4). Stored as a tuple per manche they made a season's result quadratic
in its number of manches (1,600 manches: 1.3 million datetimes); here every
manche points into one sorted tuple shared by the whole season, so the
result (and anything pickling it in one piece) grows linearly.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime


class Deadlines(Sequence):
    """``starts[first:]`` (shared, sorted, in UTC), or ``(final,)`` when no
    later manche follows. Compares equal to the tuple of the same instants."""

    __slots__ = ("final", "first", "starts")

    def __init__(self, starts: tuple[datetime, ...], first: int, final: datetime | None = None):
        self.starts = starts
        self.first = first
        self.final = final if first >= len(starts) else None

    def _items(self) -> tuple[datetime, ...]:
        return self.starts[self.first :] if self.final is None else (self.final,)

    def __len__(self) -> int:
        return 1 if self.final is not None else len(self.starts) - self.first

    def __getitem__(self, index):
        if self.final is None and isinstance(index, int) and index >= 0:
            return self.starts[self.first + index]
        return self._items()[index]

    def __iter__(self) -> Iterator[datetime]:
        if self.final is not None:
            yield self.final
            return
        starts = self.starts
        for i in range(self.first, len(starts)):
            yield starts[i]

    def first_after(self, moment: datetime) -> datetime | None:
        """The first deadline strictly after ``moment`` (None when all are reached).

        ``moment`` is compared in UTC, as the starts are: in another zone, each of
        the search's comparisons looked its offset up (the next expiry of a big
        season's 1,600 manches took 14 ms, 1 in UTC)."""
        moment = moment.astimezone(UTC)
        if self.final is not None:
            return self.final if self.final > moment else None
        i = bisect.bisect_right(self.starts, moment, lo=self.first)
        return self.starts[i] if i < len(self.starts) else None

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Deadlines | tuple | list):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._items())

    def __repr__(self) -> str:
        return f"Deadlines({self._items()!r})"

    def __reduce__(self):
        return (Deadlines, (self.starts, self.first, self.final))

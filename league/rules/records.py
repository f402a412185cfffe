"""What people love to read: streaks and head-to-head, over every season.

Read from the played manches' places at the table (the same input as the
rating, :class:`~.rating.RatedManche`), in the same order: seasons, then
manche numbers. The absent player of a manche at 4 did not sit: that manche
neither extends nor breaks his streaks and meets no opponent.

Streaks: consecutive manches *won* (place 1, shared or not), *in the top 2*
(place 1 or 2), *without a last place* (never at the table's worst place).
Head-to-head: for each pair of players, the manches they sat at together
and who finished above whom.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .rating import RatedManche

__all__ = ["STREAK_KINDS", "HeadToHead", "Records", "Streak", "compute_records"]

WON, TOP_TWO, NEVER_LAST = "won", "top_two", "never_last"
STREAK_KINDS = (WON, TOP_TWO, NEVER_LAST)


@dataclass(frozen=True)
class Streak:
    """``length`` manches in a row, from manche ``first`` to manche ``last``
    (each ``(season, number)``)."""

    kind: str
    player: str
    length: int
    first: tuple[str, int]
    last: tuple[str, int]


@dataclass(frozen=True)
class HeadToHead:
    """``player`` against ``opponent``: manches together, finished above, below, level."""

    player: str
    opponent: str
    together: int
    above: int
    below: int
    level: int


@dataclass(frozen=True)
class Records:
    """Each player's longest streak of each kind (the earliest of equal ones), his
    current run of each kind, and his head-to-head against every opponent."""

    longest: dict[str, dict[str, Streak]] = field(default_factory=dict)
    current: dict[str, dict[str, Streak]] = field(default_factory=dict)
    head_to_head: dict[str, tuple[HeadToHead, ...]] = field(default_factory=dict)

    def longest_of(self, kind: str) -> tuple[Streak, ...]:
        """Every player's longest streak of ``kind``, longest first (ties: earliest end, then player)."""
        found = [streaks[kind] for streaks in self.longest.values() if kind in streaks]
        return tuple(sorted(found, key=lambda s: (-s.length, s.last, s.player)))


def _qualifies(kind: str, place: int, worst: int) -> bool:
    if kind == WON:
        return place == 1
    if kind == TOP_TWO:
        return place <= 2
    return place != worst


def compute_records(manches: Iterable[RatedManche]) -> Records:
    """Streaks and head-to-head of every player, from the manches in order."""
    running: dict[str, dict[str, Streak]] = {}
    longest: dict[str, dict[str, Streak]] = {}
    pairs: dict[tuple[str, str], list[int]] = {}  # (player, opponent) -> [together, above, below, level]
    for manche in manches:
        if len(manche.places) < 2:
            continue
        at = (manche.season, manche.number)
        worst = max(place for _p, place in manche.places)
        for player, place in manche.places:
            mine = running.setdefault(player, {})
            for kind in STREAK_KINDS:
                if not _qualifies(kind, place, worst):
                    mine.pop(kind, None)
                    continue
                before = mine.get(kind)
                streak = Streak(
                    kind, player, before.length + 1 if before else 1, before.first if before else at, at
                )
                mine[kind] = streak
                best = longest.setdefault(player, {}).get(kind)
                if best is None or streak.length > best.length:
                    longest[player][kind] = streak
            for opponent, other_place in manche.places:
                if opponent == player:
                    continue
                tally = pairs.setdefault((player, opponent), [0, 0, 0, 0])
                tally[0] += 1
                tally[1 if place < other_place else 2 if place > other_place else 3] += 1
    head_to_head: dict[str, list[HeadToHead]] = {}
    for (player, opponent), (together, above, below, level) in pairs.items():
        head_to_head.setdefault(player, []).append(
            HeadToHead(player, opponent, together, above, below, level)
        )
    return Records(
        longest=longest,
        current={player: dict(streaks) for player, streaks in running.items() if streaks},
        head_to_head={
            player: tuple(sorted(rows, key=lambda h: (-h.together, h.opponent)))
            for player, rows in head_to_head.items()
        },
    )

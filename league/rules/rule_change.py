"""What a change of a season's rules would do: the classification before and
after side by side, every rank that moves, every title and accessit that
changes hands.

The President may change a season's parameters mid-season (garde contre
multiplier, défensifs, place points, participation threshold, last-manche
delay); the site computes the season under both rule sets and hands both
results here, before anything is saved.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .season import SeasonResult

__all__ = ["HandsChange", "RankChange", "RuleChangeEffect", "rule_change_effect"]


@dataclass(frozen=True)
class RankChange:
    """A player's line before and after (None: not classified on that side);
    ``tied_*``: his rank is shared on that side (the standings write it « 4= »)."""

    player: str
    rank_before: int | None
    rank_after: int | None
    average_before: Fraction | None
    average_after: Fraction | None
    tied_before: bool = False
    tied_after: bool = False

    @property
    def moved(self) -> bool:
        return self.rank_before != self.rank_after


@dataclass(frozen=True)
class HandsChange:
    """A title or an accessit held by ``before`` now, by ``after`` with the change (player ids, sorted)."""

    award: str
    before: tuple[str, ...]
    after: tuple[str, ...]


@dataclass(frozen=True)
class RuleChangeEffect:
    """``lines`` in the order of the classification with the change."""

    lines: tuple[RankChange, ...]
    titles: tuple[HandsChange, ...]
    accessits: tuple[HandsChange, ...]

    @property
    def moves(self) -> tuple[RankChange, ...]:
        return tuple(line for line in self.lines if line.moved)

    @property
    def changes_anything(self) -> bool:
        return bool(self.moves or self.titles or self.accessits) or any(
            line.average_before != line.average_after for line in self.lines
        )


def rule_change_effect(before: SeasonResult, after: SeasonResult) -> RuleChangeEffect:
    """Compare the season computed under its current rules (``before``) and the new ones (``after``)."""
    old = {row.player: row for row in before.standings}
    new = {row.player: row for row in after.standings}
    order = [row.player for row in after.standings] + [p for p in old if p not in new]
    lines = tuple(
        RankChange(
            player,
            old[player].rank if player in old else None,
            new[player].rank if player in new else None,
            old[player].average if player in old else None,
            new[player].average if player in new else None,
            player in old and old[player].tied,
            player in new and new[player].tied,
        )
        for player in order
    )
    return RuleChangeEffect(
        lines=lines,
        titles=_changed(_holders_of_titles(before), _holders_of_titles(after)),
        accessits=_changed(_holders_of_accessits(before), _holders_of_accessits(after)),
    )


def _holders_of_titles(result: SeasonResult) -> dict[str, tuple[str, ...]]:
    holders: dict[str, list[str]] = {}
    for row in result.standings:
        if row.title:
            holders.setdefault(row.title, []).append(row.player)
    return {title: tuple(sorted(players)) for title, players in holders.items()}


def _holders_of_accessits(result: SeasonResult) -> dict[str, tuple[str, ...]]:
    return {a.award: tuple(sorted(a.players)) for a in result.accessits}


def _changed(
    before: dict[str, tuple[str, ...]], after: dict[str, tuple[str, ...]]
) -> tuple[HandsChange, ...]:
    awards = list(before) + [a for a in after if a not in before]
    return tuple(
        HandsChange(award, before.get(award, ()), after.get(award, ()))
        for award in awards
        if before.get(award, ()) != after.get(award, ())
    )

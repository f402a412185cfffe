"""The season manche after manche: each player's points moyens as they stood (§5).

The chart of the season draws these; computing them here keeps the
averages' formula in one place, the engine.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from .season import SeasonResult


def average_progression(result: SeasonResult) -> dict[str, tuple[tuple[int, Fraction], ...]]:
    """For each classified player, ``(manche number, points moyens after it)`` for
    each of his manches in order. Place points and that manche's adjustments
    accumulate; the last point is the standings' own average, so a closed
    season's participation malus shows on the final point."""
    totals: dict[str, Fraction] = {}
    counts: dict[str, int] = {}
    series: dict[str, list[tuple[int, Fraction]]] = {}
    # Fractions are slow to add: a first value is taken as it is, not added to a zero
    # (a season of 200 players and 1,600 manches made 8,000 of each for nothing).
    for number, outcome in result.manches.items():
        changes: dict[str, Fraction] = {}
        for entry in outcome.ranking:
            player, points = entry.player, entry.points_fraction
            changes[player] = changes[player] + points if player in changes else points
            counts[player] = counts.get(player, 0) + 1
        adjusted: dict[str, Decimal] = {}  # summed as decimals, made a fraction once
        for adj in outcome.adjustments:
            if adj.player in changes:
                adjusted[adj.player] = adjusted.get(adj.player, Decimal(0)) + adj.value
        for player, change in changes.items():
            if player in adjusted:
                change += Fraction(adjusted[player])
            total = totals[player] = totals[player] + change if player in totals else change
            series.setdefault(player, []).append((number, total / (counts[player] + 1)))
    for row in result.standings:
        points = series.get(row.player)
        if points:
            points[-1] = (points[-1][0], row.average)
    return {player: tuple(points) for player, points in series.items()}

"""Why a player has his points: one line per manche and per bonus or malus.

The site shows these lines under the classification so that any reader can
check a total by hand; every line carries its numbers.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from .adjustments import Adjustment
from .messages import Message, ngettext, ordinal
from .messages import gettext_noop as _
from .numbers import decimal_of_fraction, json_number
from .season import MancheOutcome, SeasonResult, StandingRow

__all__ = ["explain_lines", "explain_player", "explain_season", "explanation_lengths"]


def _n(x) -> object:
    return json_number(x)


def explain_player(result: SeasonResult, player: str) -> tuple[Message, ...]:
    """Ordered lines: each played manche (place and place points) followed by
    its bonuses and maluses, then the participation malus and the totals."""
    row = next((r for r in result.standings if r.player == player), None)
    return explain_lines(player, result.manches.values(), result.adjustments_by_player.get(player, ()), row)


def explanation_lengths(result: SeasonResult) -> dict[str, int]:
    """How many lines :func:`explain_player` writes for each classified player, without
    writing them: one per manche he played and per adjustment of his in it, one per
    adjustment of the season's own, one for the totals."""
    lines: dict[str, int] = {}
    for outcome in result.manches.values():
        at_table = {entry.player for entry in outcome.ranking}
        for player in at_table:
            lines[player] = lines.get(player, 0) + 1
        for adjustment in outcome.adjustments:
            if adjustment.player in at_table:
                lines[adjustment.player] += 1
    return {
        row.player: lines.get(row.player, 0)
        + sum(1 for a in result.adjustments_by_player.get(row.player, ()) if a.manche is None)
        + 1
        for row in result.standings
    }


def explain_lines(
    player: str, outcomes: Iterable[MancheOutcome], adjustments: Iterable[Adjustment], row: StandingRow | None
) -> tuple[Message, ...]:
    """:func:`explain_player` from its parts: the manches in order (those without
    ``player`` are passed over), his adjustments (only the season's own, of no
    manche, are read here: each manche holds its own) and his line of the
    classification (None: no totals). A big season's site explains a line from
    these when it is unfolded, rather than every line with the season."""
    lines: list[Message] = []
    for outcome in outcomes:
        entry = next((e for e in outcome.ranking if e.player == player), None)
        if entry is None:
            continue
        if entry.absent:
            lines.append(
                Message(
                    _(
                        "Manche %(number)s: absence (played at 4), %(place)s with a score of 0, place points: %(points)s"
                    ),
                    {"number": outcome.number, "place": ordinal(entry.place), "points": _n(entry.points)},
                )
            )
        else:
            lines.append(
                Message(
                    _("Manche %(number)s: %(place)s with a score of %(score)s, place points: %(points)s"),
                    {
                        "number": outcome.number,
                        "place": ordinal(entry.place),
                        "score": entry.score,
                        "points": _n(entry.points),
                    },
                )
            )
        lines.extend(a.reason for a in outcome.adjustments if a.player == player)
    lines.extend(a.reason for a in adjustments if a.manche is None)
    if row is not None:
        # "… en divisant les points cumulés … par le nombre de manches auxquelles il a participé +1"
        rounded = (Fraction(row.average) * 100).denominator == 1  # exact to the hundredth: "=", else "≈"
        lines.append(
            Message(
                _(
                    "Total points: %(place_points)s from places + %(bonus)s bonus − %(malus)s malus = %(points)s; average points: %(points)s ÷ (%(manches)s + 1) = %(average)s"
                )
                if rounded
                else _(
                    "Total points: %(place_points)s from places + %(bonus)s bonus − %(malus)s malus = %(points)s; average points: %(points)s ÷ (%(manches)s + 1) ≈ %(average)s"
                ),
                {
                    "place_points": _n(row.place_points),
                    "bonus": _n(row.bonus),
                    "malus": _n(row.malus),
                    "points": _n(row.points),
                    "manches": ngettext("%(n)s manche", "%(n)s manches", row.manches),
                    "average": _hundredths(row.average),
                },
            )
        )
    return tuple(lines)


def _hundredths(f: Fraction) -> Decimal:
    """An average as the classification shows it: two decimals, halves away from zero."""
    d = decimal_of_fraction(f).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return d.quantize(Decimal(1)) if d == d.to_integral_value() else d.normalize()


def explain_season(result: SeasonResult) -> dict[str, tuple[Message, ...]]:
    """:func:`explain_player` for every classified player, in standings order."""
    return {row.player: explain_player(result, row.player) for row in result.standings}

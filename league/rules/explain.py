"""Why a player has his points: one line per manche and per bonus or malus.

The site shows these lines under the classification so that any reader can
check a total by hand; every line carries its numbers.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from .messages import Message, ngettext, ordinal
from .messages import gettext_noop as _
from .numbers import decimal_of_fraction, json_number
from .season import SeasonResult, StandingRow

__all__ = ["explain_player", "explain_season"]


def _n(x) -> object:
    return json_number(x)


def explain_player(result: SeasonResult, player: str) -> tuple[Message, ...]:
    """Ordered lines: each played manche (place and place points) followed by
    its bonuses and maluses, then the participation malus and the totals."""
    lines: list[Message] = []
    for outcome in result.manches.values():
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
    lines.extend(a.reason for a in result.adjustments_by_player.get(player, ()) if a.manche is None)
    row: StandingRow | None = next((r for r in result.standings if r.player == player), None)
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

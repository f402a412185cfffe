"""Why a player has his points: one line per manche and per bonus or malus.

The site shows these lines under the classification so that any reader can
check a total by hand; every line carries its numbers.
"""

from __future__ import annotations

from .messages import Message
from .messages import gettext_noop as _
from .numbers import json_number
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
                    _("Manche %(number)s: absent, classified 5th with a score of 0: %(points)s points"),
                    {"number": outcome.number, "points": _n(entry.points)},
                )
            )
        else:
            lines.append(
                Message(
                    _("Manche %(number)s: place %(place)s with a score of %(score)s: %(points)s points"),
                    {
                        "number": outcome.number,
                        "place": entry.place,
                        "score": entry.score,
                        "points": _n(entry.points),
                    },
                )
            )
        lines.extend(a.reason for a in outcome.adjustments if a.player == player)
    lines.extend(a.reason for a in result.adjustments_by_player.get(player, ()) if a.manche is None)
    row: StandingRow | None = next((r for r in result.standings if r.player == player), None)
    if row is not None:
        lines.append(
            Message(
                _(
                    "Total: %(place_points)s place points + %(bonus)s bonus − %(malus)s malus = %(points)s points; average %(points)s ÷ (%(manches)s + 1) = %(average)s"
                ),
                {
                    "place_points": _n(row.place_points),
                    "bonus": _n(row.bonus),
                    "malus": _n(row.malus),
                    "points": _n(row.points),
                    "manches": row.manches,
                    "average": _n(row.average),
                },
            )
        )
    return tuple(lines)


def explain_season(result: SeasonResult) -> dict[str, tuple[Message, ...]]:
    """:func:`explain_player` for every classified player, in standings order."""
    return {row.player: explain_player(result, row.player) for row in result.standings}

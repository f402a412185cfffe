"""Bonuses and maluses on a player's cumulated points.

Shared by the manche bonuses (§5.1–5.3), the compte-rendu rules (§5.4–5.5)
and the season's participation malus (§5.6). One :class:`Adjustment` is one
event with its own reason; the export sums them per player and kind.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from .messages import Message

__all__ = ["ADJUSTMENT_KINDS", "Adjustment", "summed_adjustments"]

SEUL_POSITIF = "seul_positif"
BOUTS_SUR_PRISE = "bouts_sur_prise"
DEFENSIF = "defensif"
CR_RETARD = "cr_retard"
CR_NON_CONFORME = "cr_non_conforme"
CR_REMPLACEMENT = "cr_remplacement"
PARTICIPATION = "participation"
ADJUSTMENT_KINDS = (
    SEUL_POSITIF,
    BOUTS_SUR_PRISE,
    DEFENSIF,
    CR_RETARD,
    CR_NON_CONFORME,
    CR_REMPLACEMENT,
    PARTICIPATION,
)


@dataclass(frozen=True)
class Adjustment:
    """A signed bonus (+) or malus (−) for ``player``; ``manche`` is None
    only for the participation malus of a closed season."""

    player: str
    kind: str
    value: Decimal
    manche: int | None
    reason: Message


def summed_adjustments(adjustments: Iterable[Adjustment]) -> list[tuple[str, str, Decimal]]:
    """``(player, kind, total)`` per player and kind, in first-seen order:
    the season format's one entry per player and kind (two late deadlines: -1)."""
    totals: dict[tuple[str, str], Decimal] = {}
    for adj in adjustments:
        key = (adj.player, adj.kind)
        totals[key] = totals.get(key, Decimal(0)) + adj.value
    return [(player, kind, value) for (player, kind), value in totals.items()]

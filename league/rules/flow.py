"""The night's point flow: who took jetons from whom, from the donnes.

A reading, not a rule (the rulebook settles each donne against the table and
the pot, not between two players): in each donne, what the losers lost is
shared among the winners in proportion to what each won. When the pot took
or gave jetons in that donne, the larger side is scaled down to the smaller,
so only jetons that went from one player to another are counted; the pot's
share is left out. Between two players only the net amount over the night
is kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .sheet import SheetResult

__all__ = ["Transfer", "point_flow"]


@dataclass(frozen=True)
class Transfer:
    """``payer`` gave ``payee`` ``amount`` jetons, net over the night (exact)."""

    payer: str
    payee: str
    amount: Fraction


def point_flow(sheet: SheetResult) -> tuple[Transfer, ...]:
    """Net transfers between players over the sheet's donnes, largest first."""
    given: dict[tuple[str, str], Fraction] = {}
    for donne in sheet.donnes:
        gains = {p: s for p, s in donne.scores.items() if s > 0}
        losses = {p: -s for p, s in donne.scores.items() if s < 0}
        moved = max(sum(gains.values()), sum(losses.values()))
        for payer, lost in losses.items():
            for payee, won in gains.items():
                key = (payer, payee)
                given[key] = given.get(key, Fraction(0)) + Fraction(lost * won, moved)
    transfers = []
    for (payer, payee), amount in given.items():
        net = amount - given.get((payee, payer), Fraction(0))
        if net > 0:
            transfers.append(Transfer(payer, payee, net))
    return tuple(sorted(transfers, key=lambda t: (-t.amount, t.payer, t.payee)))

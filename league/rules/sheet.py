"""A manche's score sheet: the donnes in order, the pot carried between them.

The sheet threads the pot from donne to donne, infers missing dealers
(dealing rotates to the next seat each donne, §2.1), sums each player's
jetons and collects the per-player statistics the manche bonuses need
(prises, bouts per prise, prises won). Linear in the number of donnes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .card_facts import MADE_CHELEMS
from .donne import ContractDonne, DonneResult, MisereGame, _score_valid, validate_donne
from .errors import RuleViolation, prefixed, raise_if
from .ruleset import RuleSet, canonical_contract

__all__ = ["PlayerStats", "SheetResult", "next_dealer", "score_sheet", "validate_sheet"]


@dataclass
class PlayerStats:
    """What a player did over a sheet. ``bouts`` sums the attaque's bouts
    over the donnes *he took*; ``chelems`` counts chelems made by his attaque
    as preneur; ``petits_au_bout`` the attack's petit au bout on his prises."""

    prises: int = 0
    bouts: int = 0
    prises_won: int = 0
    contracts: dict[str, int] = field(default_factory=dict)
    contracts_won: dict[str, int] = field(default_factory=dict)
    chelems: int = 0
    petits_au_bout: int = 0
    poignees: int = 0
    misere_announcements: int = 0


@dataclass(frozen=True)
class SheetResult:
    """Each donne's result, each player's total, the pot left at the end and
    each player's statistics."""

    donnes: tuple[DonneResult, ...]
    totals: dict[str, int] = field(hash=False)
    pot: int
    stats: dict[str, PlayerStats] = field(hash=False)


def _seat_after(table: Sequence[str], dealer: str) -> str:
    return table[(table.index(dealer) + 1) % len(table)]


def next_dealer(table: Sequence[str], donnes: Sequence[ContractDonne | MisereGame]) -> str:
    """Who deals the donne after ``donnes``: the seat after the last dealer
    (recorded or inferred); ``table[0]`` deals the first donne."""
    dealer = None
    for donne in donnes:
        if donne.dealer is not None and donne.dealer in table:
            dealer = donne.dealer
        else:
            dealer = table[0] if dealer is None else _seat_after(table, dealer)
    return table[0] if dealer is None else _seat_after(table, dealer)


def validate_sheet(
    ruleset: RuleSet, table: Sequence[str], donnes: Sequence[ContractDonne | MisereGame]
) -> list[RuleViolation]:
    """Every problem of every donne, as ``donnes[i].<field>`` paths (table
    problems once, as ``table``)."""
    problems: list[RuleViolation] = []
    for i, donne in enumerate(donnes):
        found = validate_donne(ruleset, table, donne)
        if i > 0:
            found = [p for p in found if not p.field.startswith("table")]
        for p in found:
            problems.append(p if p.field.startswith("table") else prefixed(f"donnes[{i}]", [p])[0])
    return problems


def score_sheet(
    ruleset: RuleSet, table: Sequence[str], donnes: Sequence[ContractDonne | MisereGame]
) -> SheetResult:
    """Score a whole sheet starting from an empty pot. Raises
    :class:`~.errors.InvalidInput` listing every problem of every donne. The
    pot left at the end is reported, not checked (closing a manche with a
    non-empty pot is refused by the season validation)."""
    table = tuple(table)
    raise_if(validate_sheet(ruleset, table, donnes))
    return _score_valid_sheet(ruleset, table, donnes)


def _score_valid_sheet(ruleset: RuleSet, table: tuple, donnes: Sequence) -> SheetResult:
    pot = 0
    dealer = None
    totals = dict.fromkeys(table, 0)
    stats = {p: PlayerStats() for p in table}
    results = []
    for donne in donnes:
        if donne.dealer is not None:
            dealer = donne.dealer
        else:
            dealer = table[0] if dealer is None else _seat_after(table, dealer)
        result = _score_valid(ruleset, table, donne, pot, dealer)
        results.append(result)
        pot = result.pot_after
        for player, score in result.scores.items():
            totals[player] += score
        _count(ruleset, donne, result, stats)
    return SheetResult(donnes=tuple(results), totals=totals, pot=pot, stats=stats)


def _count(ruleset: RuleSet, donne, result: DonneResult, stats: dict[str, PlayerStats]) -> None:
    for m in donne.miseres or ():
        stats[m.player].misere_announcements += 1
    if not isinstance(donne, ContractDonne):
        return
    s = stats[donne.taker]
    contract = canonical_contract(ruleset.family, donne.contract)
    s.prises += 1
    s.bouts += donne.bouts
    s.contracts[contract] = s.contracts.get(contract, 0) + 1
    if result.won:
        s.prises_won += 1
        s.contracts_won[contract] = s.contracts_won.get(contract, 0) + 1
    if donne.chelem in MADE_CHELEMS:
        s.chelems += 1
    if donne.petit_au_bout == "attack":
        s.petits_au_bout += 1
    for p in donne.poignees or ():
        stats[p.player].poignees += 1

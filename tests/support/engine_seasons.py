"""Random but reproducible seasons in the rules engine's terms, for the engine benchmark and test data.

Everything generated is valid input: donnes the rules accept, sheets that end
with an empty pot (the last donne is won), quick-form-free manches with
comptes-rendus posted mostly on time by the vainqueur. Seeded, so a
generated season is the same on every run.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from league.rules.card_facts import attack_points_range, misere_total_range
from league.rules.comptes_rendus import CompteRenduRecord
from league.rules.donne import (
    REQUIRED_POINTS,
    ContractDonne,
    MisereAnnouncement,
    MisereGame,
    Penalty,
    Poignee,
)
from league.rules.ruleset import RuleSet, ruleset_for
from league.rules.season import MancheInput, PlayerInfo, SeasonInput
from league.rules.sheet import score_sheet

__all__ = ["random_donne", "random_sheet", "demo_season"]

_CONTRACTS = ("pouce", "garde", "garde", "garde", "garde_sans", "garde_contre")


def _half(rng: random.Random, low: float, high: float) -> Decimal:
    return Decimal(rng.randint(int(low * 2), int(high * 2))) / 2


def random_donne(rng: random.Random, ruleset: RuleSet, table: tuple[str, ...], *, win: bool = False):
    """A random valid donne at ``table`` (dealer left to the sheet to infer).
    ``win=True`` gives a contract the attaque wins (it empties the pot)."""
    if ruleset.allows_misere and not win and rng.random() < 0.04:
        return MisereGame(None, _misere_points(rng, table))
    taker = rng.choice(table)
    partner = None
    if len(table) == 5 and rng.random() < 0.85:
        partner = rng.choice([p for p in table if p != taker])
    contract = rng.choice(_CONTRACTS)
    bouts = rng.choices((0, 1, 2, 3), weights=(15, 40, 35, 10))[0]
    low, high = attack_points_range(contract=contract, bouts=bouts, chelem=None, players=len(table))
    required = REQUIRED_POINTS[bouts]
    points = _half(rng, max(required - 20, low), min(required + 25, high))
    if win and points < required:
        points = _half(rng, required, high)
    poignees = ()
    if rng.random() < 0.08:
        poignees = (Poignee(rng.choice(table), rng.choice(("simple", "simple", "double", "triple"))),)
    miseres, penalties = (), ()
    if ruleset.has_pot and rng.random() < 0.05:
        announcer, kind, valid = rng.choice(table), rng.choice(("tete", "atout")), rng.random() < 0.9
        # Who showed a poignée holds trumps, the appelé the called king: such misères are false.
        valid = valid and not (kind == "atout" and any(p.player == announcer for p in poignees))
        valid = valid and not (kind == "tete" and announcer == partner)
        miseres = (MisereAnnouncement(announcer, kind, valid),)
    if ruleset.has_pot and rng.random() < 0.03:
        penalties = (Penalty(rng.choice(table), 10, "a joué avant son tour"),)
    chelem = None
    if points == high == 91 and rng.random() < 0.5:  # every card: the attaque took every trick
        made = attack_points_range(contract=contract, bouts=bouts, chelem="made", players=len(table))
        if made is not None and made[0] <= points <= made[1]:  # unless the défense kept the Excuse
            chelem = "made"
    petit = rng.choices((None, "attack", "defense"), weights=(90, 7, 3))[0]
    if (petit == "attack" and bouts == 0) or (petit == "defense" and (bouts == 3 or chelem)):
        petit = None  # the Petit is a bout: whoever takes it to the last trick holds it
    if partner is None and any(m.player == taker and m.kind == "atout" and m.valid for m in miseres):
        # A lone preneur without a trump never wins a trick a défenseur trumps: not the
        # one the Petit is in, nor all of them.
        petit = None if petit == "attack" else petit
        chelem = None
    return ContractDonne(
        dealer=None,
        taker=taker,
        contract=contract,
        partner=partner,
        bouts=bouts,
        points=points,
        petit_au_bout=petit,
        poignees=poignees,
        chelem=chelem,
        miseres=miseres,
        penalties=penalties,
    )


def _misere_points(rng: random.Random, table: tuple[str, ...]) -> dict[str, Decimal]:
    """Card points of a misère game: 91 minus the chien set aside, split among the players."""
    low, high = misere_total_range(len(table))
    total = int(_half(rng, low, high) * 2)
    cuts = sorted(rng.randint(0, total) for _ in range(len(table) - 1))
    shares = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    return {p: Decimal(s) / 2 for p, s in zip(table, shares, strict=True)}


def random_sheet(rng: random.Random, ruleset: RuleSet, table: tuple[str, ...], n: int = 20) -> tuple:
    """``n`` random donnes then a won one, so the pot is empty at the close."""
    return tuple(random_donne(rng, ruleset, table) for _ in range(n)) + (
        random_donne(rng, ruleset, table, win=True),
    )


def demo_season(
    seed: int = 2011,
    *,
    name: str = "2011-2012",
    players: int = 12,
    manches_per_player: int = 10,
    donnes_per_manche: int = 20,
    closed: bool = False,
) -> SeasonInput:
    """A Tarot-Bière season where each of ``players`` plays about
    ``manches_per_player`` manches of 5 (an occasional manche at 4 with an
    absent player), each with a full sheet and comptes-rendus."""
    rng = random.Random(seed)
    ruleset = ruleset_for("tarot-biere", name)
    ids = [f"player{i:03d}" for i in range(players)]
    infos = {
        p: PlayerInfo(p, f"Player {i}", name if rng.random() < 0.2 else "2008-2009")
        for i, p in enumerate(ids)
    }
    played = dict.fromkeys(ids, 0)
    count = players * manches_per_player // 5
    paris = ZoneInfo(ruleset.timezone)
    start = datetime(int(name[:4]), 9, 1, 21, tzinfo=paris)
    step = timedelta(hours=max(1, int(300 * 24 / max(count, 1))))
    manches = []
    for number in range(1, count + 1):
        starts_at = start + step * (number - 1)
        seated = sorted(ids, key=lambda p: (played[p], rng.random()))[:5]
        absent = None
        if rng.random() < 0.05:
            absent = seated.pop()
        for p in seated + ([absent] if absent else []):
            played[p] += 1
        table = tuple(seated)
        donnes = random_sheet(rng, ruleset, table, max(0, donnes_per_manche - 1))
        totals = score_sheet(ruleset, table, donnes).totals
        best = max(totals.values())
        winners = [p for p in table if totals[p] == best]
        winner = winners[0]
        crs = []
        delay = timedelta(hours=rng.uniform(1, 24 * 20))
        if rng.random() < 0.1:  # a rejected one, then a revision or a replacement
            posted = starts_at + delay % step
            crs.append(CompteRenduRecord(winner, posted, "rejected", posted + timedelta(hours=5)))
            author = winner if rng.random() < 0.6 else rng.choice([p for p in table if p not in winners])
            crs.append(CompteRenduRecord(author, posted + timedelta(hours=rng.uniform(6, 12)), "accepted"))
        elif rng.random() < 0.9:
            crs.extend(CompteRenduRecord(w, starts_at + delay % step, "accepted") for w in winners)
        else:  # late by one to three manches
            late = step * rng.randint(1, 3) + timedelta(hours=rng.uniform(0, 2))
            crs.append(CompteRenduRecord(winner, starts_at + late, "pending"))
        manches.append(
            MancheInput(number, starts_at, "played", table, absent, donnes, None, None, tuple(crs))
        )
    return SeasonInput(name, ruleset, infos, tuple(manches), None, closed, ())

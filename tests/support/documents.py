"""Random but valid season documents in the interchange format, for the transfer tests and the import benchmark.

Built from the demo club's simulator (``league.demo``): every document
passes the import's checks, and the same seed gives the same document.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from league import rules
from league.demo import FEATURES, FIRST_NAMES, LOCATIONS, PARIS, MancheSpec, document, play_season


def player_names(n: int) -> list[tuple[str, str]]:
    """``n`` players with short ids and French first names (an initial when names repeat)."""
    out = []
    for k in range(n):
        first = FIRST_NAMES[k % len(FIRST_NAMES)]
        suffix = k // len(FIRST_NAMES)
        name = first if suffix == 0 else f"{first} {chr(ord('A') + suffix - 1)}."
        out.append((f"j{k + 1:03d}", name))
    return out


def random_season(
    seed: int,
    *,
    name: str = "2011-2012",
    family: str = "tarot-biere",
    players: int = 12,
    manches: int = 12,
    manches_per_player: int | None = None,
    donnes: tuple[int, int] = (4, 12),
    quick_share: float = 0.2,
    cancelled_share: float = 0.08,
    planned_share: float = 0.1,
    at_four_share: float = 0.1,
    params: dict | None = None,
    closed: bool | None = None,
    comptes_rendus: bool = True,
    start: datetime | None = None,
    now: datetime | None = None,
) -> dict:
    """A random but valid season document (a hypothesis-style generator, driven by ``seed``).

    With ``manches_per_player``, every player plays exactly that many
    manches (``players × manches_per_player / 5`` tables, shuffled round by
    round), which is how the benchmark builds its 200 × 40 season.
    """
    rng = random.Random(seed)
    roster = player_names(players)
    ids = [pid for pid, _n in roster]
    names = dict(roster)
    ruleset = rules.ruleset_for(family, name, params or {})
    start = start or datetime(int(name[:4]) if name[:4].isdigit() else 2011, 9, 1, 21, 0, tzinfo=PARIS)
    tb = ruleset.is_tarot_biere
    specs: list[MancheSpec] = []
    if manches_per_player is not None:
        per_round = players // 5
        rounds = manches_per_player
        for r in range(rounds):
            shuffled = rng.sample(ids, len(ids))
            day = start + timedelta(days=7 * r)
            for t in range(per_round):
                specs.append(
                    MancheSpec(
                        number=len(specs) + 1,
                        starts_at=day,
                        table=shuffled[5 * t : 5 * t + 5],
                        target=rng.randint(*donnes),
                        cr_scenario="on_time",
                    )
                )
    else:
        for k in range(manches):
            size = 5 if tb else rng.choice([3, 4, 5])
            spec = MancheSpec(
                number=k + 1,
                starts_at=start + timedelta(days=7 * k, hours=rng.choice([0, 0, 0, 1])),
                table=rng.sample(ids, size),
                location=rng.choice(LOCATIONS + [""]),
                target=rng.randint(*donnes),
                quick=rng.random() < quick_share,
                cr_scenario=rng.choice(
                    ["on_time", "on_time", "late", "none", "pending", "revised", "replaced"]
                ),
                order_ties=rng.random() < 0.5,
                forced=[{rng.choice(FEATURES)} for _ in range(rng.randint(0, 3))] if tb else [],
            )
            roll = rng.random()
            if k > 0 and roll < cancelled_share:
                spec.status, spec.table = "cancelled", []
            elif k > 0 and roll < cancelled_share + planned_share:
                spec.status = "planned"
                spec.table = spec.table if rng.random() < 0.5 else []
            elif tb and rng.random() < at_four_share:
                spec.absent = spec.table.pop()
            specs.append(spec)
        rng.shuffle(specs)  # numbers need not follow the document's order
    now = now or (max(s.starts_at for s in specs) + timedelta(days=rng.choice([3, 30])))
    president = rng.choice(ids) if rng.random() < 0.7 else None
    vice = rng.choice([p for p in ids if p != president]) if president and rng.random() < 0.7 else None
    manche_docs = play_season(
        rng,
        name=name,
        ruleset=ruleset,
        manches=specs,
        names=names,
        officers=tuple(p for p in (president, vice) if p),
        now=now,
        write_dealer=rng.random() < 0.7,
    )
    if not comptes_rendus:
        for m in manche_docs:
            m["comptes_rendus"] = []
    seated = sorted({p for m in manche_docs for p in [*m["table"], *([m["absent"]] if m["absent"] else [])]})
    awards = []
    if seated and rng.random() < 0.6:
        for award in rng.sample(["fair_play", "manque_de_bol", "truffe"], rng.randint(1, 3)):
            awards.append(
                {
                    "award": award,
                    "player": rng.choice(seated),
                    "citation": rng.choice([None, "Bravo !", "Pour l'ensemble de son œuvre."]),
                }
            )
    firsts = [name, "2008-2009", None, "2010-2011"]
    return document(
        name=name,
        ruleset_name=family,
        params=params,
        players=[{"id": pid, "name": names[pid], "first_season": rng.choice(firsts)} for pid in ids],
        manches=manche_docs,
        president=president,
        vice_president=vice,
        awards=awards,
        closed=rng.random() < 0.5 if closed is None else closed,
    )

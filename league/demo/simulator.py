"""Playing manches the way a table does, and writing them down.

Everything here is *played*, not computed: :class:`Table` deals donnes the
way a table would (who takes, which contract, how many bouts and card
points, the poignées shown, a chelem now and then, misères announced,
penalties, the misère game when everyone passes) and asks the rules engine
what each donne gives, so it knows the pot. Past the target length of a
night it keeps dealing until a winning donne empties the pot, as the
rulebook ends a manche ("la première partie victorieuse passé minuit").
Comptes-rendus follow the engine's vainqueur: posted in time, late,
rejected then revised, or rejected and replaced by another participant.
:func:`play_season` plays a list of :class:`MancheSpec` into manches of the
season interchange format, :func:`document` wraps them into a season
document. Pure Python (no Django); ``random.Random`` passed in is the only
source of chance. The tests' random seasons are built on it too
(``tests/support/documents.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal

from league import rules
from league.rules.card_facts import MADE_CHELEMS, attack_points_range, misere_total_range, poignees_problems
from league.rules.donne import REQUIRED_POINTS

from ..transfer import FORMAT, VERSION
from .club import PARIS

# How a table plays: weights, not rules (the engine scores every donne).
CONTRACT_WEIGHTS = {"pouce": 34, "garde": 46, "garde_sans": 14, "garde_contre": 6}
BOUTS_WEIGHTS = {
    "pouce": (25, 40, 28, 7),
    "prise": (25, 40, 28, 7),
    "garde": (15, 35, 37, 13),
    "garde_sans": (5, 25, 45, 25),
    "garde_contre": (3, 17, 45, 35),
}
MARGIN_MEAN = {"pouce": 1.0, "prise": 1.0, "garde": 3.0, "garde_sans": 6.0, "garde_contre": 8.0}
PENALTIES = [
    ("a regardé le chien", 10),
    ("a joué avant son tour", 10),
    ("a renoncé", 10),
    ("maldonne : a redonné", 10),
    ("a montré ses cartes", 10),
    ("a jeté son jeu avant de jouer", 60),
]
CONTRACT_FR = {
    "pouce": "pouce",
    "prise": "prise",
    "garde": "garde",
    "garde_sans": "garde sans",
    "garde_contre": "garde contre",
}
FEATURES = (
    "win",
    "alone",
    "pouce",
    "garde",
    "garde_sans",
    "garde_contre",
    "petit_attack",
    "petit_defense",
    "simple",
    "double",
    "triple",
    "announced_made",
    "made",
    "announced_failed",
    "defense",
    "misere_valid",
    "misere_false",
    "penalty",
    "misere_game",
)


def _round_half(x: float) -> Decimal:
    return Decimal(round(x * 2)) / 2


def _json_points(d: Decimal) -> int | float:
    return rules.json_number(d)


# --------------------------------------------------------------------------
# a night at the table
# --------------------------------------------------------------------------


@dataclass
class Style:
    appetite: float = 1.0
    skill: float = 0.0


def to_engine(d: dict) -> rules.ContractDonne | rules.MisereGame:
    """A generated donne (interchange shape) in the engine's terms."""
    if d["kind"] == "misere":
        return rules.donne_from_fields(
            kind="misere",
            dealer=d.get("dealer"),
            miseres=d.get("miseres", ()),
            penalties=d.get("penalties", ()),
            misere_points={p: rules.to_decimal(v) for p, v in d["points"].items()},
        )
    return rules.donne_from_fields(
        kind=d["kind"],
        dealer=d.get("dealer"),
        taker=d["taker"],
        contract=d["contract"],
        partner=d["partner"],
        bouts=d["bouts"],
        points=rules.to_decimal(d["points"]),
        petit_au_bout=d["petit_au_bout"],
        chelem=d["chelem"],
        poignees=d["poignees"],
        miseres=d.get("miseres", ()),
        penalties=d.get("penalties", ()),
    )


class Table:
    """Deals a night's donnes at one table and keeps the pot with the engine."""

    def __init__(
        self,
        rng: random.Random,
        ruleset: rules.RuleSet,
        table: list[str],
        styles: dict[str, Style] | None = None,
        *,
        write_dealer: bool = True,
    ):
        self.rng = rng
        self.ruleset = ruleset
        self.table = list(table)
        self.styles = styles or {}
        self.write_dealer = write_dealer
        self.pot = 0
        # The first dealer: drawn at the table, or (dealers not written) the first seat, as the engine infers.
        self.dealer_seat = rng.randrange(len(table)) if write_dealer else 0
        self.donnes: list[dict] = []
        self.results: list = []

    def style(self, player: str) -> Style:
        return self.styles.get(player, Style())

    # -- one donne ---------------------------------------------------------

    def contract_donne(self, force: set[str]) -> dict:
        rng, table = self.rng, self.table
        tb = self.ruleset.is_tarot_biere
        taker = rng.choices(table, weights=[self.style(p).appetite for p in table])[0]
        forced_contract = next(
            (c for c in ("pouce", "garde", "garde_sans", "garde_contre") if c in force), None
        )
        contract = (
            forced_contract or rng.choices(list(CONTRACT_WEIGHTS), weights=list(CONTRACT_WEIGHTS.values()))[0]
        )
        if contract == "pouce" and not tb:
            contract = "prise"
        partner = None
        if self.ruleset.calls_a_king(len(table)) and "alone" not in force and rng.random() < 0.85:
            partner = rng.choice([p for p in table if p != taker])
        chelem = next(
            (c for c in ("announced_made", "made", "announced_failed", "defense") if c in force), None
        )
        if chelem is None and rng.random() < 0.004:
            chelem = rng.choices(
                ["made", "announced_made", "announced_failed", "defense"], weights=[3, 3, 2, 1]
            )[0]
        players = len(table)
        if chelem in ("announced_made", "made"):  # every trick: all the bouts, the chien aside
            bouts = 3
            points = attack_points_range(contract=contract, bouts=3, chelem=chelem, players=players)[1]
        elif chelem == "defense":  # no trick: what the écart or the chien leaves the attaque
            bouts = 0
            points = attack_points_range(contract=contract, bouts=0, chelem=chelem, players=players)[0]
        else:
            bouts = rng.choices(range(4), weights=BOUTS_WEIGHTS[contract])[0]
            if "petit_attack" in force:  # the Petit taken to the last trick is a bout held
                bouts = max(bouts, 1)
            elif "petit_defense" in force:
                bouts = min(bouts, 2)
            required = float(REQUIRED_POINTS[bouts])
            margin = rng.gauss(MARGIN_MEAN[contract] + self.style(taker).skill, 10.0)
            if "win" in force or chelem == "announced_failed":
                margin = abs(margin) + (10 if chelem else 0)
            low, high = 4.5 * bouts, 91 - 4.5 * (3 - bouts)
            points = _round_half(min(high, max(low, required + margin)))
            if "win" in force and points < REQUIRED_POINTS[bouts]:
                points = REQUIRED_POINTS[bouts]
        won = points >= REQUIRED_POINTS[bouts]
        petit = None
        if "petit_attack" in force:
            petit = "attack"
        elif "petit_defense" in force:
            petit = "defense"
        elif chelem not in ("announced_made", "made", "defense") and rng.random() < 0.07:
            petit = "attack" if rng.random() < (0.7 if won else 0.35) else "defense"
        # the Petit is a bout held by the side taking it to the last trick, which took a trick
        if petit == "attack" and (bouts == 0 or chelem == "defense"):
            petit = None
        if petit == "defense" and (bouts == 3 or chelem in ("announced_made", "made")):
            petit = None
        poignees = []
        level = next((lv for lv in ("simple", "double", "triple") if lv in force), None)
        if level is None and rng.random() < 0.09:
            level = rng.choices(["simple", "double", "triple"], weights=[80, 16, 4])[0]
        if level:
            shower = taker if rng.random() < 0.6 else rng.choice(table)
            poignees.append({"player": shower, "level": level})
            # A second one, a simple, when the deck holds both (not at three, nor beside a triple at four).
            both = [level, "simple"]
            if rng.random() < 0.08 and not poignees_problems(
                both, len(table), tarot_biere=self.ruleset.is_tarot_biere
            ):
                other = rng.choice([p for p in table if p != shower])
                poignees.append({"player": other, "level": "simple"})
        donne = {
            "kind": "contract",
            "taker": taker,
            "contract": contract,
            "partner": partner,
            "bouts": bouts,
            "points": _json_points(points),
            "petit_au_bout": petit,
            "poignees": poignees,
            "chelem": chelem,
        }
        self._side_bets(donne, force)
        return donne

    def misere_game(self, force: set[str]) -> dict:
        rng, table = self.rng, self.table
        weights = [rng.uniform(0.2, 1.0) for _ in table]
        total = sum(weights)
        low, high = misere_total_range(len(table))  # the chien is set aside
        cards = _round_half(rng.uniform(float(low), float(high)))
        points = [_round_half(float(cards) * w / total) for w in weights]
        points[-1] += cards - sum(points)
        if points[-1] < 0:  # rounding pushed the last one below zero: give it the smallest half
            points[0] += points[-1]
            points[-1] = Decimal(0)
        if rng.random() < 0.15:  # two players tied: the shares are rounded, the rest stays in the pot
            points[1] = points[0]
            points[-1] = cards - sum(points[:-1])
            if points[-1] < 0:
                points = [_round_half(float(cards) / len(table))] * len(table)
                points[-1] = cards - sum(points[:-1])
        donne = {"kind": "misere", "points": {p: _json_points(v) for p, v in zip(table, points, strict=True)}}
        self._side_bets(donne, force)
        return donne

    def _side_bets(self, donne: dict, force: set[str]) -> None:
        rng, table = self.rng, self.table
        miseres, penalties = [], []
        if self.ruleset.has_pot:
            if "misere_valid" in force or "misere_false" in force or rng.random() < 0.04:
                valid = "misere_false" not in force and ("misere_valid" in force or rng.random() < 0.85)
                player, kind = rng.choice(table), rng.choice(["tete", "atout"])
                if valid:
                    player, kind = self._possible_misere(donne, player, kind)
                miseres.append({"player": player, "kind": kind, "valid": valid})
            if "penalty" in force or rng.random() < 0.03:
                reason, amount = rng.choices(PENALTIES, weights=[5, 5, 3, 3, 2, 1])[0]
                penalties.append({"player": rng.choice(table), "amount": amount, "reason": reason})
        donne["miseres"] = miseres
        donne["penalties"] = penalties

    def _possible_misere(self, donne: dict, player: str, kind: str) -> tuple[str, str]:
        """A valid misère as drawn, unless the donne rules it out: a player who showed a
        poignée, or a lone preneur whose side took the Petit au bout or made the chelem,
        holds trumps (no misère d'atout), the appelé holds the called king (no misère de
        tête). Then the other kind, or a misère de tête by someone else."""
        showers = {p["player"] for p in donne.get("poignees", ())}
        partner = donne.get("partner")
        took_a_trumped_trick = donne.get("petit_au_bout") == "attack" or donne.get("chelem") in MADE_CHELEMS
        if partner is None and took_a_trumped_trick:
            showers.add(donne.get("taker"))  # alone, he won a trick trumps were played in: he held trumps

        def possible(who: str, what: str) -> bool:
            return not (what == "atout" and who in showers) and not (what == "tete" and who == partner)

        for what in (kind, "atout" if kind == "tete" else "tete"):
            if possible(player, what):
                return player, what
        return next(p for p in self.table if p != partner), "tete"

    def deal(self, force: set[str] = frozenset()) -> dict:
        """Deal, play and record one donne (the engine says what it gives)."""
        force = set(force)
        game = "misere_game" in force or (
            self.ruleset.allows_misere and "win" not in force and self.rng.random() < 0.025
        )
        donne = self.misere_game(force) if game else self.contract_donne(force)
        dealer = self.table[self.dealer_seat]
        donne = {"dealer": dealer if self.write_dealer else None, **donne}
        result = rules.score_donne(self.ruleset, self.table, to_engine({**donne, "dealer": dealer}), self.pot)
        self.pot = result.pot_after
        self.dealer_seat = (self.dealer_seat + 1) % len(self.table)
        self.donnes.append(donne)
        self.results.append(result)
        return donne

    def night(self, target: int, forced: list[set[str]] | None = None) -> list[dict]:
        """``target`` donnes (``forced`` features dealt among them), then on until a win empties the pot."""
        forced = list(forced or [])
        slots = sorted(self.rng.sample(range(target), min(len(forced), target)))
        plan = dict(zip(slots, forced, strict=False))
        for k in range(target):
            self.deal(plan.get(k, set()))
        extra = 0
        while not self._closable():
            extra += 1
            self.deal({"win"} if extra > 6 else set())
        return self.donnes

    def _closable(self) -> bool:
        last = self.results[-1] if self.results else None
        if not self.ruleset.has_pot:
            return last is not None
        return last is not None and last.won is True and self.pot == 0


# --------------------------------------------------------------------------
# a manche: table, sheet, ranking, comptes-rendus
# --------------------------------------------------------------------------

SHORT_TEXTS = [
    "Bonne soirée, j'ai gagné. À jeudi !",
    "Victoire. Bière. Dodo.",
    "Rien à signaler, c'était bien.",
]
REJECTION_REASONS = [
    "Ni classement ni moments forts : un compte-rendu raconte la soirée.",
    "Trois mots ne font pas un compte-rendu. Le règlement demande l'ambiance, le classement et les moments forts.",
    "Il manque le classement de la soirée.",
]
AMBIANCE = [
    "Soirée chaude chez {host}, frigo plein et Francis Zegut à la radio.",
    "Ambiance studieuse au début, franchement dissipée après la deuxième tournée.",
    "Belle tablée ce jeudi, le chambrage a volé bas et la bière coulait à flots.",
    "Soirée placée sous le signe de la trappiste, avec un pot qui n'en finissait pas de gonfler.",
    "Grosse ambiance, on a refait le monde entre deux gardes.",
    "Soirée calme, presque trop : on entendait les cartes glisser.",
]
CLOSINGS = [
    "Merci à {host} pour l'accueil, et à jeudi prochain !",
    "Vivement la prochaine, j'ai une revanche à prendre… ou à offrir.",
    "Merci à tous, et pensez à vous inscrire dans les Sélections.",
    "Bravo à tous et mention spéciale au frigo.",
]


def _ranking(ruleset: rules.RuleSet, table: list[str], absent: str | None, donnes: list[dict]):
    sheet = rules.score_sheet(ruleset, table, [to_engine(d) for d in donnes])
    ranking = rules.rank_manche(ruleset, table, absent, sheet.totals, sheet.stats)
    return sheet, ranking


def highlights(donnes: list[dict], results: list, names: dict[str, str]) -> list[str]:
    """A few moments of the night, in words (from what was played and what the engine gave)."""
    out = []
    best = max(
        (k for k, d in enumerate(donnes) if d["kind"] == "contract"),
        key=lambda k: results[k].scores[donnes[k]["taker"]],
        default=None,
    )
    if best is not None:
        d, r = donnes[best], results[best]
        who = names.get(d["taker"], d["taker"])
        gain = r.scores[d["taker"]]
        how = "seul" if d["partner"] is None else f"avec {names.get(d['partner'], d['partner'])}"
        out.append(
            f"La donne de la soirée : une {CONTRACT_FR[d['contract']]} de {who} {how}, {gain:+d} jetons."
        )
    for d in donnes:
        if d["kind"] == "misere":
            out.append(
                "Tout le monde a passé deux fois : **jeu de la misère**, à qui ferait le moins de points !"
            )
        elif d.get("chelem") in ("announced_made", "made"):
            out.append(
                f"**Chelem** de {names.get(d['taker'], d['taker'])} ! On en parlera encore au barbecue."
            )
        elif d.get("chelem") == "announced_failed":
            out.append(
                f"{names.get(d['taker'], d['taker'])} a annoncé un chelem… et l'a chuté. Ça coûte cher."
            )
        elif d.get("petit_au_bout") == "defense" and len(out) < 4:
            out.append(
                f"Petit au bout de la défense contre {names.get(d['taker'], d['taker'])}, chasse magnifique."
            )
        for p in d.get("penalties", ()):
            if p["amount"] >= 60:
                out.append(f"{names.get(p['player'], p['player'])} {p['reason']} : 60 au pot, aïe.")
    peak = max((r.pot_after for r in results), default=0)
    if peak >= 150 and len(out) < 5:  # told once, at its highest
        out.append(f"Le pot est monté jusqu'à {peak} jetons.")
    return out[:5]


def compte_rendu_text(
    rng: random.Random, number: int, location: str, ranking, donnes, results, names, *, revised: bool = False
) -> str:
    host = location.removeprefix("Chez ") if location.startswith("Chez ") else "Ben"
    lines = [f"## Manche {number}{' (version revue)' if revised else ''}", ""]
    lines.append(rng.choice(AMBIANCE).format(host=host))
    lines.append("")
    lines.append("**Classement**")
    lines.append("")
    for e in ranking:
        label = " (absent, jeu à 4)" if e.absent else ""
        lines.append(f"{e.place}. {names.get(e.player, e.player)} : {e.score:+d}{label}")
    moments = highlights(donnes, results, names)
    if moments:
        lines.append("")
        lines.append("**Moments forts**")
        lines.append("")
        lines.extend(f"- {m}" for m in moments)
    lines.append("")
    lines.append(rng.choice(CLOSINGS).format(host=host))
    return "\n".join(lines)


def _at(day_after: datetime, days: float, hour: int, minute: int) -> datetime:
    local = (day_after.astimezone(PARIS) + timedelta(days=days)).replace(
        hour=hour, minute=minute, second=0, microsecond=0
    )
    return local


def comptes_rendus(
    rng: random.Random,
    *,
    scenario: str,
    starts_at: datetime,
    deadline: datetime | None,
    vainqueurs: tuple[str, ...],
    table: list[str],
    forbidden: tuple[str, ...],
    text: str,
    revised_text: str,
    now: datetime,
) -> list[dict]:
    """The comptes-rendus of a manche for a scenario: ``on_time``, ``late``, ``none``,
    ``pending``, ``revised`` (rejected, revised in time) or ``replaced`` (rejected,
    another participant's accepted first)."""
    author = vainqueurs[0]
    if scenario == "none":
        return []
    next_start = deadline or starts_at + timedelta(days=14)
    posted = _at(starts_at, 1, rng.randint(9, 23), rng.choice([0, 12, 24, 41, 56]))
    if scenario == "late":
        late = _at(next_start, rng.randint(1, 3), rng.randint(19, 23), rng.choice([5, 17, 32, 48]))
        if late < now:  # otherwise no time yet to be late: it is simply on time
            posted = late
    if posted >= now:
        return []  # not written yet
    if scenario in ("on_time", "late", "pending"):
        status = "pending" if scenario == "pending" else "accepted"
        return [{"author": author, "posted_at": posted, "status": status, "text": text}]
    rejected_at = _at(starts_at, 2, rng.randint(8, 12), 15)
    short = rng.choice(SHORT_TEXTS)
    first = {
        "author": author,
        "posted_at": posted,
        "status": "rejected",
        "text": short,
        "rejected_at": rejected_at,
        "reason": rng.choice(REJECTION_REASONS),
    }
    if rejected_at >= now:
        return [{**first, "status": "pending", "rejected_at": None, "reason": None}]
    second_at = _at(starts_at, 3, rng.randint(18, 22), rng.choice([3, 27, 44]))
    if second_at >= now or second_at >= next_start:
        return [first]
    if scenario == "revised":
        return [first, {"author": author, "posted_at": second_at, "status": "accepted", "text": revised_text}]
    others = [p for p in table if p not in vainqueurs and p not in forbidden]
    if not others:
        return [first, {"author": author, "posted_at": second_at, "status": "accepted", "text": revised_text}]
    replacer = rng.choice(others)
    return [first, {"author": replacer, "posted_at": second_at, "status": "accepted", "text": revised_text}]


# --------------------------------------------------------------------------
# a season
# --------------------------------------------------------------------------


@dataclass
class MancheSpec:
    number: int
    starts_at: datetime
    status: str = "played"
    table: list[str] = field(default_factory=list)
    absent: str | None = None
    location: str = ""
    quick: bool = False
    target: int = 20
    forced: list[set[str]] = field(default_factory=list)
    cr_scenario: str = "on_time"
    order_ties: bool = False
    winner: str | None = None  # the night is dealt again until this player alone wins it


def play_season(
    rng: random.Random,
    *,
    name: str,
    ruleset: rules.RuleSet,
    manches: list[MancheSpec],
    names: dict[str, str],
    styles: dict[str, Style] | None = None,
    officers: tuple[str, ...] = (),
    now: datetime,
    write_dealer: bool = True,
) -> list[dict]:
    """The manche documents of a season: sheets played, comptes-rendus posted as ``now`` allows."""
    live = sorted(m.starts_at for m in manches if m.status != "cancelled")
    docs = []
    for spec in manches:
        doc = {
            "number": spec.number,
            "starts_at": spec.starts_at.isoformat(),
            "location": spec.location,
            "status": spec.status,
            "table": list(spec.table),
            "absent": spec.absent,
            "donnes": None,
            "results": None,
            "order": None,
            "comptes_rendus": [],
        }
        docs.append(doc)
        if spec.status != "played":
            continue
        for _attempt in range(100):
            table = Table(rng, ruleset, spec.table, styles, write_dealer=write_dealer)
            donnes = table.night(spec.target, spec.forced)
            sheet, ranking = _ranking(ruleset, spec.table, spec.absent, donnes)
            if spec.winner is None or rules.vainqueurs(ranking) == (spec.winner,):
                break
        if spec.quick:
            doc["results"] = [
                {
                    "player": p,
                    "score": sheet.totals[p],
                    "prises": sheet.stats[p].prises,
                    "bouts": sheet.stats[p].bouts,
                    "prises_won": sheet.stats[p].prises_won,
                }
                for p in rng.sample(spec.table, len(spec.table))
            ]
        else:
            doc["donnes"] = donnes
        scores = [sheet.totals[p] for p in spec.table]
        if spec.order_ties and len(set(scores)) < len(scores):
            order = sorted(spec.table, key=lambda p: (-sheet.totals[p], rng.random()))
            doc["order"] = order
            ranking = rules.rank_manche(ruleset, spec.table, spec.absent, sheet.totals, sheet.stats, order)
        vainqueurs = rules.vainqueurs(ranking)
        later = [s for s in live if s > spec.starts_at]
        text = compte_rendu_text(rng, spec.number, spec.location, ranking, donnes, table.results, names)
        revised = compte_rendu_text(
            rng, spec.number, spec.location, ranking, donnes, table.results, names, revised=True
        )
        crs = comptes_rendus(
            rng,
            scenario=spec.cr_scenario,
            starts_at=spec.starts_at,
            deadline=later[0] if later else None,
            vainqueurs=vainqueurs,
            table=spec.table,
            forbidden=officers,
            text=text,
            revised_text=revised,
            now=now,
        )
        doc["comptes_rendus"] = [
            {
                **cr,
                "posted_at": cr["posted_at"].isoformat(),
                "rejected_at": cr["rejected_at"].isoformat() if cr.get("rejected_at") else None,
                "reason": cr.get("reason"),
            }
            for cr in crs
        ]
    return docs


def document(
    *,
    name: str,
    ruleset_name: str = "tarot-biere",
    params: dict | None = None,
    players: list[dict],
    manches: list[dict],
    president: str | None = None,
    vice_president: str | None = None,
    awards: list[dict] | None = None,
    closed: bool = False,
) -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "season": {
            "name": name,
            "ruleset": ruleset_name,
            "params": params or {},
            "president": president,
            "vice_president": vice_president,
        },
        "players": players,
        "manches": manches,
        "awards": awards or [],
        "closed": closed,
    }

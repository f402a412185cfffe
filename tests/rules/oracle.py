"""An independent oracle of the rulings (``/work/shared/spec/rulings.md``).

Written straight from the rulings text and the club rulebook, without looking
at the engine's implementation, so that ``test_oracle_agreement.py`` can
compare the two on random inputs. Plain Python, exact arithmetic
(``Fraction``), plain data in the shape of the season interchange format
(dicts with the season-format keys, times as aware ``datetime``), no import
from ``league``.

It scores valid inputs only: it does not validate anything.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from fractions import Fraction
from zoneinfo import ZoneInfo

PARIS = ZoneInfo("Europe/Paris")

# §1.1 required points by number of bouts.
REQUIRED = {0: 56, 1: 51, 2: 41, 3: 36}
POIGNEE_VALUE = {"simple": 20, "double": 30, "triple": 40}
CHELEM_VALUE = {None: 0, "announced_made": 400, "made": 200, "announced_failed": -200, "defense": -200}
PETIT_VALUE = {None: 0, "attack": 10, "defense": -10}
DEFENSIVE_FACTOR = {2: Fraction(8, 10), 3: Fraction(4, 10), 4: Fraction(-1, 10), 5: Fraction(-6, 10)}
TITLES = {1: "champion", 2: "vice_champion", 3: "vice_vice_champion"}


# ---------------------------------------------------------------- rule set


@dataclass(frozen=True)
class Rules:
    family: str  # "tarot-biere" or "fft"
    garde_contre: int
    defensive: bool
    place_points: tuple[Fraction, ...]
    min_manches: int
    last_days: int

    @property
    def tb(self) -> bool:
        return self.family == "tarot-biere"

    @property
    def contract_value(self) -> int:
        return 10 if self.tb else 25

    def multiplier(self, contract: str) -> int:
        if contract in ("pouce", "prise"):
            # Tarot-Bière: a pouce is always played as a garde; FFT prise ×1.
            return 2 if self.tb else 1
        return {"garde": 2, "garde_sans": 4, "garde_contre": self.garde_contre}[contract]


def rules(family: str, season_name: str, params: dict | None = None) -> Rules:
    """Defaults of §1.6, §5.3, §4.2, §5.4, §5.6; ``params`` overrides them."""
    params = dict(params or {})
    old_era = family == "tarot-biere" and int(season_name[:4]) < 2010
    return Rules(
        family=family,
        garde_contre=params.get("garde_contre_multiplier", 8 if old_era else 6),
        defensive=params.get("defensive_bonus", not old_era),
        place_points=tuple(Fraction(str(x)) for x in params.get("place_points", (3, 2, 1, 0, -1))),
        min_manches=params.get("min_manches", 10),
        last_days=params.get("last_manche_deadline_days", 14),
    )


def wall_clock_add_days(moment: datetime, days: int) -> datetime:
    """``moment`` + ``days`` on the club's (Paris) wall clock."""
    local = moment.astimezone(PARIS)
    return local + timedelta(days=days)  # aware arithmetic keeps the wall time


# ---------------------------------------------------------------- §1 donne


def pot_shares(pot: int) -> tuple[int, int]:
    """§2.2: pot = 30q + r; 20q and 10q; r = 10 to the first, r = 20 10 each."""
    q, r = divmod(pot, 30)
    first, second = 20 * q, 10 * q
    if r == 10:
        first += 10
    elif r == 20:
        first += 10
        second += 10
    return first, second


def round_to_5(m: int) -> int:
    """Nearest multiple of 5 of an integer (no ties possible)."""
    low = m - m % 5
    return low if m % 5 <= 2 else low + 5


def donne_unit(r: Rules, donne: dict) -> tuple[bool, int]:
    """(attaque won, u) of a contract donne, §1.1–§1.8."""
    points = Fraction(str(donne["points"]))
    required = REQUIRED[donne["bouts"]]
    won = points >= required
    m = math.ceil(abs(points - required))
    g = round_to_5(m) if r.tb else m
    s = 1 if won else -1
    p = PETIT_VALUE[donne.get("petit_au_bout")]
    k = r.multiplier(donne["contract"])
    poignees = sum(POIGNEE_VALUE[x["level"]] for x in donne.get("poignees") or [])
    chelem = CHELEM_VALUE[donne.get("chelem")]
    u = (s * (r.contract_value + g) + p) * k + s * poignees + chelem
    return won, u


def _announcements(scores: dict, table: list, miseres: list) -> None:
    """§3.1: valid → each other player pays 10 to the announcer; false → the reverse."""
    for a in miseres or []:
        sign = 1 if a["valid"] else -1
        for other in table:
            if other != a["player"]:
                scores[other] -= 10 * sign
                scores[a["player"]] += 10 * sign


def _round_share(total: Fraction, n: int) -> int:
    """§3.2: a received share rounded down, a paid share rounded up in size, to 10."""
    share = total / n
    return int(math.floor(share / 10)) * 10


def _misere_game(scores: dict, table: list, points: dict, pot: int) -> int:
    """§3.2; returns the pot after the game."""
    n = len(table)
    pts = {p: Fraction(str(points[p])) for p in table}
    ordered = sorted(table, key=lambda p: pts[p])
    spread = pts[ordered[-1]] - pts[ordered[0]]
    d = int(math.floor(spread / 10 + Fraction(1, 2))) * 10  # nearest 10, halves up
    first, second = pot_shares(pot)
    if n == 5:
        amounts = [first + 2 * (d + 10), second + (d + 10), 0, -(d + 10), -2 * (d + 10)]
    else:  # at 4: the last pays as the 5th, nobody pays as the 4th
        amounts = [first + 2 * (d + 10), second, 0, -2 * (d + 10)]
    i = 0
    paid_out = 0
    while i < n:
        j = i
        while j + 1 < n and pts[ordered[j + 1]] == pts[ordered[i]]:
            j += 1
        group = ordered[i : j + 1]
        total = Fraction(sum(amounts[i : j + 1]))
        share = _round_share(total, len(group))  # floor: down when >0, up in size when <0
        for p in group:
            scores[p] += share
            paid_out += share
        i = j + 1
    return pot - paid_out


def score_donne(r: Rules, table: list, donne: dict, pot_before: int = 0, dealer: str | None = None) -> dict:
    """Net jetons change of every table player and the pot after, §1–§3.

    ``donne`` uses the season-format keys (``kind`` ``contract`` or
    ``misere``). ``dealer`` overrides the donne's (for sheet inference);
    otherwise a missing dealer is ``table[0]``.
    """
    scores = dict.fromkeys(table, 0)
    pot = pot_before
    dealer = dealer or donne.get("dealer") or table[0]
    if r.tb:
        # ante
        if pot == 0:
            for p in table:
                scores[p] -= 10
                pot += 10
        else:
            scores[dealer] -= 10
            pot += 10
        # penalties
        for pen in donne.get("penalties") or []:
            scores[pen["player"]] -= pen["amount"]
            pot += pen["amount"]
    won = unit = None
    if donne["kind"] == "misere":
        pot = _misere_game(scores, table, donne["points"], pot)
    else:
        won, unit = donne_unit(r, donne)
        taker, partner = donne["taker"], donne.get("partner")
        n = len(table)
        for p in table:
            if p == taker:
                scores[p] += 2 * unit if partner else (n - 1) * unit
            elif p == partner:
                scores[p] += unit
            else:
                scores[p] -= unit
        if r.tb:
            if won:
                if partner:
                    a, b = pot_shares(pot)
                    scores[taker] += a
                    scores[partner] += b
                else:
                    scores[taker] += pot
                pot = 0
            else:
                scores[taker] -= 60
                pot += 60
    if r.tb:
        _announcements(scores, table, donne.get("miseres"))
    return {"scores": scores, "pot": pot, "won": won, "unit": unit}


def score_sheet(r: Rules, table: list, donnes: list) -> dict:
    """Every donne from an empty pot; dealer inferred as the seat after the last."""
    pot = 0
    results = []
    totals = dict.fromkeys(table, 0)
    stats = {p: {"prises": 0, "bouts": 0, "prises_won": 0} for p in table}
    last_dealer = None
    for donne in donnes:
        dealer = donne.get("dealer")
        if dealer is None:
            dealer = table[0] if last_dealer is None else table[(table.index(last_dealer) + 1) % len(table)]
        res = score_donne(r, table, donne, pot, dealer=dealer)
        last_dealer = dealer
        pot = res["pot"]
        results.append(res)
        for p, v in res["scores"].items():
            totals[p] += v
        if donne["kind"] == "contract":
            st = stats[donne["taker"]]
            st["prises"] += 1
            st["bouts"] += donne["bouts"]
            st["prises_won"] += 1 if res["won"] else 0
    return {"donnes": results, "totals": totals, "pot": pot, "stats": stats}


# ---------------------------------------------------------------- §4 manche


def rank_manche(r: Rules, table: list, absent, scores: dict, stats: dict, order=None) -> list[dict]:
    """Classification entries in order: player, score, place, points, stats, absent."""
    pp = r.place_points
    entries = []
    if order:
        seated = [p for p in order if p in table]
        for i, p in enumerate(seated):
            entries.append({"player": p, "score": scores[p], "place": i + 1, "points": pp[i]})
    else:
        seated = sorted(table, key=lambda p: -scores[p])
        i = 0
        while i < len(seated):
            j = i
            while j + 1 < len(seated) and scores[seated[j + 1]] == scores[seated[i]]:
                j += 1
            avg = sum(pp[i : j + 1], Fraction(0)) / (j - i + 1)
            for p in seated[i : j + 1]:
                entries.append({"player": p, "score": scores[p], "place": i + 1, "points": avg})
            i = j + 1
    for e in entries:
        e.update(stats.get(e["player"], {"prises": 0, "bouts": 0, "prises_won": 0}))
        e["absent"] = False
    if absent:
        entries.append(
            {
                "player": absent,
                "score": 0,
                "place": 5,
                "points": pp[4],
                "prises": 0,
                "bouts": 0,
                "prises_won": 0,
                "absent": True,
            }
        )
    return entries


def vainqueurs(ranking: list[dict]) -> list[str]:
    return [e["player"] for e in ranking if e["place"] == 1]


def manche_bonuses(r: Rules, ranking: list[dict]) -> list[tuple[str, str, Fraction]]:
    """§5.1 seul positif, §5.2 bouts sur prise, §5.3 défensifs."""
    out = []
    winners = [e for e in ranking if e["place"] == 1]
    for w in winners:
        if w["score"] > 0 and all(e["score"] <= 0 for e in ranking if e is not w):
            out.append((w["player"], "seul_positif", Fraction(1)))
    eligible = [e for e in ranking if e["prises"] >= 1 and e["prises_won"] >= 1]
    if eligible:
        ratio = {e["player"]: Fraction(e["bouts"], e["prises"]) for e in eligible}
        best = min(ratio.values())
        if best <= 1:
            cands = [e for e in eligible if ratio[e["player"]] == best]
            most = max(e["prises"] for e in cands)
            cands = [e for e in cands if e["prises"] == most]
            win_ratio = {e["player"]: Fraction(e["prises_won"], e["prises"]) for e in cands}
            top = max(win_ratio.values())
            for e in cands:
                if win_ratio[e["player"]] == top:
                    out.append((e["player"], "bouts_sur_prise", Fraction(1, 2)))
    if r.defensive and winners:
        w_score = winners[0]["score"]
        for e in ranking:
            if e["absent"] or e["place"] == 1:
                continue
            if e["score"] >= w_score * DEFENSIVE_FACTOR[e["place"]]:
                out.append((e["player"], "defensif", Fraction(1, 2)))
    return out


# ---------------------------------------------------------------- §5.4–5.5 comptes-rendus


def manche_deadlines(r: Rules, starts_at: datetime, later_starts: list[datetime]) -> list[datetime]:
    later = sorted(t for t in later_starts if t > starts_at)
    return later if later else [wall_clock_add_days(starts_at, r.last_days)]


def cr_adjustments(
    r: Rules, vainqs: list, participants: list, deadlines: list, crs: list[dict], now: datetime
) -> list[tuple[str, str, Fraction]]:
    """``crs``: dicts with author, posted_at, status, rejected_at."""
    out = []
    half = Fraction(1, 2)
    # §5.4 late
    for v in vainqs:
        for dl in deadlines:
            if dl > now:
                continue
            own = any(c["author"] == v and c["posted_at"] < dl for c in crs)
            accepted = any(
                c["author"] in vainqs and c["status"] == "accepted" and c["posted_at"] < dl for c in crs
            )
            if not own and not accepted:
                out.append((v, "cr_retard", -half))
    # §5.5 non conforme
    rejections = [c["rejected_at"] for c in crs if c["author"] in vainqs and c["status"] == "rejected"]
    if not rejections:
        return out
    t0 = min(rejections)
    after = [d for d in deadlines if d > t0]
    deadline = after[0] if after else wall_clock_add_days(t0, r.last_days)
    counted = [c for c in crs if c["posted_at"] > t0 and c["status"] == "accepted"]
    revisions = sorted((c for c in counted if c["author"] in vainqs), key=lambda c: c["posted_at"])
    others = sorted(
        (c for c in counted if c["author"] in participants and c["author"] not in vainqs),
        key=lambda c: c["posted_at"],
    )
    first_other = others[0]["posted_at"] if others else None
    reacted = any(
        c["posted_at"] < deadline and (first_other is None or c["posted_at"] < first_other) for c in revisions
    )
    if not reacted and (others or deadline <= now):
        for v in vainqs:
            out.append((v, "cr_non_conforme", -half))
    first_revision = revisions[0]["posted_at"] if revisions else None
    replacing = [c for c in others if first_revision is None or c["posted_at"] < first_revision]
    if replacing:
        out.append((replacing[0]["author"], "cr_remplacement", half))
    return out


# ---------------------------------------------------------------- §5–§6 season


def _summed(adjustments) -> dict[tuple[str, str], Fraction]:
    total: dict[tuple[str, str], Fraction] = {}
    for player, kind, value in adjustments:
        total[(player, kind)] = total.get((player, kind), Fraction(0)) + value
    return total


def compute_season(season: dict, now: datetime) -> dict:
    """The season of the interchange format (dict; times as datetimes).

    Returns ``manches`` {number: {sheet, ranking, vainqueurs, deadlines,
    adjustments {(player, kind): total}}}, ``standings`` (list of rows),
    ``accessits`` {award: (players, value or citation)}.
    """
    s = season["season"]
    r = rules(s["ruleset"], s["name"], s.get("params"))
    names = {p["id"]: p["name"] for p in season["players"]}
    manches_out = {}
    played = [m for m in season["manches"] if m["status"] == "played"]
    not_cancelled = [m["starts_at"] for m in season["manches"] if m["status"] != "cancelled"]
    for m in played:
        table = list(m["table"])
        sheet = None
        if m.get("donnes") is not None:
            sheet = score_sheet(r, table, m["donnes"])
            scores, stats = sheet["totals"], sheet["stats"]
        else:
            scores = {q["player"]: q["score"] for q in m["results"]}
            stats = {
                q["player"]: {
                    "prises": q.get("prises", 0),
                    "bouts": q.get("bouts", 0),
                    "prises_won": q.get("prises_won", 0),
                }
                for q in m["results"]
            }
        ranking = rank_manche(r, table, m.get("absent"), scores, stats, m.get("order"))
        vq = vainqueurs(ranking)
        deadlines = manche_deadlines(r, m["starts_at"], not_cancelled)
        adj = manche_bonuses(r, ranking) + cr_adjustments(
            r, vq, table, deadlines, m.get("comptes_rendus") or [], now
        )
        manches_out[m["number"]] = {
            "sheet": sheet,
            "ranking": ranking,
            "vainqueurs": vq,
            "deadlines": deadlines,
            "adjustments": _summed(adj),
        }
    standings = _standings(r, season, manches_out, names, closed=season.get("closed", False))
    return {
        "rules": r,
        "manches": manches_out,
        "standings": standings,
        "accessits": _accessits(season, manches_out, standings),
    }


def _standings(r: Rules, season: dict, manches_out: dict, names: dict, *, closed: bool) -> list[dict]:
    rows: dict[str, dict] = {}
    for out in manches_out.values():
        for e in out["ranking"]:
            row = rows.setdefault(
                e["player"],
                {
                    "player": e["player"],
                    "manches": 0,
                    "place_points": Fraction(0),
                    "bonus": Fraction(0),
                    "malus": Fraction(0),
                },
            )
            row["manches"] += 1
            row["place_points"] += e["points"]
        for (player, _kind), value in out["adjustments"].items():
            row = rows[player]
            if value >= 0:
                row["bonus"] += value
            else:
                row["malus"] -= value
    for row in rows.values():
        row["participation"] = Fraction(0)
        if closed and row["manches"] < r.min_manches:
            row["participation"] = Fraction(-(r.min_manches - row["manches"]))
            row["malus"] -= row["participation"]
        row["points"] = row["place_points"] + row["bonus"] - row["malus"]
        row["average"] = row["points"] / (row["manches"] + 1)
    ordered = sorted(
        rows.values(), key=lambda x: (-x["average"], -x["manches"], names[x["player"]], x["player"])
    )
    for i, row in enumerate(ordered):
        if i and row["average"] == ordered[i - 1]["average"]:
            row["rank"] = ordered[i - 1]["rank"]
        else:
            row["rank"] = i + 1
        row["title"] = TITLES.get(row["rank"])
    return ordered


def _accessits(season: dict, manches_out: dict, standings: list[dict]) -> dict:
    out = {}
    if standings:
        last = max(x["rank"] for x in standings)
        out["cuillere_de_bois"] = (tuple(sorted(x["player"] for x in standings if x["rank"] == last)), None)
    # Ambiguity: the absent player of a manche at 4 is "classified 5th with
    # score 0", but he did not play: like the engine, his 0 is not a score of
    # the season for Aquila / Abysses.
    entries = [
        (e["player"], e["score"]) for m in manches_out.values() for e in m["ranking"] if not e["absent"]
    ]
    if entries:
        hi = max(sc for _, sc in entries)
        lo = min(sc for _, sc in entries)
        out["aquila"] = (tuple(sorted({p for p, sc in entries if sc == hi})), hi)
        out["abysses"] = (tuple(sorted({p for p, sc in entries if sc == lo})), lo)
    first = {p["id"]: p.get("first_season") for p in season["players"]}
    rookies = [x for x in standings if first.get(x["player"]) == season["season"]["name"]]
    if rookies:
        best = min(x["rank"] for x in rookies)
        out["rookie"] = (tuple(sorted(x["player"] for x in rookies if x["rank"] == best)), None)
    for a in season.get("awards") or []:
        players, citation = out.get(a["award"], ((), None))
        out[a["award"]] = (tuple(sorted((*players, a["player"]))), a.get("citation"))
    return out

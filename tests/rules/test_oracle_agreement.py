"""The engine agrees with an independent oracle of the rulings on random input.

``oracle.py`` was written from ``rulings.md`` and the club rulebook alone. Here
Hypothesis generates valid donnes (Tarot-Bière at 5 and at 4, FFT at 3, 4
and 5), sheets, manche rankings, compte-rendu histories and whole small
seasons, and every number the engine computes is compared with the oracle's.

The two tests at the end pin an engine defect the oracle found (tie averages
of custom place points that are not terminating decimals); they assert the
rulings and fail until the engine keeps those points exact.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.rules import (
    Award,
    CompteRenduRecord,
    ContractDonne,
    MancheInput,
    MisereAnnouncement,
    MisereGame,
    Penalty,
    PlayerInfo,
    Poignee,
    QuickResult,
    SeasonInput,
    compte_rendu_adjustments,
    compute_season,
    manche_bonuses,
    rank_manche,
    ruleset_for,
    score_donne,
    score_sheet,
    summed_adjustments,
)

from . import oracle, possible_deals

PARIS = oracle.PARIS
SEATS = ("p0", "p1", "p2", "p3", "p4")
POOL = {
    "ben": "Benoît",
    "fifi": "fifi",
    "anne": "Anne",
    "bruno": "Bruno",
    "eric": "Éric",
    "zoe": "zoé",
    "al": "Anne",  # the same name as anne: the id decides
}
CONTRACT_NAMES = ["pouce", "prise", "garde", "garde_sans", "garde_contre"]
# Custom place points whose tie averages (runs of 2 to 5 places) are all
# terminating decimals: the engine keeps points as ``Decimal`` and cannot hold
# 4/3 exactly (see test_tied_place_points_average_exactly below).
EXACT_PLACE_POINTS = [4.5, 3, 1.5, 0, -1.5]


def F(x) -> Fraction:  # noqa: N802
    return Fraction(str(x))


def half(n: int) -> Decimal:
    return Decimal(n) / 2


# ---------------------------------------------------------------- strategies (plain season-format dicts)


def family_rules(family: str, name: str, params=None):
    return ruleset_for(family, name, params), oracle.rules(family, name, params)


@st.composite
def contract_dicts(draw, family: str, table, *, must_win: bool = False):
    n = len(table)
    taker = draw(st.sampled_from(table))
    partner = None
    if n == 5 and draw(st.booleans()):
        partner = draw(st.sampled_from([p for p in table if p != taker]))
    kind = draw(st.sampled_from(CONTRACT_NAMES))
    facts = draw(possible_deals.contract_facts(players=n, contract=kind, must_win=must_win))
    shown = draw(possible_deals.poignees(table, tarot_biere=family == "tarot-biere", max_size=2))
    d = {
        "kind": "contract",
        "dealer": None,
        "taker": taker,
        "contract": kind,
        "partner": partner,
        **facts,
        "poignees": [{"player": p, "level": level} for p, level in shown],
        "miseres": [],
        "penalties": [],
    }
    if family == "tarot-biere":
        # Misères the donne rules out (possible_deals.misere_possible) are false.
        showers = {p for p, _level in shown}
        d["miseres"] = [
            {**m, "valid": m["valid"] and possible_deals.misere_possible(m["player"], m["kind"], d, showers)}
            for m in draw(miseres(table))
        ]
        d["penalties"] = draw(penalties(table))
    return d


def miseres(table):
    return st.lists(
        st.tuples(st.sampled_from(table), st.sampled_from(["tete", "atout"])), unique=True, max_size=2
    ).flatmap(
        lambda pairs: st.tuples(*[st.booleans() for _ in pairs]).map(
            lambda valid: [
                {"player": p, "kind": k, "valid": v} for (p, k), v in zip(pairs, valid, strict=True)
            ]
        )
    )


def penalties(table):
    return st.lists(
        st.fixed_dictionaries(
            {"player": st.sampled_from(table), "amount": st.sampled_from([10, 10, 20, 60])}
        ),
        max_size=2,
    )


@st.composite
def misere_dicts(draw, table):
    pts = draw(possible_deals.misere_points(table))
    return {
        "kind": "misere",
        "dealer": None,
        "points": pts,
        "miseres": draw(miseres(table)),
        "penalties": draw(penalties(table)),
    }


def donne_dicts(family: str, table):
    if family == "tarot-biere":
        return st.one_of(contract_dicts(family, table), contract_dicts(family, table), misere_dicts(table))
    return contract_dicts(family, table)


def tables(family: str):
    if family == "tarot-biere":
        return st.sampled_from([SEATS, SEATS[:4]])
    return st.sampled_from([SEATS, SEATS[:4], SEATS[:3]])


@st.composite
def sheets(draw, family: str, table, r_oracle, *, empty_pot: bool = True):
    """Some random donnes, then winning contracts until the pot is empty."""
    n = len(table)
    donnes = draw(st.lists(donne_dicts(family, table), min_size=1, max_size=5))
    dealers = st.sampled_from(["rotation", "rotation", "none", "any"])
    if empty_pot and family == "tarot-biere":
        for _ in range(4):
            pot = oracle.score_sheet(r_oracle, list(table), donnes)["pot"]
            if pot == 0:
                break
            donnes.append(draw(contract_dicts(family, table, must_win=True)))
    mode = draw(dealers)
    for i, d in enumerate(donnes):
        if mode == "rotation":
            d["dealer"] = table[i % n]
        elif mode == "any":  # recorded or inferred (the seat after the last dealer)
            d["dealer"] = draw(st.sampled_from([None, *table]))
        else:
            d["dealer"] = None
    return donnes


# ---------------------------------------------------------------- conversion to the engine's dataclasses


def to_engine_donne(d: dict):
    mis = tuple(MisereAnnouncement(m["player"], m["kind"], m["valid"]) for m in d.get("miseres") or [])
    pens = tuple(Penalty(p["player"], p["amount"], "pénalité") for p in d.get("penalties") or [])
    if d["kind"] == "misere":
        return MisereGame(dealer=d["dealer"], points=dict(d["points"]), miseres=mis, penalties=pens)
    return ContractDonne(
        dealer=d["dealer"],
        taker=d["taker"],
        contract=d["contract"],
        partner=d["partner"],
        bouts=d["bouts"],
        points=d["points"],
        petit_au_bout=d["petit_au_bout"],
        poignees=tuple(Poignee(p["player"], p["level"]) for p in d["poignees"]),
        chelem=d["chelem"],
        miseres=mis,
        penalties=pens,
    )


def describe(**kw) -> str:
    return "\n".join(f"{k} = {v!r}" for k, v in kw.items())


# ---------------------------------------------------------------- donnes and sheets


@st.composite
def single_donnes(draw):
    family = draw(st.sampled_from(["tarot-biere", "tarot-biere", "fft"]))
    name = draw(st.sampled_from(["2011-2012", "2008-2009"]))
    table = draw(tables(family))
    d = draw(donne_dicts(family, table))
    d["dealer"] = draw(st.sampled_from([None, *table]))
    pot_before = (
        draw(st.sampled_from([0, 0, 10, 20, 30, 40, 50, 60, 70, 80, 90])) if family == "tarot-biere" else 0
    )
    if draw(st.integers(0, 9)) == 0 and family == "tarot-biere":
        pot_before = 10 * draw(st.integers(0, 40))
    return family, name, table, d, pot_before


@settings(max_examples=400, deadline=None)
@given(single_donnes())
def test_score_donne_agrees_with_oracle(case):
    family, name, table, d, pot_before = case
    engine_rs, r = family_rules(family, name)
    got = score_donne(engine_rs, table, to_engine_donne(d), pot_before)
    want = oracle.score_donne(r, list(table), d, pot_before)
    ctx = describe(family=family, name=name, table=table, donne=d, pot_before=pot_before)
    assert got.scores == want["scores"], ctx
    assert got.pot_after == want["pot"], ctx
    assert got.won == want["won"], ctx
    assert got.unit == want["unit"], ctx
    assert sum(got.scores.values()) + got.pot_after == pot_before, ctx


@st.composite
def whole_sheets(draw):
    family = draw(st.sampled_from(["tarot-biere", "tarot-biere", "fft"]))
    name = draw(st.sampled_from(["2011-2012", "2008-2009"]))
    table = draw(tables(family))
    r = oracle.rules(family, name)
    donnes = draw(sheets(family, table, r, empty_pot=draw(st.booleans())))
    return family, name, table, donnes


@settings(max_examples=150, deadline=None)
@given(whole_sheets())
def test_score_sheet_agrees_with_oracle(case):
    family, name, table, donnes = case
    engine_rs, r = family_rules(family, name)
    got = score_sheet(engine_rs, table, [to_engine_donne(d) for d in donnes])
    want = oracle.score_sheet(r, list(table), donnes)
    ctx = describe(family=family, name=name, table=table, donnes=donnes)
    assert [x.scores for x in got.donnes] == [x["scores"] for x in want["donnes"]], ctx
    assert [x.pot_after for x in got.donnes] == [x["pot"] for x in want["donnes"]], ctx
    assert got.totals == want["totals"], ctx
    assert got.pot == want["pot"], ctx
    for p in table:
        s = got.stats[p]
        assert (s.prises, s.bouts, s.prises_won) == tuple(want["stats"][p].values()), ctx


# ---------------------------------------------------------------- manche ranking and bonuses


@st.composite
def manche_scores(draw, family: str, table):
    """Scores of a manche summing to zero (multiples of 10, with frequent ties)."""
    small = st.sampled_from([-60, -20, -10, 0, 0, 10, 20, 40, 60])
    wide = st.integers(-60, 60).map(lambda x: 10 * x)
    if draw(st.integers(0, 14)) == 0:
        return dict.fromkeys(table, 0)
    values = [draw(st.one_of(small, wide)) for _ in table[:-1]]
    values.append(-sum(values))
    return dict(zip(table, values, strict=True))


@st.composite
def manche_stats(draw, table):
    out = {}
    for p in table:
        prises = draw(st.integers(0, 4))
        out[p] = {
            "prises": prises,
            "bouts": draw(st.integers(0, 3 * prises)) if prises else 0,
            "prises_won": draw(st.integers(0, prises)),
        }
    return out


def explicit_order(draw, table, absent, scores):
    """Seated players by score, a random order within each tie (maybe + the absent)."""
    keyed = [(-scores[p], draw(st.integers(0, 100)), p) for p in table]
    order = [p for _, _, p in sorted(keyed)]
    if absent and draw(st.booleans()):
        order.append(absent)
    return tuple(order)


@st.composite
def rankings(draw):
    family = draw(st.sampled_from(["tarot-biere", "fft"]))
    name = draw(st.sampled_from(["2011-2012", "2008-2009"]))
    params = draw(st.sampled_from([None, {"place_points": EXACT_PLACE_POINTS}, {"defensive_bonus": True}]))
    if family == "tarot-biere":
        table, absent = draw(st.sampled_from([(SEATS, None), (SEATS[:4], "p4")]))
    else:
        table, absent = draw(tables(family)), None
    scores = draw(manche_scores(family, table))
    stats = draw(manche_stats(table))
    order = explicit_order(draw, table, absent, scores) if draw(st.booleans()) else None
    return family, name, params, table, absent, scores, stats, order


@settings(max_examples=300, deadline=None)
@given(rankings())
def test_ranking_and_bonuses_agree_with_oracle(case):
    family, name, params, table, absent, scores, stats, order = case
    engine_rs, r = family_rules(family, name, params)
    quick = {p: QuickResult(p, scores[p], **stats[p]) for p in table}
    got = rank_manche(engine_rs, table, absent, scores, quick, order)
    want = oracle.rank_manche(r, list(table), absent, scores, stats, order)
    ctx = describe(
        family=family, params=params, table=table, absent=absent, scores=scores, stats=stats, order=order
    )
    # classification order; the order within a tie is not specified
    row = ("player", "score", "place", "points", "prises", "bouts", "prises_won", "absent")
    got_rows = sorted(
        (e.player, e.score, e.place, F(e.points), e.prises, e.bouts, e.prises_won, e.absent) for e in got
    )
    assert got_rows == sorted(tuple(e[k] for k in row) for e in want), ctx
    if order:
        assert [e.player for e in got][: len(order)] == list(order), ctx
    assert [e.place for e in got] == sorted(e.place for e in got), ctx
    bonuses = {(p, k): F(v) for p, k, v in summed_adjustments(manche_bonuses(engine_rs, got, 1))}
    assert bonuses == oracle._summed(oracle.manche_bonuses(r, want)), ctx


# ---------------------------------------------------------------- comptes-rendus


START = datetime(2011, 10, 20, 21, 0, tzinfo=PARIS)  # the 30 October DST change falls after it


@st.composite
def cr_histories(draw, participants, *, start=START, authors_bias=()):
    """Compte-rendu records: distinct posting times (second 17), rejections at second 40.

    Either random posts, or a story: a vainqueur's compte-rendu rejected, then
    revisions and replacements around the rejection and the deadlines.
    """
    statuses = st.sampled_from(["pending", "accepted", "accepted", "rejected", "rejected"])
    if authors_bias and draw(st.booleans()):
        first = draw(st.integers(60, 60 * 24 * 20))
        rejected_after = draw(st.integers(1, 60 * 24 * 6))
        out = [
            {
                "author": draw(st.sampled_from(list(authors_bias))),
                "posted_at": start + timedelta(minutes=first, seconds=17),
                "status": "rejected",
                "rejected_at": start + timedelta(minutes=first + rejected_after, seconds=40),
            }
        ]
        used = {first}
        others = [p for p in participants if p not in authors_bias] or list(participants)
        for _ in range(draw(st.integers(1, 4))):
            m = first + draw(st.integers(-60 * 24, 60 * 24 * 30))
            if m in used or m < 60:
                continue
            used.add(m)
            author = draw(st.sampled_from(list(authors_bias) + others + others))
            status = draw(statuses)
            posted = start + timedelta(minutes=m, seconds=17)
            rejected = posted + timedelta(minutes=draw(st.integers(1, 60 * 24 * 6)), seconds=23)
            out.append(
                {
                    "author": author,
                    "posted_at": posted,
                    "status": status,
                    "rejected_at": rejected if status == "rejected" else None,
                }
            )
        return out
    count = draw(st.integers(0, 4))
    minutes = draw(st.lists(st.integers(60, 60 * 24 * 40), unique=True, min_size=count, max_size=count))
    out = []
    for m in minutes:
        author = draw(st.sampled_from(list(authors_bias) * 2 + list(participants)))
        posted = start + timedelta(minutes=m, seconds=17)
        status = draw(statuses)
        rejected = (
            posted + timedelta(minutes=draw(st.integers(1, 60 * 24 * 6)), seconds=23)
            if status == "rejected"
            else None
        )
        out.append({"author": author, "posted_at": posted, "status": status, "rejected_at": rejected})
    return out


def to_engine_crs(crs):
    return tuple(CompteRenduRecord(c["author"], c["posted_at"], c["status"], c["rejected_at"]) for c in crs)


@st.composite
def cr_cases(draw):
    participants = list(SEATS[: draw(st.sampled_from([4, 5]))])
    vainqs = draw(st.sampled_from([participants[:1], participants[:1], participants[:2]]))
    gaps = draw(st.lists(st.integers(5, 30), max_size=3))
    deadlines = []
    t = START
    for g in gaps:
        t = t + timedelta(days=g)
        deadlines.append(t)
    crs = draw(cr_histories(participants, authors_bias=vainqs))
    last = max([START, *[c["posted_at"] for c in crs], *[c["rejected_at"] for c in crs if c["rejected_at"]]])
    now = last + timedelta(minutes=draw(st.integers(0, 60 * 24 * 50)), seconds=59)
    days = draw(st.sampled_from([14, 7]))
    return participants, vainqs, deadlines, crs, now, days


@settings(max_examples=300, deadline=None)
@given(cr_cases())
def test_compte_rendu_adjustments_agree_with_oracle(case):
    participants, vainqs, later, crs, now, days = case
    engine_rs, r = family_rules("tarot-biere", "2011-2012", {"last_manche_deadline_days": days})
    deadlines = oracle.manche_deadlines(r, START, later)
    got = compte_rendu_adjustments(
        engine_rs,
        number=1,
        vainqueurs=vainqs,
        participants=participants,
        deadlines=deadlines,
        comptes_rendus=to_engine_crs(crs),
        now=now,
    )
    want = oracle._summed(oracle.cr_adjustments(r, vainqs, participants, deadlines, crs, now))
    ctx = describe(
        vainqueurs=vainqs, participants=participants, deadlines=deadlines, crs=crs, now=now, days=days
    )
    assert {(p, k): F(v) for p, k, v in summed_adjustments(got)} == want, ctx


@st.composite
def cr_grid_cases(draw):
    """Every time on a grid of whole days at 21:00, so that posts, rejections,
    deadlines and ``now`` often coincide (the "strictly before" edges)."""
    participants = list(SEATS[: draw(st.sampled_from([4, 5]))])
    vainqs = draw(st.sampled_from([participants[:1], participants[:2]]))
    days = draw(st.sampled_from([14, 7]))
    later = sorted(
        {
            oracle.wall_clock_add_days(START, g)
            for g in draw(st.lists(st.sampled_from([3, 7, 10, 14]), max_size=2))
        }
    )

    def at(d):
        return oracle.wall_clock_add_days(START, d)

    crs = []
    for _ in range(draw(st.integers(1, 5))):
        posted = draw(st.integers(0, 30))
        status = draw(st.sampled_from(["pending", "accepted", "rejected"]))
        author = draw(st.sampled_from(vainqs + participants))
        rejected = at(posted + draw(st.integers(0, 10))) if status == "rejected" else None
        crs.append({"author": author, "posted_at": at(posted), "status": status, "rejected_at": rejected})
    # distinct posting times only: "the first" to post must be well defined
    seen, unique = set(), []
    for c in crs:
        if c["posted_at"] not in seen:
            seen.add(c["posted_at"])
            unique.append(c)
    last = max([c["posted_at"] for c in unique] + [c["rejected_at"] for c in unique if c["rejected_at"]])
    now = oracle.wall_clock_add_days(last, draw(st.integers(0, 20)))
    return participants, vainqs, later, unique, now, days


@settings(max_examples=300, deadline=None)
@given(cr_grid_cases())
def test_compte_rendu_edges_agree_with_oracle(case):
    test_compte_rendu_adjustments_agree_with_oracle.hypothesis.inner_test(case)


# ---------------------------------------------------------------- whole seasons

#: The health checks a test drawing :func:`seasons` suppresses: a whole season is many
#: manches of many donnes, slow to draw and beyond hypothesis's default data budget.
SEASONS_HEALTH_CHECKS = [HealthCheck.too_slow, HealthCheck.data_too_large]


@st.composite
def seasons(draw):
    family = draw(st.sampled_from(["tarot-biere", "tarot-biere", "fft"]))
    name = draw(st.sampled_from(["2011-2012", "2009-2010"]))
    params = draw(
        st.one_of(
            st.just({}),
            st.fixed_dictionaries(
                {},
                optional={
                    "garde_contre_multiplier": st.sampled_from([6, 8]),
                    "defensive_bonus": st.booleans(),
                    "place_points": st.sampled_from([[3, 2, 1, 0, -1], EXACT_PLACE_POINTS]),
                    "min_manches": st.integers(1, 5),
                    "last_manche_deadline_days": st.sampled_from([7, 14]),
                },
            ),
        )
    )
    r = oracle.rules(family, name, params)
    pool = list(POOL)
    count = draw(st.integers(1, 5))
    manches = []
    t = datetime(2011, 9, 1, 21, 0, tzinfo=PARIS)
    for number in range(1, count + 1):
        t = oracle.wall_clock_add_days(t, draw(st.sampled_from([7, 14, 14, 21])))
        status = draw(st.sampled_from(["played"] * 5 + ["cancelled", "planned"]))
        m = {
            "number": number,
            "starts_at": t,
            "status": status,
            "table": [],
            "absent": None,
            "donnes": None,
            "results": None,
            "order": None,
            "comptes_rendus": [],
        }
        manches.append(m)
        if status != "played":
            continue
        seated = draw(st.permutations(pool))
        if family == "tarot-biere":
            size = draw(st.sampled_from([5, 5, 4]))
            table = seated[:size]
            absent = seated[4] if size == 4 else None
        else:
            table, absent = seated[: draw(st.sampled_from([3, 4, 5]))], None
        m["table"], m["absent"] = list(table), absent
        if draw(st.booleans()):
            m["donnes"] = draw(sheets(family, table, r))
            sheet = oracle.score_sheet(r, list(table), m["donnes"])
            scores, stats = sheet["totals"], sheet["stats"]
        else:
            scores = draw(manche_scores(family, table))
            stats = draw(manche_stats(table))
            m["results"] = [{"player": p, "score": scores[p], **stats[p]} for p in table]
        if draw(st.booleans()):
            m["order"] = list(explicit_order(draw, table, absent, scores))
        ranking = oracle.rank_manche(r, list(table), absent, scores, stats, m["order"])
        vq = oracle.vainqueurs(ranking)
        m["comptes_rendus"] = draw(cr_histories(table, start=t, authors_bias=vq))
    players = [
        {"id": p, "name": POOL[p], "first_season": draw(st.sampled_from([None, "2008-2009", name]))}
        for p in pool
    ]
    awards = [
        {
            "award": a,
            "player": draw(st.sampled_from(pool)),
            "citation": draw(st.sampled_from([None, "Bravo"])),
        }
        for a in draw(
            st.lists(st.sampled_from(["fair_play", "manque_de_bol", "truffe"]), unique=True, max_size=2)
        )
    ]
    events = [t]
    for m in manches:
        for c in m["comptes_rendus"]:
            events += [c["posted_at"], c["rejected_at"] or c["posted_at"]]
    now = max(events) + timedelta(minutes=draw(st.integers(0, 60 * 24 * 30)), seconds=59)
    season = {
        "season": {"name": name, "ruleset": family, "params": params, "president": None},
        "players": players,
        "manches": manches,
        "awards": awards,
        "closed": draw(st.booleans()),
    }
    return season, now


def to_engine_season(season: dict) -> SeasonInput:
    s = season["season"]
    manches = []
    for m in season["manches"]:
        manches.append(
            MancheInput(
                number=m["number"],
                starts_at=m["starts_at"],
                status=m["status"],
                table=tuple(m["table"]),
                absent=m["absent"],
                donnes=None if m["donnes"] is None else tuple(to_engine_donne(d) for d in m["donnes"]),
                results=None if m["results"] is None else tuple(QuickResult(**q) for q in m["results"]),
                order=None if m["order"] is None else tuple(m["order"]),
                comptes_rendus=to_engine_crs(m["comptes_rendus"]),
            )
        )
    return SeasonInput(
        name=s["name"],
        ruleset=ruleset_for(s["ruleset"], s["name"], s["params"]),
        players={p["id"]: PlayerInfo(p["id"], p["name"], p["first_season"]) for p in season["players"]},
        manches=tuple(manches),
        president=s["president"],
        closed=season["closed"],
        awards=tuple(Award(a["award"], a["player"], a["citation"]) for a in season["awards"]),
    )


def standing_rows(rows):
    return [
        (
            x.player,
            x.rank,
            x.manches,
            F(x.place_points),
            F(x.bonus),
            F(x.malus),
            F(x.points),
            Fraction(x.average),
            x.title,
        )
        for x in rows
    ]


def oracle_rows(rows):
    return [
        (
            x["player"],
            x["rank"],
            x["manches"],
            x["place_points"],
            x["bonus"],
            x["malus"],
            x["points"],
            x["average"],
            x["title"],
        )
        for x in rows
    ]


@settings(max_examples=120, deadline=None, suppress_health_check=SEASONS_HEALTH_CHECKS)
@given(seasons())
def test_compute_season_agrees_with_oracle(case):
    season, now = case
    got = compute_season(to_engine_season(season), now=now)
    want = oracle.compute_season(season, now)
    ctx = describe(season=season, now=now)
    assert sorted(got.manches) == sorted(want["manches"]), ctx
    for number, w in want["manches"].items():
        g = got.manches[number]
        where = f"manche {number}\n{ctx}"
        if w["sheet"] is not None:
            assert [x.scores for x in g.sheet.donnes] == [x["scores"] for x in w["sheet"]["donnes"]], where
            assert [x.pot_after for x in g.sheet.donnes] == [x["pot"] for x in w["sheet"]["donnes"]], where
        got_rank = sorted((e.player, e.score, e.place, F(e.points), e.absent) for e in g.ranking)
        want_rank = sorted(
            (e["player"], e["score"], e["place"], e["points"], e["absent"]) for e in w["ranking"]
        )
        assert got_rank == want_rank, where
        assert [e.place for e in g.ranking] == sorted(e.place for e in g.ranking), where
        assert sorted(g.vainqueurs) == sorted(w["vainqueurs"]), where
        assert list(g.deadlines) == w["deadlines"], where
        adj = {(p, k): F(v) for p, k, v in summed_adjustments(g.adjustments)}
        assert adj == w["adjustments"], where
    assert standing_rows(got.standings) == oracle_rows(want["standings"]), ctx
    participation = {
        p: sum((F(a.value) for a in adjs if a.kind == "participation"), Fraction(0))
        for p, adjs in got.adjustments_by_player.items()
    }
    for row in want["standings"]:
        assert participation.get(row["player"], 0) == row["participation"], ctx
    accessits = {
        a.award: (tuple(a.players), a.value if a.value is not None else a.citation) for a in got.accessits
    }
    assert accessits == want["accessits"], ctx
    # the classification the season would have if closed now
    closed = dict(season, closed=True)
    want_closed = oracle.compute_season(closed, now)
    assert standing_rows(got.standings_if_closed) == oracle_rows(want_closed["standings"]), ctx


# ---------------------------------------------------------------- engine defects found by the oracle
#
# §4.2: "each tied player gets the average of the points of the places they
# cover". With a President's ``place_points`` whose tie average is not a
# terminating decimal (5, 3, 1, 0, −2: three tied at places 2–4 get
# (3 + 1 + 0) / 3 = 4/3), the engine's ``Decimal`` points are rounded
# (1.3333333333333333333333333333), so equal averages stop being equal and
# §5's "equal averages share a rank" fails. The two tests below assert the
# rulings; they fail on the engine as it stands (the random tests above use
# place points whose tie averages terminate, so that they keep checking
# everything else).

THIRDS = {"place_points": [5, 3, 1, 0, -2], "defensive_bonus": False}


def test_tied_place_points_average_exactly():
    engine_rs = ruleset_for("tarot-biere", "2011-2012", THIRDS)
    scores = {"p0": 100, "p1": 10, "p2": 10, "p3": 10, "p4": -130}
    got = {e.player: e.points_fraction for e in rank_manche(engine_rs, SEATS, None, scores, None, None)}
    assert got == {"p0": 5, "p1": Fraction(4, 3), "p2": Fraction(4, 3), "p3": Fraction(4, 3), "p4": -2}


def test_equal_averages_through_thirds_share_a_rank():
    start = datetime(2011, 9, 8, 21, 0, tzinfo=PARIS)

    def manche(n, scores):
        at = start + timedelta(days=14 * n)
        winner = max(scores, key=scores.get)
        return {
            "number": n,
            "starts_at": at,
            "status": "played",
            "table": list(scores),
            "absent": None,
            "donnes": None,
            "results": [{"player": p, "score": s} for p, s in scores.items()],
            "order": None,
            "comptes_rendus": [
                {
                    "author": winner,
                    "posted_at": at + timedelta(hours=3),
                    "status": "accepted",
                    "rejected_at": None,
                }
            ],
        }

    season = {
        "season": {"name": "2011-2012", "ruleset": "tarot-biere", "params": THIRDS, "president": None},
        "players": [{"id": p, "name": p.upper(), "first_season": None} for p in "abcdxy"],
        "manches": [
            manche(1, {"b": 100, "a": 10, "c": 10, "d": 10, "x": -130}),
            manche(2, {"x": 100, "a": 10, "c": 10, "d": 10, "b": -130}),
            manche(3, {"x": 100, "a": 10, "c": 10, "d": 10, "y": -130}),
            manche(4, {"x": 100, "y": 50, "b": 0, "c": -50, "d": -100}),
        ],
        "awards": [],
        "closed": False,
    }
    now = start + timedelta(days=14 * 4, hours=5)
    got = {
        x.player: (x.rank, F(x.points), x.title)
        for x in compute_season(to_engine_season(season), now=now).standings
    }
    # a: 3 × 4/3 = 4 in 3 manches; b: 5 − 2 + 1 = 4 in 3 manches: both average 1.
    assert got["a"] == got["b"] == (2, 4, "vice_champion")
    want = {
        x["player"]: (x["rank"], x["points"], x["title"])
        for x in oracle.compute_season(season, now)["standings"]
    }
    assert got == want

"""The demo club's calendar as of a date: a closed season and the one in progress.

:func:`demo_plan` draws who sits at which night, which night is cancelled or
played at four, how each compte-rendu goes, and which coming manches are
open with whom signed up; it plays the nights with
:mod:`league.demo.simulator`. Everything is a function of the seed and of
``now`` (which decides what is already played): ``random.Random(seed)`` is
the only source of chance, and only lists are iterated, never sets, so two
runs give the same club. Pure Python (no Django).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from league import rules
from league.rules import calendar as cal

from .club import CLUB, DEMO_CAPITAINE, DEMO_PLAYER, DEMO_SEED, LOCATIONS, PARIS, PRESIDENT, VICE_PRESIDENT
from .simulator import MancheSpec, Style, document, play_season


def _pick_table(rng: random.Random, pool: list[str], weights: list[float], n: int) -> list[str]:
    chosen: list[str] = []
    candidates, w = list(pool), list(weights)
    for _ in range(n):
        k = rng.choices(range(len(candidates)), weights=w)[0]
        chosen.append(candidates.pop(k))
        w.pop(k)
    rng.shuffle(chosen)  # the draw decides the seats
    return chosen


def _played_nights(
    rng: random.Random,
    dates: list[datetime],
    players: list[str],
    weights: list[float],
    scenarios: list[str],
    *,
    cancelled: int,
    at_four: int,
) -> list[MancheSpec]:
    """One manche of five a night, numbered from 1: night ``cancelled`` called off, night ``at_four`` one short.

    Both demo seasons fill their played nights this way. The random draws come
    in one fixed order (table, place, target, compte-rendu story), so that a
    seed always gives the same club.
    """
    specs = []
    for k, start in enumerate(dates):
        spec = MancheSpec(
            number=k + 1,
            starts_at=start,
            table=_pick_table(rng, players, weights, cal.SEATS),
            location=rng.choice(LOCATIONS),
            target=rng.randint(16, 24),
            cr_scenario=rng.choice(scenarios),
            order_ties=True,
        )
        if k == cancelled:
            spec.status, spec.table = "cancelled", []
        if k == at_four:
            spec.absent = spec.table.pop()
        specs.append(spec)
    return specs


@dataclass
class DemoPlan:
    """The two seasons' documents, and the sign-ups to make for the coming manches."""

    closed: dict
    current: dict
    open_manches: list[int]
    signups: dict[int, list[str]]
    capitaines: dict[int, str]
    players: list[tuple[str, str]]


def _current_dates(year: int, now: datetime) -> list[datetime]:
    """The regular dates of the season in progress; off-season, a fortnightly run around today."""
    starts = cal.season_starts(year)
    before = [s for s in starts if s < now - timedelta(hours=6)]
    after = [s for s in starts if s > now]
    if len(before) >= 5 and len(after) >= 4:
        return starts
    today = now.astimezone(PARIS).date()
    thursday = today - timedelta(days=(today.weekday() - 3) % 7)
    first = thursday - timedelta(days=14 * 6)
    return [cal.manche_start(first + timedelta(days=14 * k)) for k in range(12)]


def demo_plan(seed: int = DEMO_SEED, *, now: datetime) -> DemoPlan:
    """The demo club as of ``now``: a closed season and the one in progress."""
    rng = random.Random(seed)
    year = cal.season_year(now)
    closed_name, current_name = f"{year - 1}-{year}", f"{year}-{year + 1}"
    names = {pid: name for pid, name, *_ in CLUB}
    styles = {pid: Style(appetite, skill) for pid, _n, _f, _r, appetite, skill in CLUB}

    def first_season(value):
        return {None: current_name, "closed": closed_name}.get(value, value)

    closed_players = [pid for pid, _n, first, *_ in CLUB if first is not None]
    current_players = [pid for pid, *_ in CLUB]
    regular = {pid: reg for pid, _n, _f, reg, *_ in CLUB}

    # The closed season: the fortnightly calendar plus extra manches in between.
    regular_dates = cal.season_starts(year - 1)
    extra_dates = [cal.manche_start(cal.local_date(s) + timedelta(days=7)) for s in regular_dates[:-1]]
    extras = sorted(rng.sample(extra_dates, 10))
    dates = sorted(regular_dates + extras)
    cancelled = rng.randrange(3, len(dates) - 3)
    at_four = rng.choice([k for k in range(2, len(dates) - 2) if k != cancelled])
    weights = [5.0 if regular[p] else 2.0 for p in closed_players]
    scenarios = ["on_time"] * 24 + ["late"] * 4 + ["revised"] * 2 + ["replaced"] * 2 + ["none"]
    specs = _played_nights(
        rng, dates, closed_players, weights, scenarios, cancelled=cancelled, at_four=at_four
    )
    played = [s for s in specs if s.status == "played"]
    # What every season of the demo shows at least once, dealt at random nights.
    for feature in [
        "announced_made",
        "made",
        "misere_game",
        "misere_game",
        "triple",
        "double",
        "misere_false",
        "petit_defense",
        "garde_contre",
        "announced_failed",
        "penalty",
        "alone",
    ]:
        rng.choice(played).forced.append({feature})
    # Make sure the late, revised and replaced stories are all told.
    for scenario, k in zip(
        ["late", "revised", "replaced", "late"], rng.sample(range(len(played) - 1), 4), strict=True
    ):
        played[k].cr_scenario = scenario
    closed_manches = play_season(
        rng,
        name=closed_name,
        ruleset=rules.ruleset_for("tarot-biere", closed_name),
        manches=specs,
        names=names,
        styles=styles,
        officers=(PRESIDENT, VICE_PRESIDENT),
        now=now,
    )
    seated = sorted({p for m in closed_manches for p in m["table"]})
    awards = [
        {
            "award": "fair_play",
            "player": rng.choice([p for p in seated if p not in (PRESIDENT,)]),
            "citation": "Toujours le sourire, même après trois gardes contre chutées.",
        },
        {
            "award": "manque_de_bol",
            "player": rng.choice(seated),
            "citation": "Quatre poignées simples dans la saison, toutes dans le camp perdant.",
        },
        {
            "award": "truffe",
            "player": rng.choice(seated),
            "citation": "A appelé son propre roi. Deux fois. Le même soir.",
        },
    ]
    closed_doc = document(
        name=closed_name,
        players=[
            _player(p, names, first_season)
            for p in sorted({*seated, *(m["absent"] for m in closed_manches if m["absent"])})
        ],
        manches=closed_manches,
        president=PRESIDENT,
        vice_president=VICE_PRESIDENT,
        awards=awards,
        closed=True,
    )

    # The season in progress: played nights up to now, then the coming ones.
    dates = _current_dates(year, now)
    played_dates = [s for s in dates if s < now - timedelta(hours=6)]
    coming = [s for s in dates if s >= now - timedelta(hours=6)]
    extra_day = cal.manche_start(cal.local_date(played_dates[len(played_dates) // 2]) + timedelta(days=7))
    played_dates = sorted([*played_dates, extra_day])
    weights = [5.0 if regular[p] else 2.5 for p in current_players]
    cancelled = rng.randrange(1, len(played_dates) - 1)
    at_four = rng.choice([k for k in range(len(played_dates)) if k != cancelled])
    scenarios = ["on_time"] * 6 + ["late", "revised", "replaced"]
    specs = _played_nights(
        rng, played_dates, current_players, weights, scenarios, cancelled=cancelled, at_four=at_four
    )
    played = [s for s in specs if s.status == "played"]
    for feature in ["misere_game", "petit_attack", "simple", "misere_valid", "penalty", "garde_sans"]:
        rng.choice(played).forced.append({feature})
    late_ones = [s for s in played[:-1] if s.starts_at < now - timedelta(days=20)]
    if len(late_ones) >= 3:
        for scenario, spec in zip(["late", "replaced", "revised"], rng.sample(late_ones, 3), strict=True):
            spec.cr_scenario = scenario
    # The last night played: the demo player won it and has its compte-rendu
    # to write; the one before waits for the President's decision.
    last = played[-1]
    if DEMO_PLAYER not in last.table:
        if last.absent == DEMO_PLAYER:
            last.absent = last.table[-1]
        last.table[-1] = DEMO_PLAYER
    last.winner, last.cr_scenario = DEMO_PLAYER, "none"
    if len(played) > 1:
        played[-2].cr_scenario = "pending"
    for start in coming:
        specs.append(
            MancheSpec(number=len(specs) + 1, starts_at=start, status="planned", location="Chez Ben")
        )
    current_manches = play_season(
        rng,
        name=current_name,
        ruleset=rules.ruleset_for("tarot-biere", current_name),
        manches=specs,
        names=names,
        styles=styles,
        officers=(PRESIDENT, VICE_PRESIDENT),
        now=now,
    )
    seated = sorted(
        {p for m in current_manches for p in [*m["table"], *([m["absent"]] if m["absent"] else [])]}
    )
    current_doc = document(
        name=current_name,
        players=[_player(p, names, first_season) for p in sorted({*seated, PRESIDENT, VICE_PRESIDENT})],
        manches=current_manches,
        president=PRESIDENT,
        vice_president=VICE_PRESIDENT,
        closed=False,
    )
    coming_numbers = [m["number"] for m in current_manches if m["status"] == "planned"]
    open_manches = coming_numbers[:2]
    signups = {}
    if open_manches:
        # The capitaine signs up first (and so sits at the table).
        others = _pick_table(rng, current_players, weights, 6)
        signups[open_manches[0]] = [DEMO_CAPITAINE, *(p for p in others if p != DEMO_CAPITAINE)][:6]
    if len(open_manches) > 1:
        signups[open_manches[1]] = _pick_table(rng, current_players, weights, 3)
    capitaines = {open_manches[0]: DEMO_CAPITAINE} if open_manches else {}
    return DemoPlan(
        closed=closed_doc,
        current=current_doc,
        open_manches=open_manches,
        signups=signups,
        capitaines=capitaines,
        players=[(pid, name) for pid, name, *_ in CLUB],
    )


def _player(pid: str, names: dict[str, str], first_season) -> dict:
    first = next(f for p, _n, f, *_ in CLUB if p == pid) if pid in names else None
    return {"id": pid, "name": names.get(pid, pid), "first_season": first_season(first)}

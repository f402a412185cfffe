"""Generated seasons: random valid score sheets, loaded straight into the database.

Used by the benchmark (``bench/bench_standings.py``) and by the reports'
tests to build small and large seasons. Sheets come from the engine-level
generator (``tests.support.engine_seasons``: misère games, announcements and
penalties included) or, when asked, from the small generator below: contract donnes the rules engine accepts (bouts 0..3, card points 0..91 in halves,
three bouts with at least 13.5 points, an appelé only at a table of five);
the last donne of a sheet is always won, so the preneur takes the pot and
the manche closes with an empty pot, as §2.5 requires.

Nothing here computes a score: the engine does, from the rows written. The
season row comes from the one builder (``make_season``); its manches, seats
and donnes are written in bulk, which a row-by-row builder could not do at
the benchmarks' sizes.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from decimal import Decimal

from .seasons import PARIS, make_season

CONTRACTS = ("pouce", "garde", "garde", "garde", "garde_sans", "garde_contre")
#: The first night of a generated season (one manche a day from there).
START = datetime(2030, 9, 1, 21, 0, tzinfo=PARIS)
#: A year later: after every manche of a generated season, every deadline reached.
AFTER_THE_SEASON = datetime(2031, 9, 1, 12, 0, tzinfo=PARIS)
#: Card points the attaque needs by bouts (only to pick a winning last donne).
NEEDED = {0: 56, 1: 51, 2: 41, 3: 36}


def random_donne(rng: random.Random, table: list[str], *, win: bool = False) -> dict:
    """One contract donne at ``table`` in the ``Donne`` row's shape (player ids)."""
    taker = rng.choice(table)
    others = [p for p in table if p != taker]
    partner = rng.choice([*others, None]) if len(table) == 5 else None
    bouts = rng.choice((0, 1, 1, 2, 2, 3))
    if win:
        low = NEEDED[bouts]
        points = Decimal(rng.randrange(low * 2, 183)) / 2
    else:
        low = 27 if bouts == 3 else 0
        points = Decimal(rng.randrange(low, 183)) / 2
    poignees = []
    if rng.random() < 0.08:
        poignees.append({"player": rng.choice(table), "level": rng.choice(("simple", "simple", "double"))})
    petit = rng.choices((None, "attack", "defense"), weights=(90, 6, 4))[0]
    return {
        "kind": "contract",
        "taker": taker,
        "contract": rng.choice(CONTRACTS),
        "partner": partner,
        "bouts": bouts,
        "points": points,
        "petit_au_bout": petit,
        "poignees": poignees,
        "chelem": None,
    }


def random_sheet(rng: random.Random, table: list[str], donnes: int = 20) -> list[dict]:
    """``donnes`` donnes, the last one won so that the pot is empty at the close."""
    sheet = [random_donne(rng, table) for _ in range(max(donnes - 1, 0))]
    sheet.append(random_donne(rng, table, win=True))
    return sheet


def engine_sheet(rng: random.Random, table: list[str], donnes: int = 20) -> list[dict] | None:
    """The rules engine's own demo generator (misère games, announcements,
    penalties included) in the ``Donne`` row's shape, when it is available."""
    from league.rules import ruleset_for
    from league.rules.donne import MisereGame

    from .engine_seasons import random_sheet

    ruleset = ruleset_for("tarot-biere", "2030-2031")
    rows = []
    for d in random_sheet(rng, ruleset, tuple(table), max(donnes - 1, 0)):
        common = {
            "miseres": [{"player": m.player, "kind": m.kind, "valid": m.valid} for m in d.miseres],
            "penalties": [{"player": p.player, "amount": p.amount, "reason": p.reason} for p in d.penalties],
        }
        if isinstance(d, MisereGame):
            rows.append(
                {"kind": "misere", "misere_points": {p: str(v) for p, v in d.points.items()}, **common}
            )
            continue
        rows.append(
            {
                "kind": "contract",
                "taker": d.taker,
                "contract": d.contract,
                "partner": d.partner,
                "bouts": d.bouts,
                "points": d.points,
                "petit_au_bout": d.petit_au_bout,
                "poignees": [{"player": p.player, "level": p.level} for p in d.poignees],
                "chelem": d.chelem,
                **common,
            }
        )
    return rows


def schedule(players: list[str], manches_per_player: int, rng: random.Random) -> list[list[str]]:
    """Tables of five such that every player plays ``manches_per_player`` manches.

    ``len(players)`` must be a multiple of 5: each round seats everyone once.
    """
    if len(players) % 5:
        raise ValueError("the number of players must be a multiple of 5")
    tables = []
    for _round in range(manches_per_player):
        order = players[:]
        rng.shuffle(order)
        tables.extend(order[i : i + 5] for i in range(0, len(order), 5))
    return tables


def load_season(
    *,
    name: str = "2030-2031",
    players: int = 10,
    manches_per_player: int = 4,
    donnes: int = 20,
    seed: int = 1,
    closed: bool = False,
    start: datetime | None = None,
    username_prefix: str = "p",
    users: list | None = None,
    use_engine_generator: bool = True,
    comptes_rendus: bool = False,
):
    """Create a season with generated players, played manches and full sheets.

    Returns the ``Season``. Rows are written with ``bulk_create`` (a season of
    1600 manches loads in seconds); ``users`` reuses existing accounts.
    With ``comptes_rendus`` every vainqueur posts his compte-rendu on time,
    as a club's vainqueurs do (see :func:`post_comptes_rendus`).
    """
    from django.contrib.auth.hashers import UNUSABLE_PASSWORD_PREFIX

    from accounts.models import User
    from league.models import Donne, Manche, Season, Seat

    rng = random.Random(seed)
    if users is None:
        existing = set(User.objects.values_list("username", flat=True))
        new = [
            User(
                username=f"{username_prefix}{i:03d}",
                display_name=f"Joueur {username_prefix.upper()}{i:03d}",
                email="",
                password=UNUSABLE_PASSWORD_PREFIX,
            )
            for i in range(players)
            if f"{username_prefix}{i:03d}" not in existing
        ]
        User.objects.bulk_create(new)
        users = list(
            User.objects.filter(username__in=[f"{username_prefix}{i:03d}" for i in range(players)]).order_by(
                "username"
            )
        )
    ids = {u.username: u.pk for u in users}
    usernames = sorted(ids)
    start = start or START
    season = make_season(
        name,
        state=Season.State.CLOSED if closed else Season.State.OPEN,
        closed_at=start + timedelta(days=400) if closed else None,
    )
    tables = schedule(usernames, manches_per_player, rng)
    Manche.objects.bulk_create(
        Manche(
            season=season,
            number=i + 1,
            starts_at=start + timedelta(days=i),
            status=Manche.Status.PLAYED,
            closed_at=start + timedelta(days=i, hours=5),
        )
        for i in range(len(tables))
    )
    manche_ids = dict(Manche.objects.filter(season=season).values_list("number", "pk"))
    seats = []
    rows = []
    for i, table in enumerate(tables):
        manche_id = manche_ids[i + 1]
        seats.extend(
            Seat(manche_id=manche_id, player_id=ids[p], position=pos) for pos, p in enumerate(table, start=1)
        )
        sheet = engine_sheet(rng, table, donnes) if use_engine_generator else None
        if sheet is None:
            sheet = random_sheet(rng, table, donnes)
        for index, d in enumerate(sheet, start=1):
            if d["kind"] == "misere":
                rows.append(
                    Donne(
                        manche_id=manche_id,
                        index=index,
                        kind=Donne.Kind.MISERE,
                        misere_points=d["misere_points"],
                        miseres=d["miseres"],
                        penalties=d["penalties"],
                    )
                )
                continue
            rows.append(
                Donne(
                    manche_id=manche_id,
                    index=index,
                    kind=Donne.Kind.CONTRACT,
                    taker_id=ids[d["taker"]],
                    contract=d["contract"],
                    partner_id=ids[d["partner"]] if d["partner"] else None,
                    bouts=d["bouts"],
                    points=d["points"],
                    petit_au_bout=d["petit_au_bout"] or "",
                    chelem=d.get("chelem") or "",
                    poignees=d["poignees"],
                    miseres=d.get("miseres", []),
                    penalties=d.get("penalties", []),
                )
            )
    Seat.objects.bulk_create(seats, batch_size=2000)
    Donne.objects.bulk_create(rows, batch_size=2000)
    if comptes_rendus:
        post_comptes_rendus(season, start=start)
    return season


def post_comptes_rendus(season, *, start: datetime) -> None:
    """Each manche's vainqueurs post a compte-rendu two hours after it closes, accepted.

    Without them a season is what no club plays: by §5.4 every vainqueur
    loses 0.5 at each later manche, a number of maluses quadratic in the
    manches, which would make the season's computation (and what a benchmark
    measures against it) grow as no real season does.
    """
    from accounts.models import User
    from league import rules
    from league.models import CompteRendu, Manche
    from league.selectors.engine import season_input

    result = rules.compute_season(season_input(season), now=start)
    ids = dict(User.objects.values_list("username", "pk"))
    closed = dict(Manche.objects.filter(season=season).values_list("number", "closed_at"))
    manche_ids = dict(Manche.objects.filter(season=season).values_list("number", "pk"))
    CompteRendu.objects.bulk_create(
        (
            CompteRendu(
                manche_id=manche_ids[number],
                author_id=ids[vainqueur],
                title=f"Manche {number}",
                text="Une belle soirée.",
                html="<p>Une belle soirée.</p>",
                posted_at=closed[number] + timedelta(hours=2),
                status=CompteRendu.Status.ACCEPTED,
                judged_at=closed[number] + timedelta(hours=3),
            )
            for number, outcome in result.manches.items()
            for vainqueur in outcome.vainqueurs
        ),
        batch_size=2000,
    )

"""A season, a manche of five with its capitaine, and helpers to fill its feuille de marque.

The table (playing order): bruno (the capitaine), anne (an ordinary seated
player), fifi, eric, gege. ``ben`` presides the season and does not play.
"""

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

PARIS = ZoneInfo("Europe/Paris")
NIGHT = datetime(2011, 9, 15, 21, 0, tzinfo=PARIS)


@pytest.fixture
def season(president):
    from league.models import Season

    return Season.objects.create(name="2011-2012", president=president, state=Season.State.OPEN)


@pytest.fixture
def others(make_user):
    return [make_user("fifi", display_name="Fifi"), make_user("eric", display_name="Éric"), make_user("gege")]


def make_manche(season, number, *, capitaine=None, starts_at=None, status="open"):
    from league.models import Manche

    return Manche.objects.create(
        season=season,
        number=number,
        starts_at=starts_at or NIGHT,
        capitaine=capitaine,
        status=status,
        location="Chez Ben",
    )


def seat(manche, players, *, absent=None):
    from league.models import Seat

    for position, player in enumerate(players, start=1):
        Seat.objects.create(manche=manche, player=player, position=position)
    if absent is not None:
        manche.absent = absent
        manche.save()
    return manche


@pytest.fixture
def manche(season, capitaine, player, others):
    """Manche 1, at five, seats already drawn."""
    m = make_manche(season, 1, capitaine=capitaine)
    return seat(m, [capitaine, player, *others])


def contract(taker, contract="garde", partner=None, bouts=2, points=49, **extra):
    data = {
        "kind": "contract",
        "taker": getattr(taker, "username", taker),
        "contract": contract,
        "partner": getattr(partner, "username", partner),
        "bouts": bouts,
        "points": Decimal(str(points)) if isinstance(points, (int, float)) else points,
    }
    data.update(extra)
    return data


def misere(points: dict, **extra):
    return {
        "kind": "misere",
        "points": {getattr(k, "username", k): Decimal(str(v)) for k, v in points.items()},
        **extra,
    }


def add(manche, by, data, *, now=None):
    """Enter a donne as ``by`` against the current version of the sheet."""
    from league.models import Manche
    from league.services import sheet as services

    fresh = Manche.objects.get(pk=manche.pk)
    return services.donne_add(
        manche=fresh, data=data, by=by, seen_version=fresh.sheet_version, now=now or timezone.now()
    )


def close(manche, by, *, now=None):
    from league.models import Manche
    from league.services import sheet as services

    fresh = Manche.objects.get(pk=manche.pk)
    return services.manche_close(
        manche=fresh, by=by, seen_version=fresh.sheet_version, now=now or timezone.now()
    )


def totals(manche):
    from league.models import Manche
    from league.selectors.sheet import sheet_state

    state = sheet_state(Manche.objects.select_related("season").get(pk=manche.pk))
    return state.totals, state.pot


def post_donne_fields(version, data):
    """The POST body the sheet's form sends for ``data`` (as built by ``contract``/``misere``)."""
    body = {"sheet_version": version, "kind": data["kind"]}
    if data["kind"] == "misere":
        for player, value in data["points"].items():
            body[f"mp_{player}"] = str(value)
    else:
        for name in ("taker", "contract", "partner", "bouts", "points", "petit_au_bout", "chelem"):
            value = data.get(name)
            body[name] = "" if value is None else str(value)
        for p in data.get("poignees", ()):
            body[f"poignee_{p['player']}"] = p["level"]
    for m in data.get("miseres", ()):
        body[f"misere_{m['kind']}_{m['player']}"] = "valid" if m["valid"] else "false"
    for p in data.get("penalties", ()):
        body[f"penalty_{p['player']}"] = str(p["amount"])
        body[f"penalty_reason_{p['player']}"] = p.get("reason", "")
    if data.get("dealer"):
        body["dealer"] = data["dealer"]
    return body

"""Helpers to fill a manche's feuille de marque through the sheet's services, and the form's POST body.

The ``manche`` fixture (tests/conftest.py) is the table they play at:
bruno (the capitaine), anne, fifi, eric, gege in playing order.
"""

from decimal import Decimal

from django.utils import timezone


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
        if p.get("to_each_player"):
            body[f"penalty_each_{p['player']}"] = str(p["to_each_player"])
    if data.get("dealer"):
        body["dealer"] = data["dealer"]
    return body


def field_tag(html: str, name: str) -> str:
    """The opening tag of the entry form's field ``name`` in a rendered sheet."""
    start = html.index(f'name="{name}"')
    return html[start : html.index(">", start)]


def extras_errors(html: str, player: str) -> str:
    """What the details panel says of ``player``'s poignée, misères and penalty, in the row
    under his (the whole panel's width)."""
    start = html.index(f'id="extras-errors-{player}"')
    return html[start : html.index("</tr>", start)]

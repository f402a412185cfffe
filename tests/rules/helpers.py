"""Builders that keep the rule tests reading like the rulebook."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from league.rules import ContractDonne, MisereAnnouncement, MisereGame, Penalty, Poignee

PARIS = ZoneInfo("Europe/Paris")
FIVE = ("ben", "fifi", "anne", "bruno", "eric")
FOUR = ("ben", "fifi", "anne", "bruno")


def D(x) -> Decimal:  # noqa: N802
    return Decimal(str(x))


def paris(*args) -> datetime:
    """A wall-clock time in Paris: ``paris(2011, 9, 1, 21)``."""
    return datetime(*args, tzinfo=PARIS)


def contract(
    taker="ben",
    kind="garde",
    partner=None,
    bouts=2,
    points=41,
    *,
    dealer="eric",
    petit=None,
    poignees=(),
    chelem=None,
    miseres=(),
    penalties=(),
) -> ContractDonne:
    """A contract donne; ``poignees`` as ``[("ben", "simple")]``, ``miseres``
    as ``[("eric", "atout", True)]``, ``penalties`` as ``[("bruno", 10)]``."""
    return ContractDonne(
        dealer=dealer,
        taker=taker,
        contract=kind,
        partner=partner,
        bouts=bouts,
        points=D(points),
        petit_au_bout=petit,
        poignees=tuple(Poignee(p, level) for p, level in poignees),
        chelem=chelem,
        miseres=tuple(MisereAnnouncement(p, k, v) for p, k, v in miseres),
        penalties=tuple(Penalty(*x) for x in penalties),
    )


def misere_game(points: dict, *, dealer="eric", miseres=(), penalties=()) -> MisereGame:
    return MisereGame(
        dealer=dealer,
        points={p: D(v) for p, v in points.items()},
        miseres=tuple(MisereAnnouncement(p, k, v) for p, k, v in miseres),
        penalties=tuple(Penalty(*x) for x in penalties),
    )


def fields(exc) -> list[str]:
    """The field paths named by an InvalidInput."""
    return [p.field for p in exc.problems]

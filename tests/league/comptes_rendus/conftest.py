"""A season with played manches, built in the database, for the compte-rendu tests.

The table of every manche is ben (the President), anne, bruno, carole and
denis; ``played(number, when, winner=...)`` records quick results whose
first place goes to ``winner`` (anne unless told) in ``season``
(tests/conftest.py). Times are Paris wall clock (``paris(2026, 3, 19, 21)``
from tests/support/seasons.py), the way the club reads them.
"""

from datetime import datetime

import pytest

from tests.support.seasons import make_manche

TABLE = ("ben", "anne", "bruno", "carole", "denis")
SCORES = (300, 100, 0, -150, -250)


@pytest.fixture
def players(president, player, capitaine, make_user):
    """ben (President), anne, bruno, carole, denis: username -> User."""
    carole = make_user("carole", display_name="Carole")
    denis = make_user("denis", display_name="Denis")
    return {u.username: u for u in (president, player, capitaine, carole, denis)}


@pytest.fixture
def manche_at(season):
    """A planned (or cancelled) manche at a Paris time."""
    from league.models import Manche

    def make(number: int, when: datetime, *, status=Manche.Status.PLANNED, is_extra=False) -> Manche:
        return make_manche(season, number, starts_at=when, status=status, is_extra=is_extra)

    return make


@pytest.fixture
def played(season, players, manche_at):
    """A played manche won by ``winner`` (``winners`` for a tie on first place)."""
    from league.models import Manche, QuickResult, Seat

    def make(number: int, when: datetime, *, winner: str = "anne", tie: str | None = None) -> Manche:
        manche = manche_at(number, when, status=Manche.Status.PLAYED)
        order = [winner] + [p for p in TABLE if p != winner]
        scores = list(SCORES)
        if tie:
            order = [winner, tie] + [p for p in TABLE if p not in (winner, tie)]
            scores = [200, 200, 0, -150, -250]
        for position, username in enumerate(TABLE, start=1):
            Seat.objects.create(manche=manche, player=players[username], position=position)
        for username, score in zip(order, scores, strict=True):
            QuickResult.objects.create(manche=manche, player=players[username], score=score)
        return manche

    return make


@pytest.fixture
def post():
    """Post a compte-rendu through the service, at ``when``."""
    from league.services.comptes_rendus import compte_rendu_post

    def make(
        manche,
        author,
        when: datetime,
        *,
        title="Une belle soirée",
        text="Ambiance, classement, moments forts.",
    ):
        return compte_rendu_post(manche=manche, author=author, title=title, text=text, now=when)

    return make


@pytest.fixture
def adjustments(season):
    """The engine's compte-rendu adjustments of the season at ``now``: [(player, kind, value, manche)]."""
    from tests.support.engine import season_result

    def compute(now: datetime, *, kinds=("cr_retard", "cr_non_conforme", "cr_remplacement")):
        result = season_result(season, now=now)
        return sorted(
            (a.player, a.kind, a.value, a.manche)
            for outcome in result.manches.values()
            for a in outcome.adjustments
            if a.kind in kinds
        )

    return compute

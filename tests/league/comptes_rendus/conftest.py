"""A season with played manches, built in the database, for the compte-rendu tests.

The table of every manche is ben (the President), anne, bruno, carole and
denis; ``played(number, when, winner=...)`` records quick results whose
first place goes to ``winner`` (anne unless told) in ``season``
(tests/conftest.py). Times are Paris wall clock (``paris(2026, 3, 19, 21)``
from tests/support/seasons.py), the way the club reads them.
"""

from datetime import datetime

import pytest

from tests.support.seasons import make_manche, paris

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


#: The two manches of the stories below: manche 1 played (anne won it), manche 2 the season's last start.
STORY_START, STORY_NEXT = paris(2025, 10, 2, 21), paris(2025, 10, 16, 21)


@pytest.fixture
def rejected_after_the_last_start(
    season, played, manche_at, players, post, django_capture_on_commit_callbacks
):
    """Anne's compte-rendu of manche 1, posted on time, is rejected on 20 October, after manche 2,
    the season's last start: she has the last-manche delay (14 days from the rejection) to revise
    it, an instant that is none of the manche's deadlines. Past it, her non-conforme malus counts."""
    from league.services.comptes_rendus import compte_rendu_reject

    played(1, STORY_START)
    manche_at(2, STORY_NEXT)
    cr = post(season.manches.get(number=1), players["anne"], paris(2025, 10, 5, 12))
    with django_capture_on_commit_callbacks(execute=True):
        compte_rendu_reject(
            compte_rendu=cr, judge=players["ben"], reason="Pas de classement.", now=paris(2025, 10, 20, 12)
        )
    return season


@pytest.fixture
def replaced_on_the_tenth(season, played, manche_at, players, post, django_capture_on_commit_callbacks):
    """Anne's compte-rendu of manche 1 is rejected on 6 October; bruno's replacement, posted on
    10 October and accepted the next day, earns him his bonus from the 10th (a season read
    before then holds a compte-rendu dated later than its reading, as an imported one may)."""
    from league.services.comptes_rendus import compte_rendu_accept, compte_rendu_reject

    played(1, STORY_START)
    manche_at(2, STORY_NEXT)
    manche = season.manches.get(number=1)
    with django_capture_on_commit_callbacks(execute=True):
        rejected = post(manche, players["anne"], paris(2025, 10, 5, 12))
        compte_rendu_reject(
            compte_rendu=rejected, judge=players["ben"], reason="Pas de classement.", now=paris(2025, 10, 6)
        )
        replacement = post(manche, players["bruno"], paris(2025, 10, 10, 12))
        compte_rendu_accept(compte_rendu=replacement, judge=players["ben"], now=paris(2025, 10, 11))
    return season

"""The accounts the README and ``demo_season`` give a newcomer play their part on any date.

The President presides; the capitaine keeps the sheet of the next manche;
the demo player won the last manche played and has its compte-rendu to
write, the deadline (the next manche) still ahead.
"""

from datetime import datetime

import pytest

from accounts.models import User
from accounts.roles import current_president
from league import demo
from league.models import Manche, Season
from league.selectors.comptes_rendus import manche_comptes_rendus, my_open_deadlines, write_refusal
from tests.support.seasons import PARIS


@pytest.mark.django_db
@pytest.mark.parametrize(
    "now",
    [
        datetime(2024, 1, 20, 12, 0, tzinfo=PARIS),  # mid-season, a Saturday
        datetime(2025, 3, 27, 23, 30, tzinfo=PARIS),  # a Thursday night, during a manche
        datetime(2024, 7, 25, 12, 0, tzinfo=PARIS),  # off-season
        datetime(2026, 9, 3, 20, 0, tzinfo=PARIS),  # the first Thursday of a season
    ],
)
def test_the_demo_accounts_have_their_parts(now):
    demo.load_demo(seed=demo.DEMO_SEED, now=now)
    assert current_president().username == demo.PRESIDENT

    season = Season.objects.get(state=Season.State.OPEN)
    next_manche = (
        Manche.objects.filter(season=season, status=Manche.Status.OPEN).order_by("starts_at").first()
    )
    assert next_manche.capitaine.username == demo.DEMO_CAPITAINE
    assert next_manche.registrations.filter(player__username=demo.DEMO_CAPITAINE, seat__isnull=False).exists()

    player = User.objects.get(username=demo.DEMO_PLAYER)
    (deadline,) = my_open_deadlines(player, now)
    last_played = (
        Manche.objects.filter(season=season, status=Manche.Status.PLAYED).order_by("starts_at").last()
    )
    assert (deadline.season, deadline.number) == (season, last_played.number) and not deadline.pending
    assert deadline.open_deadline.deadline > now
    assert write_refusal(manche_comptes_rendus(last_played, now=now), player) is None

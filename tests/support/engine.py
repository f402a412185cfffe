"""The engine's result of a season in the database, computed afresh: what the tests compare the pages with.

The site never keeps the result itself (only the readings made from it,
``league.selectors.engine.season_readings``); a test reads it here, from the
same rows, through the same engine.
"""

from datetime import datetime

from django.utils import timezone

from league import rules
from league.models import Season
from league.selectors.engine import season_input


def season_result(season: Season, *, now: datetime | None = None) -> rules.SeasonResult:
    """``rules.compute_season`` of ``season`` as of ``now`` (by default the test's clock)."""
    return rules.compute_season(season_input(season), now=now or timezone.now())

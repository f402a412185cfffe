"""The kept standings are computed again at the first instant the rules may read the
comptes-rendus otherwise, with no change to the season: a deadline falls, the window to
react to a rejection closes, a compte-rendu's own date is reached."""

from decimal import Decimal

import time_machine

from league.models import Season
from reports.selectors.readings import season_standings
from tests.support.seasons import paris

START, NEXT = paris(2025, 10, 2, 21), paris(2025, 10, 16, 21)


def column_at(season, moments, column: str) -> list[Decimal]:
    """Anne's and bruno's ``column`` of the kept standings, read at each of ``moments``."""
    seen = []
    for moment in moments:
        with time_machine.travel(moment, tick=False):
            standings = season_standings(Season.objects.get(pk=season.pk), now=moment)
        seen.append({line.player: getattr(line, column) for line in standings.lines})
    return seen


def test_kept_standings_count_a_late_malus_as_soon_as_the_deadline_passes(season, played, manche_at):
    played(1, START)
    manche_at(2, NEXT)
    before, after = column_at(season, [paris(2025, 10, 16, 20, 59), paris(2025, 10, 16, 21, 1)], "malus")
    assert (before["anne"], after["anne"]) == (0, Decimal("0.5"))


def test_kept_standings_count_a_rejection_window_closing_after_the_last_start(rejected_after_the_last_start):
    within, past = column_at(
        rejected_after_the_last_start, [paris(2025, 10, 25, 12), paris(2025, 11, 4, 12)], "malus"
    )
    assert (within["anne"], past["anne"]) == (0, Decimal("0.5"))


def test_kept_standings_count_a_compte_rendu_from_its_own_date(replaced_on_the_tenth):
    before, after = column_at(
        replaced_on_the_tenth, [paris(2025, 10, 8, 12), paris(2025, 10, 12, 12)], "bonus"
    )
    assert after["bruno"] == before["bruno"] + Decimal("0.5")

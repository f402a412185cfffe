"""The kept standings are computed again at the first instant the rules may read the
comptes-rendus otherwise, with no change to the season: a deadline falls, the window to
react to a rejection closes, a compte-rendu's own date is reached."""

from decimal import Decimal

import time_machine

from league.models import Season
from league.services.comptes_rendus import compte_rendu_accept, compte_rendu_reject
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


def test_kept_standings_count_a_rejection_window_closing_after_the_last_start(
    season, played, manche_at, players, post, django_capture_on_commit_callbacks
):
    """Anne's compte-rendu is rejected after manche 2, the season's last start: she has the
    last-manche delay (14 days from the rejection) to revise it, which is none of the
    manche's deadlines. Past it, her non-conforme malus counts."""
    played(1, START)
    manche_at(2, NEXT)
    cr = post(season.manches.get(number=1), players["anne"], paris(2025, 10, 5, 12))
    with django_capture_on_commit_callbacks(execute=True):
        compte_rendu_reject(
            compte_rendu=cr, judge=players["ben"], reason="Pas de classement.", now=paris(2025, 10, 20, 12)
        )
    within, past = column_at(season, [paris(2025, 10, 25, 12), paris(2025, 11, 4, 12)], "malus")
    assert (within["anne"], past["anne"]) == (0, Decimal("0.5"))


def test_kept_standings_count_a_compte_rendu_from_its_own_date(
    season, played, manche_at, players, post, django_capture_on_commit_callbacks
):
    """Standings read on 8 October, before bruno's accepted replacement (posted on 10 October)
    of anne's rejected compte-rendu: read again on 12 October, they give him his bonus."""
    played(1, START)
    manche_at(2, NEXT)
    manche = season.manches.get(number=1)
    with django_capture_on_commit_callbacks(execute=True):
        rejected = post(manche, players["anne"], paris(2025, 10, 5, 12))
        compte_rendu_reject(
            compte_rendu=rejected, judge=players["ben"], reason="Pas de classement.", now=paris(2025, 10, 6)
        )
        replacement = post(manche, players["bruno"], paris(2025, 10, 10, 12))
        compte_rendu_accept(compte_rendu=replacement, judge=players["ben"], now=paris(2025, 10, 11))
    before, after = column_at(season, [paris(2025, 10, 8, 12), paris(2025, 10, 12, 12)], "bonus")
    assert after["bruno"] == before["bruno"] + Decimal("0.5")

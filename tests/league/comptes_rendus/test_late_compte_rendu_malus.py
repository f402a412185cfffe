"""§5.4: −0.5 to the vainqueur at each deadline reached with no compte-rendu of his posted before it.

Every case goes through the database: comptes-rendus posted by the service at
a given instant, the standings adjustments computed by the engine from them
(``league.selectors.engine.season_result``) at a later instant.
"""

from datetime import timedelta
from decimal import Decimal

import time_machine

from tests.support.seasons import paris

HALF = Decimal("-0.5")


def test_compte_rendu_posted_before_the_next_manche_costs_nothing(
    played, manche_at, players, post, adjustments
):
    m1 = played(1, paris(2025, 10, 2, 21))
    manche_at(2, paris(2025, 10, 16, 21))
    post(m1, players["anne"], paris(2025, 10, 16, 20, 59, 59))
    assert adjustments(paris(2025, 11, 30)) == []


def test_compte_rendu_posted_one_second_late_costs_half_a_point(
    played, manche_at, players, post, adjustments
):
    m1 = played(1, paris(2025, 10, 2, 21))
    manche_at(2, paris(2025, 10, 16, 21))
    post(m1, players["anne"], paris(2025, 10, 16, 21, 0, 1))
    assert adjustments(paris(2025, 11, 30)) == [("anne", "cr_retard", HALF, 1)]


def test_compte_rendu_posted_exactly_at_the_start_is_late(played, manche_at, players, post, adjustments):
    m1 = played(1, paris(2025, 10, 2, 21))
    manche_at(2, paris(2025, 10, 16, 21))
    post(m1, players["anne"], paris(2025, 10, 16, 21))
    assert adjustments(paris(2025, 11, 30)) == [("anne", "cr_retard", HALF, 1)]


def test_malus_falls_when_the_deadline_is_reached_not_before(played, manche_at, adjustments):
    played(1, paris(2025, 10, 2, 21))
    manche_at(2, paris(2025, 10, 16, 21))
    assert adjustments(paris(2025, 10, 16, 20, 59, 59)) == []
    assert adjustments(paris(2025, 10, 16, 21)) == [("anne", "cr_retard", HALF, 1)]


def test_late_by_two_manches_costs_a_point(played, manche_at, players, post, adjustments):
    m1 = played(1, paris(2025, 10, 2, 21))
    manche_at(2, paris(2025, 10, 16, 21))
    manche_at(3, paris(2025, 10, 30, 21))
    manche_at(4, paris(2025, 11, 13, 21))
    post(m1, players["anne"], paris(2025, 11, 1, 12))
    assert adjustments(paris(2025, 12, 1)) == [("anne", "cr_retard", HALF, 1)] * 2


def test_missing_compte_rendu_costs_half_a_point_at_each_further_manche(played, manche_at, adjustments):
    played(1, paris(2025, 10, 2, 21))
    for number, day in ((2, 16), (3, 30)):
        manche_at(number, paris(2025, 10, day, 21))
    manche_at(4, paris(2025, 11, 13, 21))
    assert adjustments(paris(2025, 10, 20)) == [("anne", "cr_retard", HALF, 1)]
    assert adjustments(paris(2025, 11, 20)) == [("anne", "cr_retard", HALF, 1)] * 3


def test_cancelled_manche_is_no_deadline(played, manche_at, players, post, adjustments):
    from league.models import Manche

    m1 = played(1, paris(2025, 10, 2, 21))
    manche_at(2, paris(2025, 10, 16, 21), status=Manche.Status.CANCELLED)
    manche_at(3, paris(2025, 10, 30, 21))
    post(m1, players["anne"], paris(2025, 10, 20))
    assert adjustments(paris(2025, 11, 30)) == []


def test_last_manche_has_fourteen_days_on_the_wall_clock(played, players, post, adjustments):
    m1 = played(1, paris(2026, 6, 18, 21))
    post(m1, players["anne"], paris(2026, 7, 2, 20, 59))
    assert adjustments(paris(2026, 8, 1)) == []


def test_last_manche_late_after_fourteen_days(played, adjustments):
    played(1, paris(2026, 6, 18, 21))
    assert adjustments(paris(2026, 7, 2, 20, 59, 59)) == []
    assert adjustments(paris(2026, 7, 2, 21)) == [("anne", "cr_retard", HALF, 1)]


def test_last_manche_delay_is_a_season_param(season, played, adjustments):
    season.params = {"last_manche_deadline_days": 7}
    season.save()
    played(1, paris(2026, 6, 18, 21))
    assert adjustments(paris(2026, 6, 25, 21)) == [("anne", "cr_retard", HALF, 1)]


def test_march_dst_night_between_manche_and_deadline(played, manche_at, players, post, adjustments):
    # 19 March 21:00 is 20:00 UTC; 2 April 21:00 is 19:00 UTC (clocks went forward on 29 March).
    m1 = played(1, paris(2026, 3, 19, 21))
    manche_at(2, paris(2026, 4, 2, 21))
    post(m1, players["anne"], paris(2026, 4, 2, 20, 30))  # 18:30 UTC: on time on the Paris clock
    assert adjustments(paris(2026, 5, 1)) == []


def test_march_dst_last_manche_deadline_keeps_its_hour(played, players, post, adjustments):
    m1 = played(1, paris(2026, 3, 19, 21))
    # 14 × 24 h after 20:00 UTC would be 2 April 22:00 Paris; the deadline is 21:00 Paris.
    post(m1, players["anne"], paris(2026, 4, 2, 21, 30))
    assert adjustments(paris(2026, 5, 1)) == [("anne", "cr_retard", HALF, 1)]


def test_october_dst_last_manche_deadline_keeps_its_hour(played, players, post, adjustments):
    m1 = played(1, paris(2026, 10, 15, 21))
    # Clocks went back on 25 October: 14 × 24 h after 19:00 UTC would be 29 October 20:00 Paris.
    post(m1, players["anne"], paris(2026, 10, 29, 20, 30))
    assert adjustments(paris(2026, 12, 1)) == []


def test_october_dst_night_one_second_late(played, manche_at, players, post, adjustments):
    m1 = played(1, paris(2026, 10, 15, 21))
    manche_at(2, paris(2026, 10, 29, 21))
    post(m1, players["anne"], paris(2026, 10, 29, 21, 0, 1))
    assert adjustments(paris(2026, 12, 1)) == [("anne", "cr_retard", HALF, 1)]


def test_extra_manche_inserted_brings_the_deadline_forward(played, manche_at, players, post, adjustments):
    from league.services.revision import invalidate

    m1 = played(1, paris(2025, 10, 2, 21))
    manche_at(2, paris(2025, 10, 16, 21))
    extra = manche_at(3, paris(2025, 10, 9, 21), is_extra=True)
    invalidate(extra.season)
    post(m1, players["anne"], paris(2025, 10, 12))  # after the extra manche, before manche 2
    assert adjustments(paris(2025, 11, 30)) == [("anne", "cr_retard", HALF, 1)]


def test_manche_moved_moves_the_deadline(played, manche_at, players, post, adjustments):
    from league.services.revision import invalidate

    m1 = played(1, paris(2025, 10, 2, 21))
    m2 = manche_at(2, paris(2025, 10, 16, 21))
    m2.starts_at = paris(2025, 10, 23, 21)
    m2.save()
    invalidate(m2.season)
    post(m1, players["anne"], paris(2025, 10, 20))  # late for the old date, on time for the new one
    assert adjustments(paris(2025, 11, 30)) == []


def test_tied_vainqueurs_are_each_settled_by_their_own_post(played, manche_at, players, post, adjustments):
    m1 = played(1, paris(2025, 10, 2, 21), winner="anne", tie="bruno")
    manche_at(2, paris(2025, 10, 16, 21))
    post(m1, players["anne"], paris(2025, 10, 10))
    assert adjustments(paris(2025, 10, 20)) == [("bruno", "cr_retard", HALF, 1)]


def test_standings_carry_the_malus_on_cumulated_points(played, manche_at, season):
    from tests.support.engine import season_result

    played(1, paris(2025, 10, 2, 21))
    manche_at(2, paris(2025, 10, 16, 21))
    with time_machine.travel(paris(2025, 10, 20), tick=False):
        row = next(r for r in season_result(season).standings if r.player == "anne")
    assert (row.place_points, row.malus, row.points) == (Decimal(3), Decimal("0.5"), Decimal("2.5"))


def test_standings_count_a_deadline_as_soon_as_it_passes(played, manche_at, season):
    from tests.support.engine import season_result

    played(1, paris(2025, 10, 2, 21))
    manche_at(2, paris(2025, 10, 16, 21))
    before = paris(2025, 10, 16, 20, 59)
    with time_machine.travel(before, tick=False):
        assert next(r for r in season_result(season).standings if r.player == "anne").malus == 0
    with time_machine.travel(before + timedelta(minutes=2), tick=False):
        assert next(r for r in season_result(season).standings if r.player == "anne").malus == Decimal("0.5")

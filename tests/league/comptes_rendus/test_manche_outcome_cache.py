"""A page about one manche reads that manche's cached outcome, not the whole season's result."""

from league.selectors.engine import manche_outcomes
from tests.support.engine import season_result
from tests.support.seasons import paris


def test_one_manche_is_read_from_its_own_cache_entry(
    season, played, manche_at, django_assert_max_num_queries
):
    played(1, paris(2025, 9, 4, 21))
    played(2, paris(2025, 9, 18, 21), winner="bruno")
    manche_at(3, paris(2025, 10, 2, 21))
    now = paris(2025, 9, 20, 12)
    whole = season_result(season, now=now)
    manche_outcomes(season, [1], now=now)  # the season computed, each manche's outcome kept
    with django_assert_max_num_queries(1):  # the season's revision, nothing else
        outcomes = manche_outcomes(season, [2, 3], now=now)
    assert outcomes[2].ranking == whole.manches[2].ranking
    assert outcomes[2].vainqueurs == ("bruno",)
    assert outcomes[2].deadlines == whole.manches[2].deadlines == (paris(2025, 10, 2, 21),)
    assert outcomes[3] is None  # planned: no outcome


def test_a_stale_entry_recomputes_the_season(season, played):
    played(1, paris(2025, 9, 4, 21))
    manche_outcomes(season, [1], now=paris(2025, 9, 5, 12))
    # Past the cached reading's validity (the next deadline is 14 days on): computed afresh.
    later = paris(2025, 9, 20, 12)
    outcomes = manche_outcomes(season, [1], now=later)
    assert [a.kind for a in outcomes[1].adjustments if a.kind == "cr_retard"] == ["cr_retard"]


def test_a_manche_entry_holds_what_the_manche_page_reads_and_not_each_players_statistics(
    manche, capitaine, player
):
    """The players' statistics of a sheet (prises, contracts, poignées…) feed the player
    pages, which are made with the season; each manche's own entry leaves them out: they
    were half of its size, on every read of the manche page."""
    from datetime import timedelta

    from league.models import Manche
    from tests.support.seasons import NIGHT
    from tests.support.sheet import add, close, contract

    add(manche, capitaine, contract(capitaine, "garde", partner=player, bouts=2, points=49), now=NIGHT)
    close(manche, capitaine, now=NIGHT + timedelta(hours=4))
    season = Manche.objects.select_related("season").get(pk=manche.pk).season
    now = NIGHT + timedelta(hours=5)
    whole = season_result(season, now=now).manches[manche.number]
    kept = manche_outcomes(season, [manche.number], now=now)[manche.number]
    assert whole.sheet.stats[capitaine.username].prises == 1
    assert kept.sheet.stats == {}
    assert kept.sheet.totals == whole.sheet.totals and kept.sheet.pot == whole.sheet.pot
    assert kept.ranking == whole.ranking and kept.adjustments == whole.adjustments

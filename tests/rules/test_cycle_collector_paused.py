"""A season's computation pauses Python's cycle collector, and gives it back as it found it.

Its objects hold no cycles (reference counting frees them); the collector's
passes over a heap that grows with the season made the computation grow
faster than the season (the timed figures are in ``bench/bench_scaling.py``).
"""

import gc
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from league.rules import compute_season, cycle_collector_paused
from league.rules import season as season_module
from tests.support.engine_seasons import demo_season

AFTER = datetime(2012, 9, 1, 12, tzinfo=ZoneInfo("Europe/Paris"))


def test_the_collector_is_paused_while_the_season_computes(monkeypatch, collector_running):
    seen = []
    examine = season_module._examine

    def examine_and_look(season):
        seen.append(gc.isenabled())
        return examine(season)

    monkeypatch.setattr(season_module, "_examine", examine_and_look)
    compute_season(demo_season(), now=AFTER)
    assert seen == [False]
    assert gc.isenabled()


def test_a_nested_pause_leaves_the_collector_to_the_outermost(collector_running):
    with cycle_collector_paused():
        with cycle_collector_paused():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


@pytest.mark.parametrize("running", [True, False])
def test_the_collector_is_left_as_it_was_found(running):
    was = gc.isenabled()
    (gc.enable if running else gc.disable)()
    try:
        compute_season(demo_season(), now=AFTER)
        assert gc.isenabled() is running
    finally:
        (gc.enable if was else gc.disable)()

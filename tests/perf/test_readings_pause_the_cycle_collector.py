"""The readings made from a season's computation are made with the cycle collector paused.

(The engine's own pause is ``tests/rules/test_cycle_collector_paused.py``, the
import's ``tests/transfer/test_import_pauses_the_cycle_collector.py``; the timed
figures are in ``bench/bench_scaling.py``.)
"""

import gc
from datetime import datetime
from zoneinfo import ZoneInfo

from league import revision_cache

NOW = datetime(2031, 9, 1, 12, tzinfo=ZoneInfo("Europe/Paris"))


def test_a_seasons_readings_are_made_with_the_collector_paused(collector_running):
    seen = []

    def compute():
        seen.append(gc.isenabled())
        return {"standings": "computed"}, None

    assert revision_cache.reading(9999, 1, "standings", now=NOW, compute=compute) == "computed"
    assert seen == [False]
    assert gc.isenabled()


def test_a_seasons_readings_are_written_to_the_cache_with_the_collector_paused(collector_at_each_call):
    """Pickling them makes as many small objects again (it took twice as long with the collector on)."""
    seen = collector_at_each_call(revision_cache, "store")
    revision_cache.reading(9998, 1, "standings", now=NOW, compute=lambda: ({"standings": "computed"}, None))
    assert seen == [False]
    assert gc.isenabled()

"""An import reads and writes a season with the cycle collector paused: millions of
objects without cycles (the timed figures are in ``bench/bench_scaling.py``)."""

import gc

import pytest

from league.services.transfer import import_season
from league.transfer import build


@pytest.mark.django_db
def test_an_import_writes_the_season_with_the_collector_paused(collector_at_each_call, example_doc, now):
    seen = collector_at_each_call(build, "write_season")
    import_season(document=example_doc, now=now)
    assert seen == [False]
    assert gc.isenabled()

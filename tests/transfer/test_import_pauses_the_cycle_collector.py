"""An import reads and writes a season with the cycle collector paused: millions of
objects without cycles (the timed figures are in ``bench/bench_scaling.py``)."""

import gc

import pytest

from league.services.transfer import import_season
from league.transfer import build


@pytest.mark.django_db
def test_an_import_writes_the_season_with_the_collector_paused(
    collector_running, example_doc, now, monkeypatch
):
    seen = []
    write_season = build.write_season

    def write_and_look(*args, **kwargs):
        seen.append(gc.isenabled())
        return write_season(*args, **kwargs)

    monkeypatch.setattr(build, "write_season", write_and_look)
    import_season(document=example_doc, now=now)
    assert seen == [False]
    assert gc.isenabled()

"""A web process loads its code before the first request and keeps it out of the cycle collector's scans.

(The pause this removes, 120 ms at each of the collector's full passes under
gunicorn, was the stampede benchmark's worst reader: ``bench/bench_stampede.py``.)
"""

import functools

from tests.support.settings_process import fresh_process_json

#: Imports the entry point named in argv, then says what the process holds.
PROBE = """
import gc, importlib, json, sys
importlib.import_module(sys.argv[1])
print(json.dumps({
    "frozen": gc.get_freeze_count(),
    "tracked": len(gc.get_objects()),
    "views": "league.views.transfer" in sys.modules,  # only the URLconf imports it
    "redis broker client": "kombu.transport.redis" in sys.modules,
}))
"""


@functools.cache
def started(entry_point: str, **env: str) -> dict:
    """What a fresh process holds once ``entry_point`` is imported (as gunicorn imports it);
    one process per entry point and environment, however many tests read it."""
    return fresh_process_json(PROBE, entry_point, **env)


def test_the_web_process_loads_every_view_before_its_first_request():
    assert started("config.wsgi")["views"]


def test_what_the_web_process_loaded_is_not_scanned_by_the_cycle_collector():
    process = started("config.wsgi")
    assert process["frozen"] > 50_000
    assert process["tracked"] < process["frozen"] / 100


def test_the_broker_client_is_loaded_without_connecting():
    """Nothing listens on port 1: the process starts all the same (it connects at its first task)."""
    assert started("config.wsgi", CELERY_BROKER_URL="redis://127.0.0.1:1/0")["redis broker client"]


def test_the_asgi_process_is_warmed_up_alike():
    process = started("config.asgi")
    assert process["views"]
    assert process["tracked"] < process["frozen"] / 100

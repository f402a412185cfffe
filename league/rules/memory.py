"""Python's cycle collector paused while a season's many objects are made.

A season's computation, its import and the readings made from it create
millions of small objects that make no garbage cycles: reference counting
frees each of them. The collector's passes meanwhile walk every object
alive, and run more often the more objects are made, so their cost grew
faster than the season (``bench/bench_scaling.py``: ``compute_season`` grew
4.9× for 4× the manches at 200 × 40, 4.0× paused; the import 4.6×, 4.0 to
4.4× paused). Cycles made meanwhile wait for the next collection.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def cycle_collector_paused() -> Iterator[None]:
    """The collector off inside, then as it was found (nested uses leave it to the outermost)."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()

"""Timing the rules engine: is it fast, and linear in the number of donnes?

    python bench/bench_engine.py

1. Scores 100,000 random valid donnes, one by one (score_donne) and as one
   long sheet (score_sheet), and compares the per-donne cost at 10,000 and
   100,000 donnes: a ratio near 1 means linear.
2. compute_season for a generated season of 200 players who each play 40
   manches (1,600 manches of 5, ~20 donnes each, random comptes-rendus).
"""

from __future__ import annotations

import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from league.rules import compute_season, ruleset_for, score_donne, score_sheet  # noqa: E402
from tests.support.engine_seasons import demo_season, random_donne  # noqa: E402

TABLE = ("ben", "fifi", "anne", "bruno", "eric")


CPU = {}


def timed(fn):
    """Wall time (perf_counter) of ``fn()``; its CPU time goes to ``CPU["last"]``
    (the machine may be busy with other work)."""
    cpu = time.process_time()
    start = time.perf_counter()
    value = fn()
    elapsed = time.perf_counter() - start
    CPU["last"] = time.process_time() - cpu
    return elapsed, value


def bench_donnes(n: int = 100_000) -> None:
    rng = random.Random(42)
    ruleset = ruleset_for("tarot-biere", "2011-2012")
    generate, donnes = timed(lambda: [random_donne(rng, ruleset, TABLE) for _ in range(n)])
    print(f"generated {n:,} random donnes in {generate:.2f} s")

    def one_by_one(count):
        """score_donne on each donne, the pot carried by hand (table[0] deals)."""
        pot = 0
        for donne in donnes[:count]:
            pot = score_donne(ruleset, TABLE, donne, pot).pot_after
        return pot

    def one_sheet(count):
        return score_sheet(ruleset, TABLE, donnes[:count])

    for label, run in (
        ("score_donne, one by one", one_by_one),
        ("score_sheet, one long sheet", lambda c: score_sheet(ruleset, TABLE, donnes[:c])),
    ):
        small, _ = timed(lambda run=run: run(n // 10))
        small_cpu = CPU["last"]
        large, _ = timed(lambda run=run: run(n))
        large_cpu = CPU["last"]
        per_small, per_large = small / (n // 10) * 1e6, large / n * 1e6
        print(
            f"{label}: {n // 10:,} donnes {small:.2f} s ({per_small:.1f} µs/donne); "
            f"{n:,} donnes {large:.2f} s ({per_large:.1f} µs/donne); "
            f"per-donne cost ratio 100k/10k = {per_large / per_small:.2f} "
            f"(CPU time: {small_cpu:.2f} s and {large_cpu:.2f} s, ratio {(large_cpu / n) / (small_cpu / (n // 10)):.2f})"
        )


def bench_season() -> None:
    generate, season = timed(
        lambda: demo_season(7, name="2011-2012", players=200, manches_per_player=40, donnes_per_manche=20)
    )
    donnes = sum(len(m.donnes) for m in season.manches)
    crs = sum(len(m.comptes_rendus) for m in season.manches)
    print(
        f"generated a season of 200 players, {len(season.manches):,} manches, {donnes:,} donnes, {crs:,} comptes-rendus in {generate:.2f} s"
    )
    now = datetime(2012, 7, 1, tzinfo=UTC)
    elapsed, result = timed(lambda: compute_season(season, now=now))
    print(
        f"compute_season: {elapsed:.2f} s ({elapsed / donnes * 1e6:.1f} µs per donne, CPU {CPU['last']:.2f} s); "
        f"{len(result.standings)} players classified"
    )
    half = season.__class__(**{**season.__dict__, "manches": season.manches[: len(season.manches) // 2]})
    half_elapsed, _ = timed(lambda: compute_season(half, now=now))
    half_donnes = sum(len(m.donnes) for m in half.manches)
    print(
        f"compute_season on the first half ({half_donnes:,} donnes): {half_elapsed:.2f} s; "
        f"per-donne cost ratio full/half = {(elapsed / donnes) / (half_elapsed / half_donnes):.2f}"
    )


if __name__ == "__main__":
    bench_donnes()
    bench_season()

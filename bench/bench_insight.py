"""The cold cost of Ce qu'il me faut and of the rating, next to the standings'.

    python bench/bench_insight.py

On the generated season of 200 players × 40 manches each (1,600 manches,
~32,000 donnes): the engine's classification (compute_season, what a cold
standings page waits for), then, from its result, every player's
projections (season_projections, with 10 manches left) and the ratings of
every manche (rated_manches + compute_ratings), and the streaks and
head-to-head (compute_records). Each is timed three times,
the best kept; the figures that matter are the ratios to the standings, all
measured in this one run.
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from league.rules import compute_season  # noqa: E402
from league.rules.projections import season_projections  # noqa: E402
from league.rules.rating import compute_ratings, rated_manches  # noqa: E402
from league.rules.records import compute_records  # noqa: E402
from tests.support.engine_seasons import demo_season  # noqa: E402

REMAINING = 10
RUNS = 3


def best_of(fn) -> tuple[float, object]:
    """The shortest wall time of ``RUNS`` calls (the machine may be busy), and the value."""
    times, value = [], None
    for _ in range(RUNS):
        start = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - start)
    return min(times), value


def main() -> None:
    season = demo_season(7, name="2011-2012", players=200, manches_per_player=40, donnes_per_manche=20)
    donnes = sum(len(m.donnes) for m in season.manches)
    print(f"season: 200 players, {len(season.manches):,} manches, {donnes:,} donnes")
    now = datetime(2012, 7, 1, tzinfo=UTC)
    standings, result = best_of(lambda: compute_season(season, now=now))
    projections, found = best_of(lambda: season_projections(result, season.ruleset, remaining=REMAINING))
    ratings, rated = best_of(lambda: compute_ratings(rated_manches(season.name, result)))
    records, _found = best_of(lambda: compute_records(rated_manches(season.name, result)))
    goals = sum(len(p.goals) for p in found.values())
    print(f"standings (compute_season):      {standings * 1000:8.1f} ms  = 1")
    print(
        f"projections ({len(found)} players, {goals} goals, {REMAINING} manches left): "
        f"{projections * 1000:8.1f} ms  = {projections / standings:.4f} × standings"
    )
    print(
        f"ratings ({len(rated.current)} players, {len(result.manches):,} manches): "
        f"{ratings * 1000:8.1f} ms  = {ratings / standings:.4f} × standings"
    )
    print(
        f"streaks and head-to-head:        {records * 1000:8.1f} ms  = {records / standings:.4f} × standings"
    )


if __name__ == "__main__":
    main()

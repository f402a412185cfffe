"""Scaling benchmark: what a season costs at 50×10, 100×20, 200×40 and 400×80 (players × manches each).

One command (from the repository root)::

    .venv/bin/python bench/bench_scaling.py [--sizes 50x10,100x20,200x40,400x80]

With the embedded defaults (a scratch SQLite file, the local-memory cache;
``BENCH_DATABASE_URL`` for a scratch PostgreSQL database, created then
dropped: its name ends in ``_bench``), for each size it
loads a generated season (every manche of five with a full sheet) and
measures

- cold compute: the engine's ``compute_season`` alone;
- cold standings page: the first request after the cache is emptied (the
  season is loaded, computed and its readings cached), and its ratio to
  ``compute_season`` (target ≤ 1.5); the two are taken in turns
  (``--repeat``, 5 by default): each time is the median of its turns, each
  ratio the median of the turns' ratios (a page against the compute of its
  own turn, seconds before it), each turn's printed beside it;
  and where the cold page's time went, as the site logs each computation
  (reading the season, the engine, the digests, storing the readings, the
  rest: rendering the page), each part × ``compute_season``;
- import: the season exported to a file (as ``export_season -o`` writes
  it), then imported under another name the way the operator imports a
  season of any size, ``manage.py import_season FILE`` (check + write, one
  transaction; the upload's limit of 2,000 manches would refuse 400×80),
  and its ratio to ``compute_season`` (target ≤ 5), taken in the same turns
  (each turn's imported season deleted but the last's);
- cached bytes: what the first cold request left in the cache, pickled (as Redis holds it);
- each page with a warm cache against the sign-in page (target ≤ 3 with
  these defaults): the median of the ratios of its requests to those of the
  sign-in page sent right after each, for a visitor, and the manche page
  also for a member who played it (his offices, his buttons to sign or
  contest), the requests sent in five turns over every page;

then the growth factor of each figure from one size to the next (4× more
manches: target ≤ 4.5, linear). Each size's figures are ratios within one
run; the machine is shared, so the CPU time of this process (the test client
serves in-process) and, on PostgreSQL, of the database server's process for
its connection is printed next to the wall time, and ratios of both.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._site import (  # noqa: E402
    NOW,
    embedded_site,
    import_from_the_command_line,
    paired_ratios,
    season_file,
    sized_season,
    timed,
)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes", default="50x10,100x20,200x40,400x80", help="players×manches, comma-separated"
    )
    parser.add_argument("--donnes", type=int, default=20)
    parser.add_argument(
        "--runs",
        type=int,
        default=15,
        help="requests per page, each paired with one of the sign-in page (in 5 turns over every page)",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=5,
        help="turns of compute_season, the cold page and the import (their medians)",
    )
    parser.add_argument("--seed", type=int, default=2011)
    return parser.parse_args()


class _Computations(logging.Handler):
    """The site's log lines of each computation of a season, kept with their figures."""

    def __init__(self):
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def split(self, page: float) -> dict[str, float]:
        """The cold page's seconds by part, from the lines of its one computation."""
        (computed,) = [r for r in self.records if "computed with its readings in" in r.msg]
        _pk, _total, reading, engine, digests = computed.args
        # Each reading computed logs what storing took: the season's readings, then the page's own.
        storing = sum(r.args[-1] for r in self.records if r.msg.endswith("of it storing"))
        parts = {
            "reading the season": reading,
            "the engine": engine,
            "the digests": digests,
            "storing": storing,
        }
        parts["the rest"] = page - sum(parts.values())
        return parts


@contextlib.contextmanager
def computations():
    """The site's log of each computation while inside (the site logs only warnings here)."""
    logger = logging.getLogger("league")
    handler, level = _Computations(), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.propagate = True


def measure(players: int, per_player: int, args) -> dict:
    from django.core.cache import cache
    from django.test import Client
    from django.urls import reverse

    from league import rules
    from league.models import Manche, Season, Seat
    from league.selectors.engine import season_input

    season = sized_season(players, per_player, donnes=args.donnes, seed=args.seed)
    name = season.name
    manches = Manche.objects.filter(season=season).count()
    engine_input = season_input(season)
    client = Client()
    standings = reverse("reports:standings", args=[name])
    # compute_season and the cold page in turns, ``--repeat`` times, each the median of
    # its turns: the shared machine's speed drifts within a run, and a ratio of two
    # single timings taken seconds apart carried that drift.
    computes, colds, imports, splits = [], [], [], []
    for turn in range(args.repeat):
        computes.append(timed(lambda: rules.compute_season(engine_input, now=NOW))[1:])
        cache.clear()
        with computations() as log:
            colds.append(timed(lambda: client.get(standings))[1:])
        splits.append({part: seconds / computes[-1][0] for part, seconds in log.split(colds[-1][0]).items()})
        if turn == 0:
            cached_bytes = cache.pickled_size()
        if turn:  # the previous turn's import: one imported season stays, as in one import
            Season.objects.filter(name=f"{name}-import").delete()
        exported = season_file(season, f"{name}-import")
        imports.append(timed(lambda path=exported: import_from_the_command_line(path))[1:])
        exported.unlink()
    compute, compute_cpu = (statistics.median(column) for column in zip(*computes, strict=True))
    cold_page, cold_cpu = (statistics.median(column) for column in zip(*colds, strict=True))
    imported, import_cpu = (statistics.median(column) for column in zip(*imports, strict=True))
    # Each turn's cold page and import against the compute_season of the same turn,
    # taken seconds apart: the ratio of the medians paired a fast turn's compute with a
    # slow turn's page when the machine's speed drifted between turns (1.76 against
    # turns of 1.44, 1.45 and 1.76).
    ratios = {
        name: [
            tuple(measured / base for measured, base in zip(turn, compute_turn, strict=True))
            for turn, compute_turn in zip(taken, computes, strict=True)
        ]
        for name, taken in (("cold page", colds), ("import", imports))
    }
    pages = {
        "standings": standings,
        "season": reverse("league:season_detail", args=[name]),
        "calendar": reverse("league:calendar", args=[name]),
        "manche": reverse("league:manche_detail", args=[name, manches // 2]),
        "player": reverse("reports:player", args=[f"s{players}x001"]),
        "api": reverse("reports:api_standings", args=[name]),
        "palmarès": reverse("reports:palmares"),
    }
    member = Client()
    member.force_login(Seat.objects.filter(manche__season=season, manche__number=manches // 2)[0].player)
    warm, sign_in = paired_ratios(
        {
            **{page: (client, url) for page, url in pages.items()},
            "manche (member)": (member, pages["manche"]),
        },
        (client, reverse("accounts:login")),
        args.runs,
    )
    return {
        "size": f"{players}×{per_player}",
        "manches": manches,
        "compute": compute,
        "compute_cpu": compute_cpu,
        "cold page": cold_page,
        "cold_cpu": cold_cpu,
        "import": imported,
        "import_cpu": import_cpu,
        "cached bytes": cached_bytes,
        "ratios": ratios,
        "split": {part: statistics.median(turn[part] for turn in splits) for part in splits[0]},
        "warm": warm,
        "sign-in": sign_in,
    }


def paired(ratios: list[tuple[float, float]]) -> str:
    """``1.44 (1.43) [1.44, 1.45, 1.76]``: the median of the turns' wall and CPU ratios, then each turn's wall."""
    wall, cpu = (statistics.median(column) for column in zip(*ratios, strict=True))
    return f"{wall:.2f} ({cpu:.2f}) [" + ", ".join(f"{turn_wall:.2f}" for turn_wall, _cpu in ratios) + "]"


def measure_all(args: argparse.Namespace, database: str) -> list[dict]:
    print(f"database: {database.split('://')[0]}, cache: local memory (the embedded defaults)")
    sizes = [tuple(int(x) for x in size.split("x")) for size in args.sizes.split(",")]
    rows = []
    for players, per_player in sizes:
        row = measure(players, per_player, args)
        rows.append(row)
        print(
            f"{row['size']:>7} {row['manches']:>5} manches: compute_season {row['compute']:.2f} s "
            f"(CPU {row['compute_cpu']:.2f}), cold standings {row['cold page']:.2f} s "
            f"(CPU {row['cold_cpu']:.2f}), import {row['import']:.2f} s (CPU {row['import_cpu']:.2f}), "
            f"cached {row['cached bytes'] / 1e6:.2f} MB",
            flush=True,
        )
        print(
            "        ÷ the same turn's compute_season, wall (CPU), the median of the turns [each turn's]: "
            f"cold standings {paired(row['ratios']['cold page'])} (target ≤ 1.5), "
            f"import {paired(row['ratios']['import'])} (target ≤ 5)",
            flush=True,
        )
        print(
            "        the cold standings' parts × compute_season (medians): "
            + ", ".join(f"{part} {share:.2f}" for part, share in row["split"].items()),
            flush=True,
        )
        base, base_cpu = row["sign-in"]
        print(
            "        warm × sign-in, wall (CPU) (target ≤ 3): "
            + ", ".join(f"{page} {f.wall:.2f} ({f.cpu:.2f})" for page, f in row["warm"].items())
            + f"  (sign-in {base * 1000:.1f} ms, CPU {base_cpu * 1000:.1f} ms)",
            flush=True,
        )
    return rows


def report_growth(rows: list[dict]) -> None:
    print()
    print("growth per 4× manches, wall (CPU) (target ≤ 4.5):")
    cpu_of = {"compute": "compute_cpu", "cold page": "cold_cpu", "import": "import_cpu"}
    for before, after in zip(rows, rows[1:], strict=False):
        factors = ", ".join(
            f"{key} {after[key] / before[key]:.2f}"
            + (f" ({after[cpu_of[key]] / before[cpu_of[key]]:.2f})" if key in cpu_of else "")
            for key in ("compute", "cold page", "import", "cached bytes")
        )
        print(f"  {before['size']} → {after['size']}: {factors}")


def main() -> None:
    args = parse_args()
    with embedded_site("bench-scaling") as database:
        rows = measure_all(args, database)
    report_growth(rows)


if __name__ == "__main__":
    main()

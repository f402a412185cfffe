"""Import benchmark: the season import's writes, raw (COPY / multi-row INSERT) against the ORM, as × compute_season.

One command (from the repository root)::

    .venv/bin/python bench/bench_import_writes.py [--sizes 50x10,100x20,200x40] [--only raw,orm]

With a scratch SQLite file (``BENCH_DATABASE_URL`` for a scratch PostgreSQL
database, created then dropped), for each size (players × manches each,
every manche of five with a full sheet) it loads a generated season, times the engine's
``compute_season`` on it, exports it, then imports the export under fresh
names once per way of writing the rows:

- ``raw``: :func:`league.transfer.rows.insert_with_history` for the manches and
  :func:`league.transfer.rows.fill_with_history` for the rows under them
  (``COPY`` on PostgreSQL, multi-row ``INSERT`` on SQLite, the history rows
  copied by the database from them);
- ``orm``: :func:`orm_insert_with_history` below for both (the ORM's
  ``bulk_create`` and django-simple-history's ``bulk_create_with_history``).

The check alone (parse, schema and engine pass) is timed once, then each
import as the President's upload runs it (``import_season``: with the
local-memory cache, the recomputation its commit sets off runs in this
process too, so only the two ways' difference is the writes), each printed
as a ratio to ``compute_season``; then the growth of each figure per 4×
manches. The import the target of 5 is for, the operator's command line, is
measured by ``bench_scaling.py``. All figures of a size
come from one run; the machine is shared, so CPU time is printed too.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._site import NOW, embedded_site, sized_season, timed  # noqa: E402


def orm_insert_with_history(model, rows: list[dict], *, by_id: int | None, now, reason: str) -> list[int]:
    """The rows through the ORM: ``bulk_create`` and django-simple-history's ``bulk_create_with_history``
    (what ``league.transfer.rows.insert_with_history`` would be without its raw SQL)."""
    from simple_history.utils import bulk_create_with_history

    from accounts.models import User

    if not rows:
        return []
    objs = [model(**row) for row in rows]
    by = User(pk=by_id) if by_id is not None else None
    if getattr(model, "history", None) is None:
        created = model.objects.bulk_create(objs, batch_size=500)
    else:
        created = bulk_create_with_history(
            objs, model, batch_size=500, default_user=by, default_change_reason=reason, default_date=now
        )
    return [obj.pk for obj in created]


def orm_fill_with_history(queryset, rows: list[dict], **kwargs) -> None:
    """:func:`orm_insert_with_history` in place of ``league.transfer.rows.fill_with_history``."""
    orm_insert_with_history(queryset.model, rows, **kwargs)


def measure(players: int, per_player: int, ways: list[str], donnes: int, seed: int) -> dict:
    from league import rules
    from league.limits import SeasonImportLimits
    from league.models import Manche
    from league.selectors.engine import season_input
    from league.services.transfer import dump, export_season, import_check, import_season
    from league.transfer import rows

    season = sized_season(players, per_player, donnes=donnes, seed=seed)
    name = season.name
    manches = Manche.objects.filter(season=season).count()
    engine_input = season_input(season)
    _r, compute, compute_cpu = timed(lambda: rules.compute_season(engine_input, now=NOW))
    document = json.loads(dump(export_season(season=season, now=NOW)))
    row = {
        "size": f"{players}×{per_player}",
        "manches": manches,
        "compute": compute,
        "compute_cpu": compute_cpu,
    }
    document["season"]["name"] = f"{name}-check"
    any_size = SeasonImportLimits()  # as the command line reads (400×80 is beyond the upload's limits)
    _c, check, _cpu = timed(lambda: import_check(document=json.dumps(document), limits=any_size))
    row["check"] = check
    real = rows.insert_with_history, rows.fill_with_history
    for way in ways:
        document["season"]["name"] = f"{name}-{way}"
        text = json.dumps(document)
        if way == "orm":
            rows.insert_with_history, rows.fill_with_history = orm_insert_with_history, orm_fill_with_history
        try:
            _s, seconds, cpu = timed(lambda text=text: import_season(document=text, now=NOW, limits=any_size))
        finally:
            rows.insert_with_history, rows.fill_with_history = real
        row[way], row[f"{way}_cpu"] = seconds, cpu
    return row


def measure_all(args: argparse.Namespace, ways: list[str], database: str) -> list[dict]:
    print(
        f"database: {database.split('://')[0]}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs",
        flush=True,
    )
    results = []
    for size in args.sizes.split(","):
        players, per_player = (int(x) for x in size.split("x"))
        row = measure(players, per_player, ways, args.donnes, args.seed)
        results.append(row)
        compute = row["compute"]
        print(
            f"{row['size']:>7} {row['manches']:>5} manches: compute_season {compute:.2f} s "
            f"(CPU {row['compute_cpu']:.2f}); check only {row['check']:.2f} s = {row['check'] / compute:.2f}×; "
            + "; ".join(
                f"import {way} {row[way]:.2f} s (CPU {row[way + '_cpu']:.2f}) = {row[way] / compute:.2f}× compute"
                f" (CPU {row[way + '_cpu'] / row['compute_cpu']:.2f}×)"
                for way in ways
            )
            + " (each with the recomputation its commit sets off)",
            flush=True,
        )
    return results


def report_growth(results: list[dict], ways: list[str]) -> None:
    print("growth per 4× manches (target ≤ 4.5):")
    for before, after in zip(results, results[1:], strict=False):
        keys = ("compute", "check", *ways)
        print(
            f"  {before['size']} → {after['size']}: "
            + ", ".join(f"{key} {after[key] / before[key]:.2f}" for key in keys)
            + " (CPU: "
            + ", ".join(f"{way} {after[way + '_cpu'] / before[way + '_cpu']:.2f}" for way in ways)
            + ")"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="50x10,100x20,200x40")
    parser.add_argument("--only", default="raw,orm", help="ways of writing, comma-separated: raw, orm")
    parser.add_argument("--donnes", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2011)
    args = parser.parse_args()
    ways = args.only.split(",")
    with embedded_site("bench-import-writes") as database:
        results = measure_all(args, ways, database)
    report_growth(results, ways)


if __name__ == "__main__":
    main()

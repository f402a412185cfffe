"""Benchmark: import and export a season of 200 players × 40 manches with full score sheets.

    .venv/bin/python bench/bench_import.py [--players 200] [--manches-per-player 40] [--donnes 18-22]

1,600 manches of five (each player plays 40), some 20 donnes each, a
compte-rendu per manche: the season is dealt by tests.support.documents (every
donne scored by the rules engine), written as a document, then imported
through the import service, exported, and imported again with --replace;
export → import → export must give the same bytes. Runs on a throw-away
SQLite database in a temporary directory (``BENCH_DATABASE_URL``: a scratch
PostgreSQL database, created then dropped), never on the site's own.
"""

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._site import NOW, embedded_site, timed  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--manches-per-player", type=int, default=40)
    parser.add_argument(
        "--donnes", default="18-22", help="donnes dealt per manche before the closing win (min-max)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with embedded_site("bench-import") as database:
        round_trip(args, database)


def round_trip(args: argparse.Namespace, database: str) -> None:
    from league.models import CompteRendu, Donne, Manche, Season
    from league.services.transfer import dump, export_season, import_check, import_season
    from tests.support.documents import random_season

    low, high = (int(x) for x in args.donnes.split("-"))
    now = NOW

    def step(label, fn):
        value, seconds, cpu = timed(fn)
        print(f"  {label:<48} {seconds:7.2f} s wall {cpu:7.2f} s CPU", flush=True)
        return value

    print(
        f"Season of {args.players} players × {args.manches_per_player} manches each "
        f"({args.players * args.manches_per_player // 5} manches of 5, {low}-{high} donnes + the closing win)"
    )
    document = step(
        "deal the season (generator + engine)",
        lambda: random_season(
            args.seed,
            name="2030-2031",
            players=args.players,
            manches_per_player=args.manches_per_player,
            donnes=(low, high),
            closed=True,
            now=now,
        ),
    )
    text = step("write the document (dump)", lambda: dump(document))
    step("check only (parse + engine validation)", lambda: import_check(document=text))
    season = step(
        "import_season (check + write, one transaction)", lambda: import_season(document=text, now=now)
    )
    exported = step(
        "export_season + dump (engine compute)", lambda: dump(export_season(season=season, now=now))
    )
    step(
        "import_season --replace (delete + write)",
        lambda: import_season(document=exported, replace=True, now=now),
    )
    again = step(
        "export again", lambda: dump(export_season(season=Season.objects.get(name="2030-2031"), now=now))
    )

    manches = Manche.objects.filter(season=season).count()
    donnes = Donne.objects.filter(manche__season=season).count()
    crs = CompteRendu.objects.filter(manche__season=season).count()
    print(
        f"Rows: {manches} manches, {donnes} donnes ({donnes / manches:.1f} per manche), {crs} comptes-rendus; "
        f"document {len(text.encode()) / 1e6:.1f} MB, export {len(exported.encode()) / 1e6:.1f} MB"
    )
    print(
        f"Database: {database.split('://')[0]}; load average {os.getloadavg()[0]:.1f} on "
        f"{os.cpu_count()} CPUs (wall time includes waiting for the CPU when the machine is busy)"
    )
    print("export → import → export byte-identical:", "yes" if again == exported else "NO")
    if again != exported:
        sys.exit(1)


if __name__ == "__main__":
    main()

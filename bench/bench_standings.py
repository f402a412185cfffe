"""Benchmark: the standings page of a big season against a trivial page of the same site.

One command (from the repository root)::

    .venv/bin/python bench/bench_standings.py

builds, in a scratch SQLite database (a scratch PostgreSQL one with
``BENCH_DATABASE_URL``), a season of 200 players who each play 40 manches:
1600 manches of five, each with a full sheet of about 20 random valid donnes
closing with an empty pot, each vainqueur's compte-rendu posted on time.
It then measures with Django's test ``Client`` the median time of

- the standings page with a warm cache (what nearly every reader gets),
- the standings page with a cold cache (the first reader after a change:
  the season is loaded and the engine recomputes it),
- the sign-in page (a trivial page rendered by the same stack),

and prints their ratios (target: warm standings ≤ 2 × the trivial page).
The player page and the JSON API are measured the same way.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._site import embedded_site, load_bench_season  # noqa: E402


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--manches-per-player", type=int, default=40)
    parser.add_argument("--donnes", type=int, default=20, help="donnes per sheet")
    parser.add_argument("--runs", type=int, default=30, help="requests per warm measurement")
    parser.add_argument("--cold-runs", type=int, default=5, help="requests per cold measurement")
    parser.add_argument("--seed", type=int, default=2011)
    return parser.parse_args()


def median_ms(client, url: str, runs: int, *, before=None) -> tuple[float, int]:
    times = []
    size = 0
    for _ in range(runs):
        if before:
            before()
        start = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        if response.status_code != 200:
            raise SystemExit(f"{url} answered {response.status_code}")
        size = len(response.content)
    return statistics.median(times), size


def main() -> None:
    args = parse_args()
    with embedded_site("bench-standings") as database:
        measure(args, database)


def measure(args: argparse.Namespace, database: str) -> None:
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from league.models import Donne, Manche

    print(f"database: {database}")
    start = time.perf_counter()
    season = load_bench_season(args, "2030-2031")
    manches = Manche.objects.filter(season=season).count()
    donnes = Donne.objects.filter(manche__season=season).count()
    print(
        f"season {season.name}: {args.players} players × {args.manches_per_player} manches = "
        f"{manches} manches, {donnes} donnes (built in {time.perf_counter() - start:.1f} s)"
    )

    client = Client()
    pages = {
        "standings": reverse("reports:standings", args=[season.name]),
        "player": reverse("reports:player", args=["b000"]),
        "api": reverse("reports:api_standings", args=[season.name]),
    }
    trivial = reverse("accounts:login")
    for url in (trivial, *pages.values()):  # warm up imports, templates, the engine's cache
        client.get(url)

    base, base_size = median_ms(client, trivial, args.runs)
    rows = [("sign-in page (trivial)", base, base_size, None)]
    results = {}
    for name, url in pages.items():
        warm, size = median_ms(client, url, args.runs)
        cold, _size = median_ms(client, url, args.cold_runs, before=cache.clear)
        client.get(url)
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        rows.append((f"{name} page, warm cache", warm, size, len(queries)))
        rows.append((f"{name} page, cold cache", cold, size, None))
        results[name] = (warm, cold)

    print()
    print(f"{'page':<32}{'median ms':>12}{'× trivial':>12}{'bytes':>12}{'queries':>9}")
    for label, ms, size, n in rows:
        print(f"{label:<32}{ms:>12.1f}{ms / base:>12.2f}{size:>12}{'' if n is None else n:>9}")
    warm, cold = results["standings"]
    ratio = warm / base
    print()
    print(
        f"standings page: warm {warm:.1f} ms, cold {cold:.1f} ms, trivial page {base:.1f} ms; "
        f"ratio warm/trivial = {ratio:.2f} (target ≤ 2: {'met' if ratio <= 2 else 'NOT met'}), "
        f"cold/trivial = {cold / base:.1f}"
    )


if __name__ == "__main__":
    main()

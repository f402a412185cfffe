"""Load benchmark: a big season in PostgreSQL, the site under gunicorn, a bounded load run.

One command (from the repository root, PostgreSQL on 127.0.0.1:5432)::

    .venv/bin/python bench/bench_load.py

1. creates the scratch database ``tarot_bench`` (``--database-url`` to change
   it; it is dropped at the end unless ``--keep``), migrates it and loads a
   season of 200 players × 40 manches: 1600 manches of five, each with a full
   sheet of 20 donnes from the rules engine's generator;
2. starts gunicorn on a free 127.0.0.1 port with the production settings
   (``DEBUG=0``, static files collected and served by WhiteNoise, the Redis
   cache on ``BENCH_CACHE_URL`` (default 127.0.0.1:6379/7) when it answers,
   else each worker's own memory; persistent database connections);
3. in ``--rounds`` rounds over every page (so that a drift of the shared
   machine's speed weighs on every page alike), for each page sends its
   share of a fixed number of requests (``--requests``) from a
   small pool of client threads (``--concurrency``), after a few warm-up
   requests (at least one per path: pages rendered once per revision are
   measured warm), and stops by itself (every phase is also capped at
   ``--phase-seconds``, every request at ``--timeout``; failures are
   counted, not fatal): the standings, manche pages (rotating over 50
   manches; for a visitor, then for a member signed in on each client
   thread, over the manches he played), player pages (rotating over 50
   players), the JSON API, and the sign-in page as the trivial page of the
   same site;
4. prints, for each, the median and 99th-percentile latency and the
   throughput, and their ratios to the trivial page's figures, and the
   median (min–max) of the ratios taken round by round.

Figures are ratios within one run on one machine, not absolute targets.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._site import (  # noqa: E402
    Session,
    gunicorn,
    load_bench_season,
    prepare,
    scratch_database,
    season_arguments,
    server_cpu_seconds,
)

SEASON = "2030-2031"
#: The member who reads the manches he played (signed in on each client thread).
MEMBER = ("b000", "bench-member-password")


def parse_args() -> argparse.Namespace:
    parser = season_arguments(__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=400, help="measured requests per page")
    parser.add_argument(
        "--rounds", type=int, default=5, help="rounds over every page (each page's requests split among them)"
    )
    parser.add_argument("--warmup", type=int, default=20, help="unmeasured requests per page first")
    parser.add_argument("--concurrency", type=int, default=4, help="client threads")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers")
    parser.add_argument("--phase-seconds", type=float, default=180, help="cap on each page's phase")
    parser.add_argument(
        "--timeout", type=float, default=120, help="per request, seconds (a timeout is counted)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the database and scratch files afterwards")
    return parser.parse_args()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def run_phase(
    base: str,
    paths: list[str],
    *,
    requests: int,
    warmup: int,
    concurrency: int,
    cap: float,
    timeout: float,
    member: tuple[str, str] | None = None,
) -> dict:
    """``requests`` GETs spread over ``concurrency`` threads, each with its own keep-alive
    session (signed in as ``member``, (username, password), when given), after ``warmup``
    unmeasured ones and at least one of each path (a page rendered once per revision is
    measured warm); the server's CPU time per measured request is taken after the warm-up."""
    local = threading.local()
    errors: list[str] = []

    def session() -> Session:
        if not hasattr(local, "session"):
            local.session = Session(base, timeout=timeout)
            if member is not None:
                local.session.sign_in(*member)
        return local.session

    def one(i: int, deadline: float) -> float | None:
        if time.monotonic() > deadline:
            return None
        path = paths[i % len(paths)]
        start = time.perf_counter()
        try:
            status, _body = session().get(path)
        except OSError as error:  # a timeout: counted, the run goes on
            errors.append(f"{path}: {error!r}")
            local.session.close()
            return None
        elapsed = time.perf_counter() - start
        if status != 200:
            errors.append(f"{path}: HTTP {status}")
            return None
        return elapsed

    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        far = time.monotonic() + cap
        list(pool.map(lambda i: one(i, far), range(max(warmup, len(paths)))))
        deadline = time.monotonic() + cap
        cpu_before = server_cpu_seconds(base)
        started = time.perf_counter()
        latencies = [t for t in pool.map(lambda i: one(i, deadline), range(requests)) if t is not None]
        wall = time.perf_counter() - started
        cpu = server_cpu_seconds(base) - cpu_before
    if not latencies:
        raise SystemExit(f"no request succeeded: {errors[:5]}")
    return {"errors": errors, "latencies": latencies, "wall": wall, "cpu": cpu}


def summary(phases: list[dict]) -> dict:
    """One page's figures over its phases (one a round): pooled latencies, and its
    median in each round (compared with the trivial page's in the same round)."""
    latencies = [t for phase in phases for t in phase["latencies"]]
    return {
        "errors": [e for phase in phases for e in phase["errors"]],
        "count": len(latencies),
        "median": statistics.median(latencies) * 1000,
        "p99": percentile(latencies, 0.99) * 1000,
        "throughput": len(latencies) / sum(phase["wall"] for phase in phases),
        "cpu": sum(phase["cpu"] for phase in phases) / len(latencies) * 1000,
        "round medians": [statistics.median(phase["latencies"]) for phase in phases],
        "round cpu": [phase["cpu"] / len(phase["latencies"]) for phase in phases],
    }


def main() -> None:
    args = parse_args()
    with scratch_database(args.database_url, keep=args.keep) as url:
        env, var_dir = prepare(url)
        from django.db import connection

        from accounts.models import User
        from league.models import Donne, Manche, Seat

        started = time.perf_counter()
        season = load_bench_season(args, SEASON)
        manches = Manche.objects.filter(season=season).count()
        donnes = Donne.objects.filter(manche__season=season).count()
        loaded = time.perf_counter() - started
        reader = User.objects.get(username=MEMBER[0])
        reader.set_password(MEMBER[1])
        reader.save()
        played = list(
            Seat.objects.filter(manche__season=season, player=reader)
            .order_by("manche__number")
            .values_list("manche__number", flat=True)
        )
        connection.close()
        print(f"database: {url} (cache: {env['CACHE_URL']})")
        print(
            f"season {SEASON}: {args.players} players × {args.manches_per_player} manches = {manches} manches "
            f"of five, {donnes} donnes, loaded in {loaded:.1f} s"
        )
        step = max(1, manches // 50)
        pages = {
            "sign-in page (trivial)": ["/comptes/connexion/"],
            "standings": [f"/classement/{SEASON}/"],
            "manche page": [f"/saisons/{SEASON}/manches/{n}/" for n in range(1, manches + 1, step)][:50],
            "manche page (member)": [f"/saisons/{SEASON}/manches/{n}/" for n in played][:50],
            "player page": [
                f"/joueurs/b{i:03d}/" for i in range(0, args.players, max(1, args.players // 50))
            ][:50],
            "JSON API": [f"/api/seasons/{SEASON}/standings.json"],
            "season page": [f"/saisons/{SEASON}/"],
            "calendar": [f"/saisons/{SEASON}/calendrier/"],
            "palmarès": ["/palmares/"],
        }
        with gunicorn(env, workers=args.workers) as base:
            print(
                f"gunicorn: {base}, {args.workers} workers; {args.requests} requests per page "
                f"from {args.concurrency} client threads after {args.warmup} warm-up requests"
            )
            first = time.perf_counter()
            status, _ = Session(base, timeout=300).get(pages["standings"][0])
            print(
                f"first standings request (cold: load + compute the season): {time.perf_counter() - first:.2f} s"
            )
            if status != 200:
                raise SystemExit(f"standings page answered {status}")
            phases: dict[str, list[dict]] = {label: [] for label in pages}
            per_round = max(1, args.requests // args.rounds)
            # Every page in each round: a drift of the machine's speed weighs on them all.
            for _round in range(args.rounds):
                for label, paths in pages.items():
                    phases[label].append(
                        run_phase(
                            base,
                            paths,
                            requests=per_round,
                            warmup=args.warmup,
                            concurrency=args.concurrency,
                            cap=args.phase_seconds,
                            timeout=args.timeout,
                            member=MEMBER if label.endswith("(member)") else None,
                        )
                    )
            results = {label: summary(done) for label, done in phases.items()}
            for label, done in results.items():
                print(
                    f"  {label}: {done['count']} requests in {args.rounds} rounds"
                    + (f", {len(done['errors'])} failed (e.g. {done['errors'][0]})" if done["errors"] else "")
                )
        from django.core.cache import cache

        cache.clear()  # the scratch cache is left empty
        report(results)
        if args.keep:
            print(f"(scratch files kept in {var_dir})")
        else:
            shutil.rmtree(var_dir, ignore_errors=True)


def report(results: dict) -> None:
    trivial = results["sign-in page (trivial)"]
    print()
    header = (
        f"{'page':<24}{'n':>6}{'failed':>7}{'median ms':>11}{'p99 ms':>10}{'req/s':>9}{'CPU ms':>8}"
        f"{'median ×':>10}{'p99 ×':>8}{'req/s ×':>9}{'CPU ×':>7}{'rounds: median ×':>24}{'CPU ×':>18}"
    )
    print(header)
    print("-" * len(header))
    for label, r in results.items():
        print(
            f"{label:<24}{r['count']:>6}{len(r['errors']):>7}{r['median']:>11.1f}{r['p99']:>10.1f}{r['throughput']:>9.1f}"
            f"{r['cpu']:>8.2f}{r['median'] / trivial['median']:>10.2f}{r['p99'] / trivial['p99']:>8.2f}"
            f"{r['throughput'] / trivial['throughput']:>9.2f}{r['cpu'] / trivial['cpu']:>7.2f}"
            f"{_spread(r['round medians'], trivial['round medians']):>24}{_spread(r['round cpu'], trivial['round cpu']):>18}"
        )
    print()
    print(
        "× = ratio to the trivial page in the same run (latency: higher is slower; req/s: lower is slower);"
        " CPU = the server's CPU time (gunicorn master and workers) per measured request;"
        " rounds: the median (min–max) of the ratios taken round by round."
    )


def _spread(page: list[float], trivial: list[float]) -> str:
    """The round-by-round ratios of ``page`` to the trivial page: median (min–max)."""
    ratios = [p / t for p, t in zip(page, trivial, strict=True)]
    return f"{statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f})"


if __name__ == "__main__":
    main()

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
   players), the JSON API, the season, calendar and palmarès pages, the
   home and standings pages of the member, the comptes-rendus, the results,
   Ce qu'il me faut, the season's calendar feed and the share images
   (rotating over 50 manches), and the sign-in page as the trivial page of
   the same site (``bench_pages.py`` measures every page, in-process). In each page's phase every other request goes to the sign-in
   page, from a visitor's session of the same client thread: a shared
   machine's speed drifts from one phase to the next (the member's manche
   page measured 1.4× and 3.5× the sign-in page in two rounds of one run,
   each against the sign-in page's own phase), so each page is compared
   with the sign-in page measured at the same moments, under the same load;
4. prints, for each, the median and 99th-percentile latency and the
   median of the server's CPU time per request (read from the scheduler
   before and after each request, so with one client only), their ratios
   to the paired sign-in requests' figures, and the median (min–max) of the
   ratios taken round by round.

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
    process_cpu_seconds,
    scratch_database,
    season_arguments,
    server_pids,
)

SEASON = "2030-2031"
#: The member who reads the manches he played (signed in on each client thread).
MEMBER = ("b000", "bench-member-password")
TRIVIAL = "sign-in page (trivial)"


def parse_args() -> argparse.Namespace:
    parser = season_arguments(__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=400, help="measured requests per page")
    parser.add_argument(
        "--rounds", type=int, default=5, help="rounds over every page (each page's requests split among them)"
    )
    parser.add_argument("--warmup", type=int, default=20, help="unmeasured requests per page first")
    # One client, as the targets are read: with more clients than workers a request waits
    # behind others, whatever they are, and the paired ratios are pulled towards 1.
    parser.add_argument("--concurrency", type=int, default=1, help="client threads")
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
    paired: str | None = None,
) -> dict:
    """``requests`` GETs spread over ``concurrency`` threads, each with its own keep-alive
    session (signed in as ``member``, (username, password), when given), after ``warmup``
    unmeasured ones and at least one of each path (a page rendered once per revision is
    measured warm). With one client, each request's server CPU time is measured too (with
    several, requests overlap and their CPU time cannot be told apart).

    ``paired`` (the trivial page's path): every other request goes there instead, from a
    visitor's session of the same thread, and its figures are kept apart (``paired``)."""
    local = threading.local()
    errors: list[str] = []
    pids = server_pids(base) if concurrency == 1 else []
    turn = 2 if paired else 1  # requests per page request: the page's, and its paired one

    def server_cpu() -> float:
        return sum(process_cpu_seconds(pid) for pid in pids)

    def session(visitor: bool) -> Session:
        name = "visitor" if visitor else "session"
        if not hasattr(local, name):
            setattr(local, name, Session(base, timeout=timeout))
            if member is not None and not visitor:
                local.session.sign_in(*member)
        return getattr(local, name)

    def one(i: int, deadline: float) -> tuple[bool, float | None, float | None]:
        visitor = paired is not None and i % 2 == 1
        if time.monotonic() > deadline:
            return visitor, None, None
        path = paired if visitor else paths[i // turn % len(paths)]
        cpu = server_cpu()
        start = time.perf_counter()
        try:
            status, _body = session(visitor).get(path)
        except OSError as error:  # a timeout: counted, the run goes on
            errors.append(f"{path}: {error!r}")
            session(visitor).close()
            return visitor, None, None
        elapsed = time.perf_counter() - start
        cpu = server_cpu() - cpu if pids else None
        if status != 200:
            errors.append(f"{path}: HTTP {status}")
            return visitor, None, None
        return visitor, elapsed, cpu

    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        far = time.monotonic() + cap
        list(pool.map(lambda i: one(i, far), range(max(warmup, len(paths)) * turn)))
        deadline = time.monotonic() + cap
        answers = [
            a for a in pool.map(lambda i: one(i, deadline), range(requests * turn)) if a[1] is not None
        ]
    page = [a for a in answers if not a[0]]
    if not page:
        raise SystemExit(f"no request succeeded: {errors[:5]}")
    return {
        "errors": errors,
        "latencies": [t for _v, t, _c in page],
        "cpu": [c for _v, _t, c in page if c is not None],
        "paired": [t for visitor, t, _c in answers if visitor],
        "paired cpu": [c for visitor, _t, c in answers if visitor and c is not None],
    }


def summary(phases: list[dict]) -> dict:
    """One page's figures over its phases (one a round), against the sign-in requests
    paired with them: pooled medians and p99, and the ratio of the medians in each round."""
    latencies = [t for phase in phases for t in phase["latencies"]]
    pairs = [t for phase in phases for t in phase["paired"]] or latencies
    cpu = [c for phase in phases for c in phase["cpu"]]
    pairs_cpu = [c for phase in phases for c in phase["paired cpu"]] or cpu
    return {
        "errors": [e for phase in phases for e in phase["errors"]],
        "count": len(latencies),
        "median": statistics.median(latencies) * 1000,
        "p99": percentile(latencies, 0.99) * 1000,
        "median ×": statistics.median(latencies) / statistics.median(pairs),
        "p99 ×": percentile(latencies, 0.99) / percentile(pairs, 0.99),
        "cpu": statistics.median(cpu) * 1000 if cpu else None,
        "cpu ×": statistics.median(cpu) / statistics.median(pairs_cpu) if cpu else None,
        "rounds ×": [
            statistics.median(phase["latencies"]) / statistics.median(phase["paired"] or phase["latencies"])
            for phase in phases
        ],
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
            TRIVIAL: ["/comptes/connexion/"],
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
            "home (member)": ["/"],
            "standings (member)": [f"/classement/{SEASON}/"],
            "comptes-rendus": [f"/saisons/{SEASON}/comptes-rendus/"],
            "results": [f"/saisons/{SEASON}/resultats/"],
            "Ce qu'il me faut": [f"/ce-qu-il-me-faut/{SEASON}/"],
            "season feed": [f"/calendrier/{SEASON}.ics"],
            "share image": [
                f"/saisons/{SEASON}/manches/{n}/resultat.png" for n in range(1, manches + 1, step)
            ][:50],
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
                            paired=None if label == TRIVIAL else pages[TRIVIAL][0],
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
    print()
    header = (
        f"{'page':<24}{'n':>6}{'failed':>7}{'median ms':>11}{'p99 ms':>10}{'CPU ms':>8}"
        f"{'median ×':>10}{'p99 ×':>8}{'CPU ×':>7}{'rounds: median ×':>24}"
    )
    print(header)
    print("-" * len(header))
    for label, r in results.items():
        rounds = r["rounds ×"]
        cpu = f"{r['cpu']:>8.2f}" if r["cpu"] is not None else f"{'–':>8}"
        cpu_ratio = f"{r['cpu ×']:>7.2f}" if r["cpu ×"] is not None else f"{'–':>7}"
        print(
            f"{label:<24}{r['count']:>6}{len(r['errors']):>7}{r['median']:>11.1f}{r['p99']:>10.1f}{cpu}"
            f"{r['median ×']:>10.2f}{r['p99 ×']:>8.2f}{cpu_ratio}"
            f"{f'{statistics.median(rounds):.2f} ({min(rounds):.2f}–{max(rounds):.2f})':>24}"
        )
    print()
    print(
        "× = ratio to the sign-in requests sent in the same phase, every other request, by a visitor"
        " (paired: both measured at the same moments, under the same load); CPU = the median of the"
        " server's CPU time (gunicorn master and workers) per request, measured with one client only;"
        " rounds: the median (min–max) of the paired ratios taken round by round."
    )


if __name__ == "__main__":
    main()

"""Stampede benchmark: 4 readers on the standings page while one result is corrected.

One command (from the repository root, PostgreSQL on 127.0.0.1:5432, Redis
for the cache)::

    BENCH_DATABASE_URL=postgres://…/x_bench BENCH_CACHE_URL=redis://…/n \\
        .venv/bin/python bench/bench_stampede.py [--players 200 --manches-per-player 40]

The site runs as production runs it (gunicorn, 3 workers, PostgreSQL with
persistent connections, the Redis cache, one Celery worker on ``BENCH_BROKER_URL``
for the recomputation a change queues). After a warm-up, one reader loads the
standings page alone for ``--alone`` seconds with nothing changing: the worst
a warm page meets on this machine, whatever the site does. Then 4 reader
processes load it in a loop; one donne is corrected and the season's revision
bumped in one transaction, as the sheet's services write (the recomputation is
announced before the change commits). Printed:

- the warm page's median (one client), and the one reader's median, p99 and worst;
- the 4 readers over ``--before`` seconds before the change, with no change at
  all (the worst of a window grows with its length, so they read before the
  change about as long as they take to get the new result after it);
- the worst reader latency after the change (target ≤ 2× the readers' warm
  median: they get the previous result while one process recomputes), and
  against their worst before;
- how many times the season was recomputed for that change (target: exactly
  one), counted from the web and Celery workers' logs, and how many answers
  said "Mise à jour en cours…" (the previous result while the worker recomputes);
- the CPU time each request cost its web worker (``bench/gunicorn_requests.py``),
  before and after the change: a reader made to recompute would cost seconds
  of it, one served the previous result a warm page's few milliseconds;
- the share of the machine's CPU time the host stole over each window (on a
  virtual machine: the processors given to other guests, when a request waits
  though nothing here is busy);
- the eight slowest answers after the change and when each was sent (a
  cluster of them points at a moment of the recomputation: the worker's
  reads, its writes to the cache).
"""

from __future__ import annotations

import argparse
import multiprocessing
import queue
import shutil
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._site import (  # noqa: E402
    WORKER_PRIORITIES,
    Session,
    celery_worker,
    gunicorn,
    load_bench_season,
    prepare,
    scratch_database,
    season_arguments,
    served_requests,
)

SEASON = "2030-2031"
RECOMPUTED = ": computed with its readings in"
#: Seconds the readers read before their answers count (every worker warm).
WARM_UP = 4


def parse_args() -> argparse.Namespace:
    parser = season_arguments(__doc__.split("\n\n")[0])
    parser.add_argument("--readers", type=int, default=4)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument(
        "--before",
        type=float,
        default=60,
        help="seconds the readers read before the change, once warm (the worst of a window grows with "
        "its length: about as long as the readers take to get the new result, so the two worsts compare)",
    )
    parser.add_argument(
        "--alone",
        type=float,
        default=20,
        help="seconds one reader reads alone first, once warm: the worst a warm page meets on this machine",
    )
    parser.add_argument(
        "--after", type=float, default=5, help="seconds the readers go on once they get the new result"
    )
    parser.add_argument(
        "--worker-priority",
        choices=sorted(WORKER_PRIORITIES),
        default="idle",
        help="how the Celery worker's CPU priority is lowered (the README's advice: idle)",
    )
    parser.add_argument(
        "--give-up", type=float, default=300, help="seconds after the change without the new result: stop"
    )
    return parser.parse_args()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def read(base: str, path: str, stop, answers) -> None:
    """One reader: the standings page in a loop until ``stop``; each answer's (start, seconds, marked)."""
    session = Session(base, timeout=300)
    while not stop.is_set():
        start = time.perf_counter()
        status, body = session.get(path)
        answers.put((start, time.perf_counter() - start, 'id="updating"' in body))
        if status != 200:
            raise SystemExit(f"standings answered {status}")


class Readers:
    """``count`` reader processes on ``path`` (threads would share one interpreter
    lock and charge the client's own waits to the server); ``answers`` holds each
    answer's (start, seconds, marked as being updated) once collected."""

    def __init__(self, base: str, path: str, count: int):
        self.stop = multiprocessing.Event()
        self.queue = multiprocessing.Queue()
        self.answers: list[tuple[float, float, bool]] = []
        self.processes = [
            multiprocessing.Process(target=read, args=(base, path, self.stop, self.queue))
            for _ in range(count)
        ]
        self.started = time.perf_counter()
        for process in self.processes:
            process.start()

    def collect(self) -> None:
        while True:
            try:
                self.answers.append(self.queue.get_nowait())
            except queue.Empty:
                return

    def finish(self) -> None:
        self.stop.set()
        # Drained while they stop: a reader whose answers fill the pipe does not
        # exit until they are read, and joining it first waited forever.
        while any(process.is_alive() for process in self.processes):
            self.collect()
            time.sleep(0.05)
        for process in self.processes:
            process.join()
        self.collect()


def cpu_ticks() -> tuple[int, int]:
    """The machine's CPU ticks so far (Linux's /proc/stat): stolen by the host, and all of them.

    On a virtual machine the host gives the processors to other guests at
    times; a request then waits though neither the site nor this machine is
    busy. The share stolen over a window says how much of its worst answers
    belongs to the host.
    """
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return fields[7], sum(fields[:8])


def stolen_share(start: tuple[int, int], end: tuple[int, int]) -> float:
    return (end[0] - start[0]) / max(1, end[1] - start[1])


def spread(values: list[float]) -> str:
    """``median m ms, p99 …, worst … (w× the median)`` of some seconds."""
    median = statistics.median(values)
    return (
        f"median {median * 1000:.1f} ms, p99 {percentile(values, 0.99) * 1000:.1f} ms, "
        f"worst {max(values) * 1000:.1f} ms ({max(values) / median:.2f}× the median; {len(values)} requests)"
    )


def main() -> None:
    args = parse_args()
    with scratch_database(args.database_url) as url:
        env, var_dir = prepare(url)
        if not env["CACHE_URL"].startswith("redis://"):
            raise SystemExit("the stampede run needs the Redis cache (BENCH_CACHE_URL)")
        env["LOG_LEVEL"] = "INFO"  # the cache logs each recomputation
        from django.db import connection, transaction

        from league.models import Donne, Manche
        from league.services.revision import invalidate

        season = load_bench_season(args, SEASON)
        manches = Manche.objects.filter(season=season).count()
        connection.close()
        path = f"/classement/{SEASON}/"
        log = Path(env["VAR_DIR"]) / "gunicorn.log"
        request_log = Path(env["VAR_DIR"]) / "requests.log"

        def recomputations() -> int:
            return sum(f.read_text().count(RECOMPUTED) for f in (log, worker_log))

        with (
            celery_worker(env, priority=args.worker_priority) as worker_log,
            gunicorn(env, workers=args.workers, request_log=request_log) as base,
        ):
            reader = Session(base, timeout=300)
            started = time.perf_counter()
            reader.get(path)
            cold = time.perf_counter() - started
            warm = []
            for _ in range(30):
                started = time.perf_counter()
                reader.get(path)
                warm.append(time.perf_counter() - started)
            warm_median = statistics.median(warm)

            alone = Readers(base, path, 1)  # the floor: one warm page, nothing else asked, nothing changed
            time.sleep(WARM_UP)
            ticks_alone = cpu_ticks()
            time.sleep(args.alone)
            stolen_alone = stolen_share(ticks_alone, cpu_ticks())
            alone.finish()

            readers = Readers(base, path, args.readers)
            time.sleep(WARM_UP)  # the first seconds warm every worker up (not counted)
            ticks_before = cpu_ticks()
            time.sleep(args.before)
            ticks_changed = cpu_ticks()
            before = recomputations()
            first = Donne.objects.filter(manche__season=season).order_by("manche__number", "index").first()
            changed_at = time.perf_counter()
            with transaction.atomic():  # as the sheet's services write: announced before it commits
                Donne.objects.filter(pk=first.pk).update(points=first.points + 1 if first.points < 91 else 90)
                invalidate(season)  # queues the recomputation once committed
            bumped_at = time.perf_counter()
            connection.close()
            while True:  # until the readers get the new result (unmarked), then a few seconds more
                time.sleep(0.5)
                readers.collect()
                fresh = [start for start, _s, marked in readers.answers if start > bumped_at and not marked]
                if fresh or time.perf_counter() - changed_at > args.give_up:
                    break
            fresh_after = (min(fresh) - changed_at) if fresh else None
            time.sleep(args.after)
            ticks_after = cpu_ticks()
            readers.finish()
            recomputes = recomputations() - before
        latencies = readers.answers
        updating = sum(1 for _start, _seconds, marked in latencies if marked)
        floor = [seconds for start, seconds, _m in alone.answers if start >= alone.started + WARM_UP]
        counted_from = readers.started + WARM_UP  # where the readers' window before the change starts
        after = [seconds for start, seconds, _m in latencies if start >= changed_at]
        steady = [seconds for start, seconds, _m in latencies if counted_from <= start < changed_at]
        # The work each reader's request cost its worker (CPU seconds), before and after the change.
        served = [
            (start, cpu, wall)
            for start, cpu, wall, served_path in served_requests(request_log)
            if served_path == path
        ]
        cpu_before = [cpu for start, cpu, _w in served if counted_from <= start < changed_at]
        cpu_after = [(cpu, wall) for start, cpu, wall in served if start >= changed_at]
        worst = max(after)
        worst_at = next(start for start, seconds, _m in latencies if start >= changed_at and seconds == worst)
        print(f"database: {url}, cache: {env['CACHE_URL']}, gunicorn {args.workers} workers")
        print(
            f"season {SEASON}: {args.players} players × {args.manches_per_player} manches = {manches} manches"
        )
        print(
            f"cold standings (first request): {cold * 1000:.0f} ms; warm median {warm_median * 1000:.1f} ms"
        )
        print(
            f"one reader alone over {args.alone:.0f} s, no change: {spread(floor)}; "
            f"CPU stolen by the host: {stolen_alone:.1%}"
        )
        warm_readers = statistics.median(steady)
        p99_before, p99_after = percentile(steady, 0.99), percentile(after, 0.99)
        print(
            f"{args.readers} readers over {args.before:.0f} s before the change, no change: {spread(steady)}; "
            f"CPU stolen by the host: {stolen_share(ticks_before, ticks_changed):.1%} before the change, "
            f"{stolen_share(ticks_changed, ticks_after):.1%} after it"
        )
        print(
            f"{args.readers} readers, one change: {len(after)} requests after it; the new result "
            + (
                f"served {fresh_after:.1f} s after the change; "
                if fresh_after is not None
                else "never served; "
            )
            + f"p95 {percentile(after, 0.95) * 1000:.1f} ms, p99 {p99_after * 1000:.1f} ms "
            f"({p99_after / p99_before:.2f}× the p99 before), "
            f"worst {worst * 1000:.1f} ms (sent {worst_at - changed_at:.1f} s after the change) = "
            f"{worst / warm_readers:.2f}× the readers' warm median "
            f"(target ≤ 2), {worst / max(steady):.2f}× their worst before; "
            f"median {statistics.median(after) * 1000:.1f} ms; recomputations of the season: {recomputes} "
            f"(target: 1); {updating} answers marked as being updated"
        )
        cpu_median = statistics.median(cpu_before)
        most_cpu, its_wall = max(cpu_after)
        print(
            f"CPU per request in the web workers: before the change {spread(cpu_before)}; "
            f"after it, the most {most_cpu * 1000:.1f} ms = {most_cpu / cpu_median:.2f}× the median before "
            f"(that request took {its_wall * 1000:.1f} ms), "
            f"{sum(1 for cpu, _w in cpu_after if cpu > 2 * cpu_median)} of {len(cpu_after)} requests above 2× it"
        )
        slowest = sorted(((s, start) for start, s, _m in latencies if start >= changed_at), reverse=True)[:8]
        print(
            "slowest after the change (ms @ seconds after it): "
            + ", ".join(f"{s * 1000:.1f} @ {start - changed_at:+.2f}" for s, start in slowest)
        )
        from django.core.cache import cache

        cache.clear()  # the scratch cache is left empty
        shutil.rmtree(var_dir, ignore_errors=True)


if __name__ == "__main__":
    main()

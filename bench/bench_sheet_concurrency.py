"""Concurrency benchmark: 20 devices submit donnes to the same live sheet at the same instant.

One command (from the repository root, PostgreSQL on 127.0.0.1:5432)::

    .venv/bin/python bench/bench_sheet_concurrency.py

On a scratch database (``tarot_bench_sheet``, dropped at the end) with the
site under gunicorn (4 workers × 8 threads, so the 20 requests really run at
once), 20 signed-in sessions (the capitaine's and the President's phones)
open the sheet of the same manche and post a donne each:

- round 1, all against the same version: exactly one is saved, the 19
  others are refused with the "modified on another device" message;
- round 2, every device retries (re-reading the sheet) until its donne is
  saved: all 20 donnes end up on the sheet exactly once, numbered without a
  gap, the sheet version counts every write, and the rules engine scores
  the final sheet with Σ scores + pot = 0.

Exits non-zero if any update is lost, duplicated or answered otherwise.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._site import Session, gunicorn, prepare, scratch_database  # noqa: E402

DATABASE_URL = "postgres://postgres@127.0.0.1:5432/tarot_bench_sheet"
STALE = "modifiée entre-temps"
TABLE = ["bruno", "anne", "fifi", "eric", "gege"]
VERSION = re.compile(r'name="sheet_version"[^>]*value="(\d+)"|value="(\d+)"[^>]*name="sheet_version"')


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=DATABASE_URL)
    parser.add_argument("--devices", type=int, default=20)
    parser.add_argument("--max-attempts", type=int, default=60, help="per device in round 2")
    parser.add_argument("--keep", action="store_true")
    return parser.parse_args()


def build_manche():
    """A season, its President, a capitaine and a manche of five with its table in place."""
    from datetime import timedelta

    from django.utils import timezone

    from accounts.services.offices import presidency_hand_over
    from tests.support.members import make_member
    from tests.support.seasons import make_manche, make_season, seat

    now = timezone.now()
    users = {name: make_member(name) for name in ["ben", *TABLE]}
    presidency_hand_over(by=None, to=users["ben"], now=now)
    season = make_season("2030-2031", president=users["ben"])
    manche = make_manche(season, 1, starts_at=now - timedelta(hours=1), capitaine=users["bruno"])
    return seat(manche, [users[name] for name in TABLE])


def donne_fields(version: int, device: int) -> dict:
    """Device ``device``'s donne, recognisable on the sheet by its card points."""
    return {
        "sheet_version": version,
        "kind": "contract",
        "dealer": "",
        "contract": "garde",
        "taker": TABLE[device % 5],
        "partner": "",
        "bouts": "1",
        "points": str(30 + device),
    }


def sheet_version(html: str) -> int:
    match = VERSION.search(html)
    if not match:
        raise SystemExit("no sheet_version field on the sheet page")
    return int(match.group(1) or match.group(2))


class Device(threading.Thread):
    def __init__(
        self, base: str, index: int, paths: dict, barrier: threading.Barrier, *, retry: bool, attempts: int
    ):
        super().__init__()
        self.index, self.paths, self.barrier, self.retry, self.attempts = (
            index,
            paths,
            barrier,
            retry,
            attempts,
        )
        self.session = Session(base)
        self.session.sign_in(*(("bruno", "pw-bruno") if index % 2 == 0 else ("ben", "pw-ben")))
        self.outcomes: list[str] = []
        self.error: str | None = None

    def submit(self) -> str:
        status, html = self.session.get(self.paths["sheet"])
        version = sheet_version(html)
        if not self.outcomes:
            self.barrier.wait(timeout=60)  # every device fires its first submit together
        status, html = self.session.post(self.paths["add"], donne_fields(version, self.index))
        if status == 302:
            return "saved"
        if status == 200 and STALE in html:
            return "stale"
        return f"HTTP {status}"

    def run(self) -> None:
        try:
            for _ in range(self.attempts if self.retry else 1):
                outcome = self.submit()
                self.outcomes.append(outcome)
                if outcome != "stale":
                    break
        except Exception as error:  # reported by the main thread
            self.error = repr(error)
            self.barrier.abort()
        finally:
            self.session.close()


def run_round(
    base: str, paths: dict, devices: int, *, retry: bool, attempts: int
) -> tuple[list[Device], float]:
    barrier = threading.Barrier(devices)
    threads = [Device(base, i, paths, barrier, retry=retry, attempts=attempts) for i in range(devices)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    elapsed = time.perf_counter() - start
    errors = [t.error for t in threads if t.error] + [
        f"device {t.index}: {o}" for t in threads for o in t.outcomes if o not in ("saved", "stale")
    ]
    if errors:
        raise SystemExit(f"unexpected answers: {errors[:5]}")
    return threads, elapsed


def check_sheet(manche) -> tuple[list, int, int]:
    """The donnes as stored, the version, and the engine's Σ scores + pot of the whole sheet."""
    from league import rules
    from league.models import Donne
    from league.selectors.engine import manche_input

    manche.refresh_from_db()
    donnes = list(Donne.objects.filter(manche=manche).order_by("index").values_list("index", "points"))
    engine_input = manche_input(manche)
    sheet = rules.score_sheet(manche.season.ruleset(), engine_input.table, engine_input.donnes or ())
    return donnes, manche.sheet_version, sum(sheet.totals.values()) + sheet.pot


def main() -> None:
    args = parse_args()
    failures = []
    with scratch_database(args.database_url, keep=args.keep) as url:
        env, var_dir = prepare(url)
        from django.db import connection

        manche = build_manche()
        season = manche.season.name
        paths = {
            "sheet": f"/saisons/{season}/manches/{manche.number}/feuille/",
            "add": f"/saisons/{season}/manches/{manche.number}/feuille/donnes/",
        }
        connection.close()
        with gunicorn(env, workers=4, threads=8) as base:
            print(f"gunicorn {base} (4 workers × 8 threads), {args.devices} devices on one sheet")

            threads, elapsed = run_round(base, paths, args.devices, retry=False, attempts=1)
            first = Counter(o for t in threads for o in t.outcomes)
            donnes, version, balance = check_sheet(manche)
            print(
                f"round 1 (same version, {elapsed:.2f} s): {first['saved']} saved, {first['stale']} refused as stale; "
                f"sheet: {len(donnes)} donnes, version {version}"
            )
            if first["saved"] != 1 or first["stale"] != args.devices - 1 or len(donnes) != 1 or version != 1:
                failures.append("round 1: expected exactly one saved donne and every other submit refused")
            round_one = len(donnes)

            threads, elapsed = run_round(base, paths, args.devices, retry=True, attempts=args.max_attempts)
            second = Counter(o for t in threads for o in t.outcomes)
            donnes, version, balance = check_sheet(manche)
            unsaved = [t.index for t in threads if t.outcomes[-1:] != ["saved"]]
            points = Counter(int(p) for _i, p in donnes[round_one:])
            lost = [d for d in range(args.devices) if points[30 + d] != 1]
            print(
                f"round 2 (retry until saved, {elapsed:.2f} s): {second['saved']} saved after "
                f"{second['stale']} stale refusals ({sum(second.values())} submits); sheet: {len(donnes)} donnes, "
                f"indexes {donnes[0][0]}..{donnes[-1][0]}, version {version}, Σ scores + pot = {balance}"
            )
            if unsaved:
                failures.append(f"round 2: devices {unsaved} never got their donne saved")
            if lost:
                failures.append(f"round 2: donnes of devices {lost} lost or duplicated")
            if [i for i, _p in donnes] != list(range(1, len(donnes) + 1)):
                failures.append("donne indexes are not 1..n without a gap")
            if len(donnes) != round_one + args.devices or version != len(donnes):
                failures.append("the sheet version does not count every saved write")
            if balance != 0:
                failures.append(f"the engine's Σ scores + pot is {balance}, not 0")
        from django.core.cache import cache

        cache.clear()  # the scratch cache (Redis db 7) is left empty
        connection.close()
    if not args.keep and not failures:
        shutil.rmtree(var_dir, ignore_errors=True)
    if failures:
        print("FAILED:\n  " + "\n  ".join(failures))
        raise SystemExit(1)
    print(
        "no update lost: every submit was either saved or refused as stale, and the final sheet is consistent"
    )


if __name__ == "__main__":
    main()

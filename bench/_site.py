"""What the benchmarks share: the site as production runs it, and the embedded defaults in-process.

For the load and concurrency benchmarks: a throw-away PostgreSQL database
(created, then dropped), the production settings (``DEBUG=0``, collected
static files served by WhiteNoise, Redis cache when one answers), gunicorn
on a free loopback port, and a small HTTP client that keeps its cookies and
CSRF token. Everything stays on 127.0.0.1 and is stopped by the benchmark
itself.

For the benchmarks that measure in this process (:func:`embedded_site`):
Django with the embedded defaults on a scratch database, seasons of a given
size (:func:`sized_season`), timings with their CPU time (:func:`timed`), pages
against the sign-in page of the same moments (:func:`paired_ratios`),
and a season imported the way the operator imports one
(:func:`import_from_the_command_line`).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import http.client
import io
import os
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent
DEFAULT_DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tarot_bench")
#: The scratch Redis database (emptied by the benchmarks).
REDIS_URL = os.environ.get("BENCH_CACHE_URL", "redis://127.0.0.1:6379/7")
#: The broker of the benchmark's Celery worker (recomputations after a change).
BROKER_URL = os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/6")
#: When the in-process benchmarks compute and export their seasons (after every generated manche).
NOW = datetime(2031, 9, 1, 12, 0, tzinfo=ZoneInfo("Europe/Paris"))


def season_arguments(description: str) -> argparse.ArgumentParser:
    """A command line with the scratch database and the generated season's size (200 × 40 by default)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--manches-per-player", type=int, default=40)
    parser.add_argument("--donnes", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2011)
    return parser


def load_bench_season(args: argparse.Namespace, name: str):
    """The season of ``args``'s size (players ``b000``…), loaded into the database."""
    from tests.support.seasongen import load_season

    return load_season(
        name=name,
        players=args.players,
        manches_per_player=args.manches_per_player,
        donnes=args.donnes,
        seed=args.seed,
        username_prefix="b",
        comptes_rendus=True,
    )


@contextlib.contextmanager
def embedded_site(prefix: str):
    """Django in this process with the embedded defaults, migrated; yields the database's URL.

    A scratch SQLite file in a temporary directory (``BENCH_DATABASE_URL``:
    a scratch PostgreSQL database, created, then dropped), the local-memory
    cache, ``DEBUG`` off (no query log grows), plain static files storage
    (nothing to collect) and the test client's host allowed.
    """
    scratch = Path(tempfile.mkdtemp(prefix=f"{prefix}-"))
    url = os.environ.get("BENCH_DATABASE_URL")
    database = (
        scratch_database(url) if url else contextlib.nullcontext(f"sqlite:///{scratch / 'bench.sqlite3'}")
    )
    with database as database_url:
        os.environ.update(
            DATABASE_URL=database_url,
            VAR_DIR=str(scratch),
            CACHE_URL="locmem://",
            DEBUG="0",
            ALLOWED_HOSTS="testserver",
            SECURE_SSL_REDIRECT="0",
            LOG_LEVEL="WARNING",
        )
        os.environ.setdefault("SECRET_KEY", "bench-only")
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        if str(ROOT) not in sys.path:
            sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        from django.conf import settings
        from django.core.management import call_command

        settings.STORAGES = {
            **settings.STORAGES,
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        }
        call_command("migrate", verbosity=0, interactive=False)
        yield database_url


def timed(fn):
    """``(fn(), wall seconds, CPU seconds)``: the CPU of this process and of the
    database server's process that serves its connection (PostgreSQL on this
    machine: its COPY, indexes and queries run there; SQLite's run here).

    The garbage of what ran before is collected first, so that a collection
    it left pending does not land inside (and vary) the measured step.
    """
    gc.collect()
    backend = database_backend_pid()
    database = process_cpu_seconds(backend)
    wall, cpu = time.perf_counter(), time.process_time()
    value = fn()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return value, wall, cpu + process_cpu_seconds(backend) - database


@dataclass(frozen=True)
class Paired:
    """A page against the base page (the sign-in page) of the same moments: the medians of its
    requests' wall and CPU times each divided by those of the base request sent right after
    it, and its own median wall time (seconds)."""

    wall: float
    cpu: float
    seconds: float


def paired_ratios(
    pages: dict[str, tuple], base: tuple, runs: int, rounds: int = 5
) -> tuple[dict[str, Paired], tuple[float, float]]:
    """Each page ``name -> (client, url)`` against the ``base`` page ``(client, url)``: every
    request of a page is followed by one of the base page, each pair gives a ratio (wall, and
    CPU time of this process: the test client serves in-process, so it is what the page
    costs), and a page's figure is the median of its pairs' (:class:`Paired`). Also returned:
    the base page's median wall and CPU seconds over all its requests.

    Paired so because the shared machine's speed drifts for seconds at a time, its CPU
    time with it (the process is slowed, not waiting): against the base page's median of
    other moments, the President's season form read 3.7× in one run, 2.4× in the next,
    as did the sign-in page's own requests of a slow moment. The requests go in
    ``rounds`` turns over every page, each page's few at a time.
    """
    base_client, base_url = base
    pairs = {name: [] for name in pages}
    base_times = []
    for client, url in (*pages.values(), base):
        client.get(url)
    for turn in range(rounds):
        for name, (client, url) in pages.items():
            for _ in range(runs // rounds + (turn < runs % rounds)):
                page = _timed_get(client, url)
                sign_in = _timed_get(base_client, base_url)
                pairs[name].append((page[0] / sign_in[0], page[1] / sign_in[1], page[0]))
                base_times.append(sign_in)
    figures = {
        name: Paired(*(statistics.median(column) for column in zip(*taken, strict=True)))
        for name, taken in pairs.items()
    }
    return figures, tuple(statistics.median(column) for column in zip(*base_times, strict=True))


def _timed_get(client, url: str) -> tuple[float, float]:
    """One ``GET`` of ``url``: its wall and CPU seconds (exits unless it answers 200)."""
    start, cpu = time.perf_counter(), time.process_time()
    response = client.get(url)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    if response.status_code != 200:
        raise SystemExit(f"{url} answered {response.status_code}")
    return wall, cpu


def database_backend_pid() -> int | None:
    """The PostgreSQL server process of this process's connection (None: SQLite)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return None
    connection.ensure_connection()
    return connection.connection.info.backend_pid


def process_cpu_seconds(pid: int | None) -> float:
    """CPU seconds used so far by the process ``pid`` of this machine (0 if unknown or gone),
    to the nanosecond: the scheduler's own count (``/proc/PID/schedstat``, Linux only),
    where ``/proc/PID/stat`` counts whole 10 ms ticks, too coarse for one request of a
    few milliseconds."""
    if pid is None:
        return 0.0
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9
    except OSError:
        return 0.0


def sized_season(players: int, manches_per_player: int, *, donnes: int, seed: int):
    """A generated season of ``players`` × ``manches_per_player``, loaded into the database.

    Named ``<2000 + players>-<2001 + players>``, its players ``s<players>x000``…,
    so that seasons of several sizes live side by side.
    """
    from tests.support.seasongen import load_season

    return load_season(
        name=f"{2000 + players}-{2001 + players}",
        players=players,
        manches_per_player=manches_per_player,
        donnes=donnes,
        seed=seed,
        username_prefix=f"s{players}x",
        comptes_rendus=True,
    )


def season_file(season, name: str) -> Path:
    """``season`` exported (as of :data:`NOW`) under the name ``name``, in a file as ``export_season -o`` writes it."""
    from league.services.transfer import dump, export_season

    document = export_season(season=season, now=NOW)
    document["season"]["name"] = name
    path = Path(os.environ["VAR_DIR"]) / f"{name}.json"
    path.write_text(dump(document), encoding="utf-8")
    return path


def import_from_the_command_line(path: Path) -> None:
    """``manage.py import_season FILE``, in this process: how the operator imports a season of any size."""
    from django.core.management import call_command

    call_command("import_season", str(path), stdout=io.StringIO())


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redis_answers(url: str = REDIS_URL) -> bool:
    parsed = urllib.parse.urlparse(url)
    try:
        with socket.create_connection((parsed.hostname, parsed.port or 6379), timeout=1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@contextlib.contextmanager
def scratch_database(url: str, *, keep: bool = False):
    """Create the PostgreSQL database named by ``url`` (dropped first if left over), drop it after."""
    import psycopg

    parsed = urllib.parse.urlparse(url)
    name = parsed.path.lstrip("/")
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", name) or not name.endswith(("_bench", "_bench_sheet")):
        raise SystemExit(f"refusing to create/drop {name!r}: a benchmark database name ends in _bench")
    admin = parsed._replace(path="/postgres").geturl()

    def run(sql: str) -> None:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(sql)

    run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    run(f'CREATE DATABASE "{name}"')
    try:
        yield url
    finally:
        if not keep:
            with contextlib.suppress(Exception):
                from django.db import connections

                connections.close_all()
            run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def site_environment(database_url: str, var_dir: Path, *, cache_url: str) -> dict:
    """Production settings on loopback, plain HTTP (TLS belongs to the reverse proxy)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "PYTEST"))}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=database_url,
        DB_CONN_MAX_AGE="none",
        CACHE_URL=cache_url,
        CELERY_BROKER_URL=BROKER_URL,
        CELERY_TASK_DEFAULT_QUEUE="bench",
        DEBUG="0",
        SECRET_KEY="bench-" + secrets.token_urlsafe(48),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="0",
        VAR_DIR=str(var_dir),
        STATIC_ROOT=str(var_dir / "static"),
        MEDIA_ROOT=str(var_dir / "media"),
        LOG_LEVEL="WARNING",
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
    )
    return env


def prepare(database_url: str, *, cache_url: str | None = None) -> tuple[dict, Path]:
    """Migrate the scratch database, collect static files; set up Django in this process too."""
    var_dir = Path(tempfile.mkdtemp(prefix="tarot-bench-"))
    cache_url = cache_url or (REDIS_URL if redis_answers() else "locmem://")
    env = site_environment(database_url, var_dir, cache_url=cache_url)
    for command in (["migrate", "--noinput", "-v", "0"], ["collectstatic", "--noinput", "-v", "0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True)
    # This process loads data with the same database (and DEBUG off, so no query log grows).
    os.environ.update(
        {
            k: env[k]
            for k in (
                "DATABASE_URL",
                "CACHE_URL",
                "CELERY_BROKER_URL",
                "CELERY_TASK_DEFAULT_QUEUE",
                "DEBUG",
                "SECRET_KEY",
                "VAR_DIR",
            )
        }
    )
    os.environ["ALLOWED_HOSTS"] = env["ALLOWED_HOSTS"]
    os.environ["SECURE_SSL_REDIRECT"] = "0"
    os.environ["STATIC_ROOT"] = env["STATIC_ROOT"]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    if cache_url.startswith("redis://"):
        from django.core.cache import cache

        cache.clear()
    return env, var_dir


def stop(process: subprocess.Popen) -> None:
    """A server the benchmark started: SIGTERM, then SIGKILL if it is still there 20 s later."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def gunicorn(
    env: dict, *, workers: int, threads: int = 1, timeout: float = 60, request_log: Path | None = None
):
    """gunicorn on 127.0.0.1:<free port>; yields the base URL; stopped (SIGTERM, then SIGKILL) on exit.

    With ``request_log``, each worker appends each request's start, CPU and wall
    seconds and path to that file (``bench/gunicorn_requests.py``, :func:`served_requests`).
    """
    port = free_port()
    command = [
        str(VENV_BIN / "gunicorn"),
        "config.wsgi:application",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--threads",
        str(threads),
        "--worker-class",
        "gthread" if threads > 1 else "sync",
        "--timeout",
        "120",
        "--log-level",
        "warning",
    ]
    if request_log is not None:
        command += ["--config", str(ROOT / "bench" / "gunicorn_requests.py")]
        env = {**env, "BENCH_REQUEST_LOG": str(request_log)}
    log = open(Path(env["VAR_DIR"]) / "gunicorn.log", "w")  # noqa: SIM115
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                raise SystemExit(f"gunicorn exited ({process.returncode}); see {log.name}")
            try:
                status, _body = Session(base).get("/comptes/connexion/")
                if status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit(f"gunicorn did not answer within {timeout:.0f} s; see {log.name}")
            time.sleep(0.2)
        yield base
    finally:
        stop(process)
        log.close()


def served_requests(request_log: Path) -> list[tuple[float, float, float, str]]:
    """What :func:`gunicorn`'s workers logged: (started, CPU seconds, wall seconds, path) per request."""
    served = []
    for line in request_log.read_text().splitlines():
        started, cpu, wall, path = line.split(" ", 3)
        served.append((float(started), float(cpu), float(wall), path))
    return served


#: How the worker's CPU priority is lowered: ``idle`` runs it only on CPU the
#: web processes leave (Linux's SCHED_IDLE, as the README advises), ``nice``
#: at niceness 10, ``normal`` as the web processes.
WORKER_PRIORITIES = {"idle": ["chrt", "--idle", "0"], "nice": ["nice", "-n", "10"], "normal": []}


@contextlib.contextmanager
def celery_worker(env: dict, *, priority: str = "idle"):
    """One Celery worker (as production runs one) on the benchmark's queue, at a lower
    CPU priority than the web workers (``priority``, one of ``WORKER_PRIORITIES``:
    a recomputation must not slow the readers down); stopped on exit."""
    log = open(Path(env["VAR_DIR"]) / "worker.log", "w")  # noqa: SIM115
    command = [
        *WORKER_PRIORITIES[priority],
        str(VENV_BIN / "celery"),
        "-A",
        "config",
        "worker",
        "--pool",
        "solo",
        "-Q",
        env["CELERY_TASK_DEFAULT_QUEUE"],
        "--without-heartbeat",
        "--without-gossip",
        "--without-mingle",
        "-l",
        "INFO",
    ]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        yield Path(log.name)
    finally:
        stop(process)
        log.close()


def server_pids(base: str) -> list[int]:
    """The gunicorn processes serving ``base``, master and workers (from /proc, Linux only)."""
    port = urllib.parse.urlparse(base).port
    pids = []
    for stat in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            command = stat.read_bytes().split(b"\0")
        except OSError:
            continue
        if any(b"gunicorn" in part for part in command) and f"127.0.0.1:{port}".encode() in command:
            pids.append(int(stat.parent.name))
    return pids


class Session:
    """One browser: a keep-alive connection, its cookies, the CSRF token."""

    def __init__(self, base: str, *, timeout: float = 30):
        parsed = urllib.parse.urlparse(base)
        self.host, self.port = parsed.hostname, parsed.port
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self.conn: http.client.HTTPConnection | None = None

    def _connection(self) -> http.client.HTTPConnection:
        if self.conn is None:
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        return self.conn

    def request(self, method: str, path: str, body: dict | None = None, headers: dict | None = None):
        """(status, body text); redirects are not followed (the Location is in ``self.location``)."""
        all_headers = {"Host": f"{self.host}:{self.port}", "Accept-Language": "fr", **(headers or {})}
        if self.cookies:
            all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body, doseq=True).encode()
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
            if "csrftoken" in self.cookies:
                all_headers["X-CSRFToken"] = self.cookies["csrftoken"]
        for attempt in (1, 2):
            conn = self._connection()
            try:
                conn.request(method, path, body=data, headers=all_headers)
                response = conn.getresponse()
                text = response.read().decode("utf-8", errors="replace")
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # The server closed the kept-alive connection between two requests.
                conn.close()
                self.conn = None
                if attempt == 2:
                    raise
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        self.location = response.getheader("Location")
        if response.getheader("Connection", "").lower() == "close":
            conn.close()
            self.conn = None
        return response.status, text

    def get(self, path: str):
        return self.request("GET", path)

    def post(self, path: str, body: dict):
        return self.request("POST", path, body=body)

    def sign_in(self, username: str, password: str) -> None:
        self.get("/comptes/connexion/")
        status, _text = self.post("/comptes/connexion/", {"username": username, "password": password})
        if status != 302:
            raise SystemExit(f"could not sign in as {username} (HTTP {status})")

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

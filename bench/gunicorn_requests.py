"""gunicorn hooks for the benchmarks: each request's CPU time and wall time, as its worker saw them.

A reader's latency on a shared machine includes the time its request waited
for a processor, and on two cores that wait, not the site, sets the worst of a
minute of answers (one reader alone, with nothing changing, sees answers
three times slower than its median). The CPU time the worker spent on a
request is the work the site did for it: a reader whose request recomputed
the season would show seconds of it, one served the previous result the
few milliseconds of a warm page.

Loaded with ``gunicorn -c bench/gunicorn_requests.py`` (``bench._site.gunicorn``'s
``request_log``); each worker appends one line per request to the file named by
``BENCH_REQUEST_LOG``: when it started (``time.perf_counter``, the system's
monotonic clock, which the benchmark's own processes read too), its CPU seconds
in the thread that served it, its wall seconds, its path.
"""

import os
import time

_log = None


def post_fork(server, worker):
    global _log
    _log = open(os.environ["BENCH_REQUEST_LOG"], "a", buffering=1)  # noqa: SIM115 (the worker's life)


def pre_request(worker, req):
    # Kept on the request itself: a threaded worker serves several at once.
    req.bench_started = (time.perf_counter(), time.thread_time())


def post_request(worker, req, environ, resp):
    wall, cpu = req.bench_started
    _log.write(f"{wall:.6f} {time.thread_time() - cpu:.6f} {time.perf_counter() - wall:.6f} {req.path}\n")

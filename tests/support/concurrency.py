"""Running functions at the same instant, one thread and one database connection each."""

import threading

from django.db import connection


def race(*functions):
    """Run the functions at the same moment, one thread each; their results or exceptions.

    Each thread has its own database connection, like Celery workers or web
    requests, closed when it ends; the caller's test commits its rows
    (``transaction=True``) so that each thread sees the others'.
    """
    barrier = threading.Barrier(len(functions))
    results = [None] * len(functions)

    def run(i, function):
        try:
            barrier.wait()
            results[i] = function()
        except Exception as exc:  # noqa: BLE001 - the test inspects it
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, f)) for i, f in enumerate(functions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results

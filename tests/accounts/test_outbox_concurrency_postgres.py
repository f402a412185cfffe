"""The outbox on PostgreSQL: deliveries of one email racing (a requeue and a retry, two workers) send it once.

Each thread has its own database connection, like Celery workers; rows are
committed (``transaction=True``) so each sees the others'.
"""

import threading
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.db import connection

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

NOW = datetime(2025, 11, 19, 10, 0, tzinfo=ZoneInfo("Europe/Paris"))


def race(*functions):
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


def test_six_deliveries_of_one_email_at_once_send_it_once(settings):
    from accounts.models import OutboxEmail
    from accounts.services.outbox import deliver

    settings.EMAIL_BACKEND = "tests.support.flaky_email.SlowBackend"
    email = OutboxEmail.objects.create(
        to=["anne@example.org"], subject="Une fois", text="…", created_at=NOW, queued_at=NOW
    )
    results = race(*[lambda: deliver(email.pk, now=NOW)] * 6)
    assert sorted(results, key=str) == [False] * 5 + [True], results
    assert [m.subject for m in mail.outbox] == ["Une fois"]
    email.refresh_from_db()
    assert email.sent_at == NOW and email.attempts == 1

"""The outbox on PostgreSQL: deliveries of one email racing (a requeue and a retry, two workers) send it once.

Each thread has its own database connection, like Celery workers; rows are
committed (``transaction=True``) so each sees the others'.
"""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.core import mail

from tests.support.concurrency import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

NOW = datetime(2025, 11, 19, 10, 0, tzinfo=ZoneInfo("Europe/Paris"))


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

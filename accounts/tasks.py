"""Celery tasks of the outbox: thin, named, ids in, one service call each.

Every email of the site goes through ``accounts.services.outbox``; the beat
schedule (``config/celery.py``) runs the requeue. Both tasks are safe to run
twice: a stored email is sent once.
"""

from smtplib import SMTPException

from celery import shared_task
from django.utils import timezone

from .services.outbox import SEND_TASK, deliver, requeue_stalled


@shared_task(
    name=SEND_TASK,
    acks_late=True,
    # A mail server that is down or refuses for a while: try again later,
    # 1, 2 then 4 minutes on (jittered); the requeue picks up the emails
    # still unsent five minutes after they were queued. SMTPException is an
    # OSError, like every socket failure.
    autoretry_for=(SMTPException, OSError),
    retry_backoff=60,
    retry_backoff_max=600,
    retry_jitter=True,
    max_retries=3,
    soft_time_limit=60,
    time_limit=90,
)
def send_outbox_email(email_id: int) -> bool:
    """Send one stored email (``OutboxEmail`` id) unless it already went."""
    return deliver(email_id, now=timezone.now())


@shared_task(name="accounts.requeue_stalled_emails", acks_late=True, soft_time_limit=60, time_limit=90)
def requeue_stalled_emails() -> int:
    """Queue again the emails whose task was lost (a broker restart, a worker killed)."""
    return requeue_stalled(now=timezone.now())

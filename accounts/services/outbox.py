"""The one outbox every email of the site goes through: stored with the action, sent exactly once.

:func:`queue_email` stores the rendered message (an ``OutboxEmail`` row) in
the caller's transaction and queues the Celery task that sends it only when
that transaction commits: an action that rolls back sends nothing, one that
commits always sends, however the broker fares. The task takes just the
row's id; :func:`deliver` sends a row once, under a row lock, so a retry
overlapping a recovery (or a task delivered twice) never sends twice.

The broker is an optimisation of delivery, the rows are the truth: the
beat's requeue (``config/celery.py``, every 2 minutes) queues again any
email still unsent :data:`STALLED_AFTER` it was last queued (broker down at
commit, a broker restarted without persistence, a worker killed, retries
exhausted), for :data:`GIVE_UP_AFTER` at most.
"""

import logging
from datetime import datetime, timedelta

from celery import current_app
from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import DatabaseError, IntegrityError, transaction
from django.db.models import F

from ..models import OutboxEmail

logger = logging.getLogger(__name__)

STALLED_AFTER = timedelta(minutes=5)
GIVE_UP_AFTER = timedelta(days=3)

#: The Celery task that sends one row (``accounts.tasks``), queued by name:
#: the tasks call into this module, never the reverse.
SEND_TASK = "accounts.send_outbox_email"


def queue_email(
    *,
    to: list[str],
    subject: str,
    text: str,
    html: str = "",
    reply_to: list[str] | None = None,
    key: str | None = None,
    now: datetime,
) -> OutboxEmail | None:
    """Store one email and queue its sending when the transaction commits; None if nothing to send.

    Nothing is stored without a recipient, nor when ``key`` names an email
    already in the outbox (it goes once). Call it inside the transaction of
    the action the email announces.
    """
    recipients = [address for address in to if address]
    if not recipients:
        return None
    email = OutboxEmail(
        key=key or None,
        to=recipients,
        reply_to=[address for address in reply_to or [] if address],
        # A header holds on one line, whatever the template's whitespace.
        subject=" ".join(subject.split())[:200],
        text=text,
        html=html,
        created_at=now,
        queued_at=now,
    )
    try:
        with transaction.atomic():
            email.save()
    except IntegrityError:
        if key and OutboxEmail.objects.filter(key=key).exists():
            return None
        raise
    _queue(email.pk)
    return email


def _queue(email_id: int) -> None:
    """Hand the id to the broker once the current transaction commits (at once outside one).

    ``robust``: a broker that cannot be reached must not undo the member's
    action; the row stays unsent and the requeue picks it up.
    """
    task = current_app.tasks[SEND_TASK]
    transaction.on_commit(lambda: task.delay(email_id), robust=True)


def deliver(email_id: int, *, now: datetime) -> bool:
    """Send one stored email unless it already went; True when sent now.

    The row is locked while sending, so two deliveries of the same id cannot
    both send. A mail server error is recorded on the row (``attempts``,
    ``last_error``) and propagates, for the task to retry; ``sent_at`` stays
    empty.
    """
    try:
        with transaction.atomic():
            email = OutboxEmail.objects.select_for_update().filter(pk=email_id, sent_at__isnull=True).first()
            if email is None:
                return False
            message = EmailMultiAlternatives(
                email.subject,
                email.text,
                settings.DEFAULT_FROM_EMAIL,
                email.to,
                reply_to=email.reply_to or None,
            )
            if email.html:
                message.attach_alternative(email.html, "text/html")
            message.send()
            OutboxEmail.objects.filter(pk=email_id).update(
                sent_at=now, attempts=F("attempts") + 1, last_error=""
            )
    except Exception as error:
        try:
            OutboxEmail.objects.filter(pk=email_id, sent_at__isnull=True).update(
                attempts=F("attempts") + 1, last_error=f"{type(error).__name__}: {error}"[:500]
            )
        except DatabaseError:
            logger.warning("outbox: could not record the failure of email %s", email_id, exc_info=True)
        raise
    return True


def requeue_stalled(*, now: datetime) -> int:
    """Queue again the emails queued a while ago and still unsent; how many."""
    with transaction.atomic():
        stalled = list(
            OutboxEmail.objects.select_for_update(skip_locked=True)
            .filter(
                sent_at__isnull=True, queued_at__lte=now - STALLED_AFTER, created_at__gt=now - GIVE_UP_AFTER
            )
            .values_list("pk", flat=True)
        )
        OutboxEmail.objects.filter(pk__in=stalled).update(queued_at=now)
        for email_id in stalled:
            _queue(email_id)
    if stalled:
        logger.warning("queued %d stalled emails again", len(stalled))
    return len(stalled)

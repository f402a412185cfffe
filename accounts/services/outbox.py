"""The one outbox every email of the site goes through: stored with the action, sent exactly once.

:func:`queue_email` stores the rendered message (an ``OutboxEmail`` row) in
the caller's transaction and queues the Celery task that sends it only when
that transaction commits: an action that rolls back sends nothing, one that
commits always sends, however the broker fares. The task takes just the
row's id; :func:`deliver` sends a row once, under a lease taken by one
conditional UPDATE, so a retry overlapping a recovery (or a task delivered
twice) never sends twice.

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
from django.db import IntegrityError, transaction
from django.db.models import F, Q

from ..models import OutboxEmail

logger = logging.getLogger(__name__)

STALLED_AFTER = timedelta(minutes=5)
GIVE_UP_AFTER = timedelta(days=3)
# How long a delivery holds its row: longer than the send task's time limit
# (90 s), shorter than STALLED_AFTER, so a worker killed while sending lets
# the email go to the next requeue.
SENDING_LEASE = timedelta(minutes=2)

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
    """Send one stored email unless it already went or is being sent; True when sent now.

    One conditional UPDATE takes a lease on the unsent row (:data:`SENDING_LEASE`)
    before anything is sent: a second delivery of the same id (a retry
    overlapping a requeue, a task delivered twice) finds it taken and sends
    nothing. No transaction stays open while the mail server answers. A mail
    server error is recorded on the row (``attempts``, ``last_error``), the
    lease released, and the error propagates for the task to retry;
    ``sent_at`` stays empty.
    """
    unsent = OutboxEmail.objects.filter(pk=email_id, sent_at__isnull=True)
    taken = unsent.filter(Q(sending_until__isnull=True) | Q(sending_until__lte=now)).update(
        sending_until=now + SENDING_LEASE
    )
    if not taken:
        return False
    email = OutboxEmail.objects.get(pk=email_id)
    message = EmailMultiAlternatives(
        email.subject, email.text, settings.DEFAULT_FROM_EMAIL, email.to, reply_to=email.reply_to or None
    )
    if email.html:
        message.attach_alternative(email.html, "text/html")
    try:
        message.send()
    except Exception as error:
        unsent.update(
            sending_until=None,
            attempts=F("attempts") + 1,
            last_error=f"{type(error).__name__}: {error}"[:500],
        )
        raise
    unsent.update(sent_at=now, sending_until=None, attempts=F("attempts") + 1, last_error="")
    return True


def requeue_stalled(*, now: datetime) -> int:
    """Queue again the emails queued a while ago and still unsent; how many."""
    with transaction.atomic():
        stalled = list(
            OutboxEmail.objects.filter(
                sent_at__isnull=True, queued_at__lte=now - STALLED_AFTER, created_at__gt=now - GIVE_UP_AFTER
            ).values_list("pk", flat=True)
        )
        OutboxEmail.objects.filter(pk__in=stalled).update(queued_at=now)
        for email_id in stalled:
            _queue(email_id)
    if stalled:
        logger.warning("queued %d stalled emails again", len(stalled))
    return len(stalled)

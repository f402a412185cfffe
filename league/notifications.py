"""Notifying a member: a notice on the site and an email, each sent exactly once.

Every area sends its notices through :func:`notify`. A notification is named
by a unique ``key`` (``cr:<manche id>:<user id>:deadline-passed:<iso deadline>``):
the ``SentNotification`` row is inserted in a transaction before anything is
sent, so a second caller (a sweep running twice, concurrently, late, or
after the worker was down for days) finds the key taken and sends nothing.

The email itself is rendered at once (in French, the club's language) and
stored on the row; the Celery task that sends it is queued only when the
transaction commits and takes just the row's id, so a retry after a mail
server failure sends exactly the same message, and never twice.
"""

import logging
from datetime import datetime, timedelta

from celery import current_app
from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction

from accounts.emails import render_email

from .models import SentNotification, SiteNotice

logger = logging.getLogger(__name__)

# A claimed email still unsent after this long lost its task (broker down at
# commit, a broker restarted without persistence, retries exhausted): the
# beat's requeue (config/celery.py, every 2 minutes) queues it again. A
# retry still running alongside is harmless: ``deliver`` sends a row once.
STALLED_AFTER = timedelta(minutes=5)
# ...for this long at most, then gives up (the notice stays on the site).
GIVE_UP_AFTER = timedelta(days=3)


#: The Celery task that sends one notification's email (``league.tasks``),
#: queued by name: the tasks call into this module, never the reverse.
SEND_EMAIL_TASK = "league.send_notification_email"


def wants_email(user, preference: str | None) -> bool:
    """An active member with an address who did not opt out of this kind of email."""
    if not (user.is_active and user.email):
        return False
    return preference is None or bool(getattr(user, preference))


def notify(
    *,
    user,
    key: str,
    template: str,
    context: dict,
    url: str = "",
    now: datetime,
    preference: str | None = None,
) -> bool:
    """Claim ``key`` for ``user``, leave a site notice and queue the email; False if already sent.

    ``template`` names ``templates/emails/<template>_subject.txt``, ``.txt``
    and ``.html``; the subject doubles as the site notice. ``url`` is a path
    on the site (the notice links to it, the email to its absolute form).
    ``preference`` names the ``User`` flag (``notify_deadlines``…) that lets
    the member turn this kind of email off; the site notice is always left.
    Call it inside the caller's transaction: nothing is sent if it rolls back.
    """
    if SentNotification.objects.filter(key=key).exists():
        return False
    email = wants_email(user, preference)
    subject, text, html = render_email(
        template,
        {"user": user, "url": url, "absolute_url": settings.SITE_URL + url if url else "", **context},
    )
    try:
        with transaction.atomic():
            notification = SentNotification.objects.create(
                key=key,
                recipient=user,
                claimed_at=now,
                email_subject=subject[:200] if email else "",
                email_text=text if email else "",
                email_html=html if email else "",
            )
            SiteNotice.objects.create(recipient=user, text=subject[:500], url=url, created_at=now)
    except IntegrityError:
        # Another sweep claimed it between our check and our insert.
        return False
    if email:
        queue_email(notification.pk)
    return True


def queue_email(notification_id: int) -> None:
    """Queue the send once the current transaction commits (at once outside one).

    ``robust``: a broker that cannot be reached must not undo the member's
    action; the stalled email is queued again by ``requeue_stalled``.
    """
    task = current_app.tasks[SEND_EMAIL_TASK]
    transaction.on_commit(lambda: task.delay(notification_id), robust=True)


def deliver(notification_id: int, *, now: datetime) -> bool:
    """Send one claimed email unless it already went; True when sent now.

    The row is locked while sending, so two deliveries of the same id (a
    retry overlapping a recovery) cannot both send. An SMTP error propagates
    (the task retries it) and leaves ``sent_at`` empty.
    """
    with transaction.atomic():
        notification = (
            SentNotification.objects.select_for_update()
            .select_related("recipient")
            .filter(pk=notification_id, sent_at__isnull=True)
            .first()
        )
        if notification is None or not notification.email_subject or not notification.recipient.email:
            return False
        message = EmailMultiAlternatives(
            notification.email_subject,
            notification.email_text,
            settings.DEFAULT_FROM_EMAIL,
            [notification.recipient.email],
        )
        message.attach_alternative(notification.email_html, "text/html")
        message.send()
        notification.sent_at = now
        notification.save(update_fields=["sent_at"])
    return True


def requeue_stalled(*, now: datetime) -> int:
    """Queue again the emails claimed a while ago and still unsent; how many."""
    stalled = list(
        SentNotification.objects.filter(
            sent_at__isnull=True,
            claimed_at__lte=now - STALLED_AFTER,
            claimed_at__gt=now - GIVE_UP_AFTER,
        )
        .exclude(email_subject="")
        .values_list("pk", flat=True)
    )
    for notification_id in stalled:
        queue_email(notification_id)
    if stalled:
        logger.warning("queued %d stalled notification emails again", len(stalled))
    return len(stalled)


def mark_notices_read(*, user, pk: int | None, now: datetime) -> SiteNotice | None:
    """Mark the member's notice ``pk`` read (every unread one when ``pk`` is None); the notice."""
    unread = SiteNotice.objects.filter(recipient=user, read_at__isnull=True)
    if pk is None:
        unread.update(read_at=now)
        return None
    notice = SiteNotice.objects.filter(recipient=user, pk=pk).first()
    if notice is None:
        raise SiteNotice.DoesNotExist
    unread.filter(pk=pk).update(read_at=now)
    return notice

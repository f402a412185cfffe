"""Notifying a member: a notice on the site and an email, each sent exactly once.

Every area sends its notices through :func:`notify`. A notification is named
by a unique ``key`` (``cr:<manche id>:<user id>:deadline-passed:<iso deadline>``):
the ``SentNotification`` row is inserted in a transaction before anything is
sent, so a second caller (a sweep running twice, concurrently, late, or
after the worker was down for days) finds the key taken and sends nothing.

The email is rendered at once (in French, the club's language) and goes
into the site's one outbox (``accounts.services.outbox``) under the same
key, in the same transaction: it is sent by a worker once the transaction
commits, retried if the mail server fails, queued again if its task is
lost, and never sent twice.
"""

from collections.abc import Iterable, Mapping
from datetime import datetime

from django.conf import settings
from django.db import IntegrityError, transaction

from accounts.emails import render_body, render_subject
from accounts.models import User
from accounts.services.outbox import queue_email

from .models import SentNotification, SiteNotice


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
    context = {"user": user, "url": url, "absolute_url": settings.SITE_URL + url if url else "", **context}
    # The notice is read on the site, in whichever language the member reads it;
    # the email goes out in the club's language.
    subjects = {code: render_subject(template, context, code) for code, _name in settings.LANGUAGES}
    subject = subjects[settings.LANGUAGE_CODE]
    text, html = render_body(template, context)
    texts = {code: line[:500] for code, line in subjects.items()}
    try:
        with transaction.atomic():
            SentNotification.objects.create(key=key, recipient=user, claimed_at=now)
            SiteNotice.objects.create(
                recipient=user, text=subject[:500], texts=texts, url=url, created_at=now
            )
            if wants_email(user, preference):
                queue_email(to=[user.email], subject=subject, text=text, html=html, key=key, now=now)
    except IntegrityError:
        # Another sweep claimed it between our check and our insert.
        return False
    return True


def notify_members(
    users: Iterable[User],
    *,
    key: str,
    template: str,
    context: Mapping,
    url: str = "",
    now: datetime,
    preference: str | None = None,
) -> int:
    """Notify each member once (site notice + ``emails/<template>``) through :func:`notify`.

    ``key`` names the event; the member's id is appended, so each member is
    notified once per event even if the caller runs twice. The email is
    queued when the transaction commits: a write rolled back announces
    nothing. Returns how many members were newly notified.
    """
    count = 0
    for user in {u.pk: u for u in users if u is not None and u.is_active}.values():
        if notify(
            user=user,
            key=f"{key}:{user.pk}",
            template=template,
            context=dict(context),
            url=url,
            now=now,
            preference=preference,
        ):
            count += 1
    return count


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

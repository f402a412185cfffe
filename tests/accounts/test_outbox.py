"""One outbox for every email: stored with the action, sent once it commits, retried, never twice.

The accounts emails (an invitation, a password reset) go the way the
league's notices go: an ``OutboxEmail`` row written in the action's
transaction, a Celery task queued when it commits (run in-process here, as
the embedded broker's worker would), the beat's requeue for a task that
was lost.
"""

from datetime import datetime, timedelta
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.db import transaction

from tests.support.flaky_email import FlakyBackend

NOW = datetime(2025, 11, 19, 10, 0, tzinfo=ZoneInfo("Europe/Paris"))


def invite(president, email="zoe@example.org"):
    from accounts.services.invitations import invitation_create

    return invitation_create(by=president, email=email, username="zoe", display_name="Zoé", now=NOW)


def reset_password(email="anne@example.org"):
    from django.test import RequestFactory

    from accounts.forms.login import ThrottledPasswordResetForm

    form = ThrottledPasswordResetForm({"email": email})
    assert form.is_valid()
    request = RequestFactory().post("/comptes/mot-de-passe/oublie/")
    form.save(
        request=request,
        subject_template_name="emails/password_reset_subject.txt",
        email_template_name="emails/password_reset.txt",
        html_email_template_name="emails/password_reset.html",
    )


@pytest.fixture
def flaky(settings, eager_tasks):
    """A mail server that fails ``flaky.failures_left`` times; eager retries run at once, in turn."""
    settings.EMAIL_BACKEND = "tests.support.flaky_email.FlakyBackend"
    FlakyBackend.attempts = 0
    eager_tasks.conf.task_eager_propagates = False
    yield FlakyBackend
    FlakyBackend.failures_left = 0


def test_an_invitation_rolled_back_sends_nothing(president):
    from accounts.models import Invitation, OutboxEmail

    with pytest.raises(RuntimeError), transaction.atomic():
        invite(president)
        raise RuntimeError("the President's action failed after the invitation")
    assert mail.outbox == []
    assert not Invitation.objects.exists() and not OutboxEmail.objects.exists()


def test_a_password_reset_rolled_back_sends_nothing(player):
    from accounts.models import OutboxEmail

    with pytest.raises(RuntimeError), transaction.atomic():
        reset_password()
        raise RuntimeError("rolled back")
    assert mail.outbox == [] and not OutboxEmail.objects.exists()


def test_an_invitation_waits_for_the_commit_then_goes_once(president, django_capture_on_commit_callbacks):
    from accounts.models import OutboxEmail
    from accounts.services.outbox import deliver
    from accounts.tasks import send_outbox_email

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        invite(president)
        assert mail.outbox == []  # not before the commit
    assert len(callbacks) == 1
    assert [m.to for m in mail.outbox] == [["zoe@example.org"]]
    assert mail.outbox[0].reply_to == ["ben@example.org"]
    email = OutboxEmail.objects.get()
    assert email.sent_at is not None and email.attempts == 1
    # The task delivered twice (a broker redelivery, a requeue racing it): still one email.
    assert send_outbox_email.delay(email.pk).get() is False
    assert deliver(email.pk, now=NOW) is False
    assert len(mail.outbox) == 1


def test_a_password_reset_goes_through_the_outbox_once(player, django_capture_on_commit_callbacks):
    from accounts.models import OutboxEmail

    with django_capture_on_commit_callbacks(execute=True):
        reset_password()
    assert [m.to for m in mail.outbox] == [["anne@example.org"]]
    email = OutboxEmail.objects.get()
    assert email.to == ["anne@example.org"] and email.sent_at is not None
    assert "/comptes/mot-de-passe/nouveau/" in email.text and email.html


def test_a_mail_server_error_is_retried_without_sending_twice(
    flaky, president, django_capture_on_commit_callbacks
):
    from accounts.models import OutboxEmail

    flaky.failures_left = 2
    with django_capture_on_commit_callbacks(execute=True):
        invite(president)
    assert flaky.attempts == 3
    assert len(mail.outbox) == 1
    email = OutboxEmail.objects.get()
    assert email.sent_at is not None and email.attempts == 3 and email.last_error == ""


def test_a_failure_is_recorded_on_the_row_and_the_email_stays_unsent(
    flaky, president, django_capture_on_commit_callbacks
):
    from accounts.models import OutboxEmail

    flaky.failures_left = 10  # every retry fails: the task gives up
    with django_capture_on_commit_callbacks(execute=True):
        invite(president)
    email = OutboxEmail.objects.get()
    assert mail.outbox == [] and email.sent_at is None
    assert email.attempts == 4  # the first try and 3 retries
    assert "SMTPServerDisconnected" in email.last_error


def test_a_stalled_email_is_queued_again_within_minutes_and_sent_once(
    president, django_capture_on_commit_callbacks
):
    """The commit's task was lost (a broker restarted without persistence): the beat's requeue sends it."""
    from accounts.models import OutboxEmail
    from accounts.services.outbox import requeue_stalled

    with django_capture_on_commit_callbacks(execute=False):  # the task never reaches a worker
        invite(president)
    assert mail.outbox == []
    with django_capture_on_commit_callbacks(execute=True):
        assert requeue_stalled(now=NOW + timedelta(minutes=3)) == 0  # its task may still be running
        assert requeue_stalled(now=NOW + timedelta(minutes=6)) == 1
    assert len(mail.outbox) == 1
    with django_capture_on_commit_callbacks(execute=True):
        assert requeue_stalled(now=NOW + timedelta(hours=1)) == 0  # sent: never again
    assert len(mail.outbox) == 1
    assert OutboxEmail.objects.get().sent_at is not None


def test_a_requeued_email_still_failing_waits_before_the_next_requeue_and_is_given_up_after_days(
    president, django_capture_on_commit_callbacks
):
    from accounts.services.outbox import requeue_stalled

    with django_capture_on_commit_callbacks(execute=False):
        invite(president)
    with django_capture_on_commit_callbacks(execute=False) as queued:
        assert requeue_stalled(now=NOW + timedelta(minutes=6)) == 1
        assert requeue_stalled(now=NOW + timedelta(minutes=8)) == 0  # queued 2 minutes ago
        assert requeue_stalled(now=NOW + timedelta(minutes=12)) == 1
        assert requeue_stalled(now=NOW + timedelta(days=3, minutes=1)) == 0
    assert len(queued) == 2


def test_a_broker_unreachable_at_commit_does_not_undo_the_action(
    president, django_capture_on_commit_callbacks
):
    from accounts.models import Invitation, OutboxEmail
    from accounts.services.outbox import requeue_stalled
    from accounts.tasks import send_outbox_email

    with mock.patch.object(send_outbox_email, "delay", side_effect=ConnectionError("broker down")):
        with django_capture_on_commit_callbacks(execute=True):
            invite(president)
    assert Invitation.objects.exists() and mail.outbox == []
    assert OutboxEmail.objects.get().sent_at is None
    with django_capture_on_commit_callbacks(execute=True):
        assert requeue_stalled(now=NOW + timedelta(minutes=5)) == 1
    assert len(mail.outbox) == 1


def test_an_email_with_a_key_is_stored_once(db, django_capture_on_commit_callbacks):
    from accounts.models import OutboxEmail
    from accounts.services.outbox import queue_email

    with django_capture_on_commit_callbacks(execute=True):
        first = queue_email(to=["anne@example.org"], subject="Un", text="un", key="once", now=NOW)
        second = queue_email(to=["anne@example.org"], subject="Deux", text="deux", key="once", now=NOW)
    assert first is not None and second is None
    assert OutboxEmail.objects.count() == 1 and [m.subject for m in mail.outbox] == ["Un"]


def test_no_recipient_stores_nothing(db):
    from accounts.models import OutboxEmail
    from accounts.services.outbox import queue_email

    assert queue_email(to=["", ""], subject="x", text="x", now=NOW) is None
    assert not OutboxEmail.objects.exists()


def test_the_beat_requeues_the_one_outbox_every_two_minutes():
    from accounts.tasks import requeue_stalled_emails
    from config.celery import app

    tasks = [entry["task"] for entry in app.conf.beat_schedule.values()]
    assert tasks.count(requeue_stalled_emails.name) == 1
    assert not any("notification_email" in task or task == "league.requeue_stalled_emails" for task in tasks)
    entry = next(e for e in app.conf.beat_schedule.values() if e["task"] == requeue_stalled_emails.name)
    assert entry["schedule"].minute == set(range(0, 60, 2))


def test_no_email_leaves_the_site_but_through_the_outbox():
    """One path: only the outbox builds a message to send (grep the code, not the tests)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    senders = []
    for app in ("accounts", "league", "reports", "config"):
        for path in (root / app).rglob("*.py"):
            text = path.read_text()
            if any(
                call in text
                for call in ("EmailMultiAlternatives(", "EmailMessage(", "send_mail(", "mail_admins(")
            ):
                senders.append(path.relative_to(root).as_posix())
    # The reset form overrides Django's ``send_mail`` hook to queue into the outbox.
    assert sorted(senders) == ["accounts/forms/login.py", "accounts/services/outbox.py"]


def test_a_delivery_under_way_holds_the_email_and_a_killed_one_lets_it_go(
    president, django_capture_on_commit_callbacks
):
    """Two deliveries at once (a requeue racing a retry): the one that took the lease sends, not the other."""
    from accounts.models import OutboxEmail
    from accounts.services.outbox import SENDING_LEASE, deliver

    with django_capture_on_commit_callbacks(execute=False):
        invite(president)
    email = OutboxEmail.objects.get()
    # A worker took the row and is talking to the mail server (or was killed doing so).
    OutboxEmail.objects.filter(pk=email.pk).update(sending_until=NOW + SENDING_LEASE)
    assert deliver(email.pk, now=NOW + timedelta(seconds=30)) is False
    assert mail.outbox == []
    # Its lease lapsed: the worker is gone, the next delivery sends, once.
    assert deliver(email.pk, now=NOW + SENDING_LEASE) is True
    assert deliver(email.pk, now=NOW + SENDING_LEASE) is False
    assert len(mail.outbox) == 1
    email.refresh_from_db()
    assert email.sending_until is None and email.sent_at == NOW + SENDING_LEASE

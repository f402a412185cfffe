"""One notification, one email: claimed once, sent through the outbox by a task that retries a failing mail server."""

from datetime import timedelta
from smtplib import SMTPException

import pytest
from django.core import mail

from tests.support.flaky_email import FlakyBackend
from tests.support.seasons import paris

NOW = paris(2025, 10, 5, 12)


@pytest.fixture
def notify_anne(players, manche_at):
    from league.notifications import notify

    manche = manche_at(1, paris(2025, 10, 2, 21))

    def send(key="test:one", **extra):
        return notify(
            user=players["anne"],
            key=key,
            template="cr_reminder",
            context={"manche": manche, "season": manche.season, "deadline": paris(2025, 10, 16, 21)},
            url="/saisons/",
            now=NOW,
            **extra,
        )

    return send


@pytest.fixture
def flaky(settings, eager_tasks):
    """A mail server that fails ``flaky.failures_left`` times; eager retries run at once, in turn."""
    settings.EMAIL_BACKEND = "tests.support.flaky_email.FlakyBackend"
    FlakyBackend.attempts = 0
    eager_tasks.conf.task_eager_propagates = False
    yield FlakyBackend
    FlakyBackend.failures_left = 0


def test_a_key_is_claimed_once(notify_anne, django_capture_on_commit_callbacks):
    from accounts.models import OutboxEmail
    from league.models import SiteNotice

    with django_capture_on_commit_callbacks(execute=True):
        assert notify_anne() is True
        assert notify_anne() is False
    assert len(mail.outbox) == 1
    assert SiteNotice.objects.count() == 1
    assert OutboxEmail.objects.get(key="test:one").sent_at is not None


def test_the_email_is_queued_only_when_the_transaction_commits(
    notify_anne, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        notify_anne()
        assert mail.outbox == []
    assert len(callbacks) == 1


def test_a_rolled_back_write_announces_nothing(notify_anne):
    from django.db import transaction

    from accounts.models import OutboxEmail
    from league.models import SentNotification, SiteNotice

    with pytest.raises(RuntimeError), transaction.atomic():
        notify_anne()
        raise RuntimeError("the write failed")
    assert not SentNotification.objects.exists() and not SiteNotice.objects.exists()
    assert not OutboxEmail.objects.exists()


def test_mail_server_failures_are_retried_until_it_accepts(
    flaky, notify_anne, django_capture_on_commit_callbacks
):
    from accounts.models import OutboxEmail

    flaky.failures_left = 2
    with django_capture_on_commit_callbacks(execute=True):
        notify_anne()
    assert flaky.attempts == 3
    assert len(mail.outbox) == 1
    email = OutboxEmail.objects.get()
    assert email.sent_at is not None and email.attempts == 3


def test_an_email_never_sent_is_queued_again_by_the_sweep(
    flaky, notify_anne, django_capture_on_commit_callbacks
):
    from accounts.models import OutboxEmail
    from accounts.services.outbox import requeue_stalled

    flaky.failures_left = 10  # every retry fails: the task gives up
    with django_capture_on_commit_callbacks(execute=True):
        notify_anne()
    assert mail.outbox == [] and OutboxEmail.objects.get().sent_at is None
    flaky.failures_left = 0
    with django_capture_on_commit_callbacks(execute=True):
        assert requeue_stalled(now=NOW + timedelta(minutes=3)) == 0  # its retries may still be running
        assert requeue_stalled(now=NOW + timedelta(minutes=6)) == 1  # within minutes, not half an hour
    assert len(mail.outbox) == 1
    with django_capture_on_commit_callbacks(execute=True):
        assert requeue_stalled(now=NOW + timedelta(hours=1)) == 0


def test_delivering_twice_sends_once(notify_anne, django_capture_on_commit_callbacks):
    from accounts.models import OutboxEmail
    from accounts.services.outbox import deliver

    with django_capture_on_commit_callbacks(execute=False):
        notify_anne()
    email = OutboxEmail.objects.get()
    assert deliver(email.pk, now=NOW) is True
    assert deliver(email.pk, now=NOW) is False
    assert len(mail.outbox) == 1


def test_no_email_for_members_who_turned_it_off_or_have_no_address(
    players, notify_anne, django_capture_on_commit_callbacks
):
    from league.models import SiteNotice

    players["anne"].notify_deadlines = False
    players["anne"].save()
    with django_capture_on_commit_callbacks(execute=True):
        notify_anne(key="a", preference="notify_deadlines")
    players["anne"].notify_deadlines, players["anne"].email = True, ""
    players["anne"].save()
    with django_capture_on_commit_callbacks(execute=True):
        notify_anne(key="b", preference="notify_deadlines")
    assert mail.outbox == []
    assert SiteNotice.objects.count() == 2


def test_send_task_is_late_acked_retried_with_backoff_and_time_limited():
    from accounts.tasks import send_outbox_email
    from league.tasks import sweep_compte_rendu_deadlines

    assert send_outbox_email.name == "accounts.send_outbox_email"
    assert send_outbox_email.acks_late is True
    assert SMTPException in send_outbox_email.autoretry_for
    assert send_outbox_email.retry_backoff and send_outbox_email.max_retries >= 1
    assert send_outbox_email.time_limit and send_outbox_email.soft_time_limit
    assert sweep_compte_rendu_deadlines.name == "league.sweep_compte_rendu_deadlines"
    assert sweep_compte_rendu_deadlines.acks_late and sweep_compte_rendu_deadlines.time_limit


def test_the_beat_schedule_runs_the_sweep_every_15_minutes():
    from config.celery import app

    entry = next(
        e for e in app.conf.beat_schedule.values() if e["task"] == "league.sweep_compte_rendu_deadlines"
    )
    assert entry["schedule"].minute == {0, 15, 30, 45}


def test_the_beat_requeues_stalled_emails_every_few_minutes():
    """Emails lost with a broker restart go out within minutes: the beat runs the requeue every 2 minutes."""
    from config.celery import app

    entry = next(e for e in app.conf.beat_schedule.values() if e["task"] == "accounts.requeue_stalled_emails")
    assert entry["schedule"].minute == set(range(0, 60, 2))

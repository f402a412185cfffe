"""The reminder two days before a manche: to its seated players, once, even if the task runs twice."""

from datetime import datetime, timedelta

import pytest
import time_machine
from django.core import mail

from accounts.models import OutboxEmail
from league.models import Manche, SiteNotice
from league.services.calendar import manche_move
from league.tasks import send_manche_reminders
from tests.support.seasons import PARIS, make_manche, register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]

NIGHT = datetime(2026, 1, 15, 21, 0, tzinfo=PARIS)  # a Thursday of the 2025-2026 season


@pytest.fixture
def manche(season, capitaine):
    return make_manche(season, 7, starts_at=NIGHT, location="Chez Ben", capitaine=capitaine)


@pytest.fixture
def seated(manche, player, members):
    register(manche, player, *members[:5], now=NIGHT - timedelta(days=10))  # members[4] waits
    return [player, *members[:4]]


def run(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return send_manche_reminders()


def test_no_reminder_three_days_ahead(seated, eager_tasks, django_capture_on_commit_callbacks):
    with time_machine.travel(NIGHT - timedelta(days=3), tick=False):
        assert run(django_capture_on_commit_callbacks) == 0
    assert mail.outbox == []


def test_seated_players_are_reminded_two_days_ahead_and_only_once(
    seated, members, eager_tasks, django_capture_on_commit_callbacks
):
    with time_machine.travel(NIGHT - timedelta(days=2) + timedelta(minutes=5), tick=False):
        assert run(django_capture_on_commit_callbacks) == 5
    with time_machine.travel(NIGHT - timedelta(days=1), tick=False):
        assert run(django_capture_on_commit_callbacks) == 0  # the task runs every hour
        assert run(django_capture_on_commit_callbacks) == 0
    assert sorted(m.to[0] for m in mail.outbox) == sorted(p.email for p in seated)
    assert members[4].email not in {m.to[0] for m in mail.outbox}  # waiting, not playing
    assert all("manche 7" in m.subject for m in mail.outbox)
    assert OutboxEmail.objects.filter(key__startswith="manche-reminder:", sent_at__isnull=False).count() == 5


def test_a_member_who_turned_reminders_off_gets_the_site_notice_only(
    seated, player, eager_tasks, django_capture_on_commit_callbacks
):
    player.notify_reminders = False
    player.save()
    with time_machine.travel(NIGHT - timedelta(hours=30), tick=False):
        run(django_capture_on_commit_callbacks)
    assert player.email not in {m.to[0] for m in mail.outbox}
    assert len(mail.outbox) == 4
    assert SiteNotice.objects.filter(recipient=player).count() == 1


def test_a_moved_manche_is_reminded_again_for_its_new_date(
    seated, manche, president, eager_tasks, django_capture_on_commit_callbacks
):
    with time_machine.travel(NIGHT - timedelta(hours=40), tick=False):
        run(django_capture_on_commit_callbacks)
        manche_move(
            by=president, manche=manche, starts_at=NIGHT + timedelta(days=1), now=NIGHT - timedelta(hours=40)
        )
    mail.outbox.clear()
    with time_machine.travel(NIGHT + timedelta(hours=2), tick=False):
        assert run(django_capture_on_commit_callbacks) == 5
    assert len(mail.outbox) == 5


def test_cancelled_manches_are_not_reminded(seated, manche, eager_tasks, django_capture_on_commit_callbacks):
    manche.status = Manche.Status.CANCELLED
    manche.save()
    with time_machine.travel(NIGHT - timedelta(hours=20), tick=False):
        assert run(django_capture_on_commit_callbacks) == 0

"""The reminder and the « manche déplacée » email tell how to withdraw; they say the first of the
waiting list would take the place only when someone waits (as the manche page does)."""

from datetime import datetime, timedelta

import pytest
import time_machine
from django.core import mail

from league.services.calendar import manche_move
from league.tasks import send_manche_reminders
from tests.support.seasons import PARIS, make_manche, register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]

NIGHT = datetime(2026, 1, 15, 21, 0, tzinfo=PARIS)  # a Thursday of the 2025-2026 season
SIGNED_UP = NIGHT - timedelta(days=10)
WAITING_LIST = "le premier de la liste d'attente prendra votre place"
FREED = "Désistez-vous dès maintenant sur la page de la manche pour libérer votre place."
MOVED_WAITING_LIST = "pour laisser la place au premier de la liste d'attente"
MOVED_FREED = "désistez-vous sur la page de la manche pour libérer votre place"


@pytest.fixture
def manche(season, capitaine):
    return make_manche(season, 7, starts_at=NIGHT, location="Chez Ben", capitaine=capitaine)


def remind(django_capture_on_commit_callbacks):
    with time_machine.travel(NIGHT - timedelta(days=1), tick=False):
        with django_capture_on_commit_callbacks(execute=True):
            send_manche_reminders()


def bodies() -> list[str]:
    """Each email's text and HTML parts."""
    return [part for m in mail.outbox for part in (m.body, *(c for c, _type in m.alternatives))]


def test_the_reminder_with_nobody_waiting(
    manche, player, members, eager_tasks, django_capture_on_commit_callbacks
):
    register(manche, player, *members[:3], now=SIGNED_UP)
    remind(django_capture_on_commit_callbacks)
    assert len(mail.outbox) == 4
    assert all(FREED in body and WAITING_LIST not in body for body in bodies())


def test_the_reminder_with_someone_waiting(
    manche, player, members, eager_tasks, django_capture_on_commit_callbacks
):
    register(manche, player, *members[:5], now=SIGNED_UP)  # members[4] waits
    remind(django_capture_on_commit_callbacks)
    assert len(mail.outbox) == 5
    assert all(WAITING_LIST in body and FREED not in body for body in bodies())


@pytest.mark.parametrize(
    ("registered", "said", "not_said"),
    [(4, MOVED_FREED, MOVED_WAITING_LIST), (6, MOVED_WAITING_LIST, MOVED_FREED)],
    ids=["nobody-waiting", "someone-waiting"],
)
def test_the_moved_manche_email(
    manche,
    player,
    members,
    president,
    eager_tasks,
    django_capture_on_commit_callbacks,
    registered,
    said,
    not_said,
):
    register(manche, player, *members[: registered - 1], now=SIGNED_UP)
    with time_machine.travel(SIGNED_UP + timedelta(days=1), tick=False):
        with django_capture_on_commit_callbacks(execute=True):
            manche_move(
                by=president,
                manche=manche,
                starts_at=NIGHT + timedelta(days=1),
                now=SIGNED_UP + timedelta(days=1),
            )
    assert mail.outbox
    assert all(said in body and not_said not in body for body in bodies())

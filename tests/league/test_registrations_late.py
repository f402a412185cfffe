"""Last-minute withdrawals ("désistement de dernière minute"): jeu à 4, then cancellation."""

from datetime import timedelta

import pytest
from django.core import mail

from league.models import Manche, Registration
from league.services.registrations import registration_add, registration_withdraw
from tests.support.seasons import register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


@pytest.fixture
def full_table(open_manche, player, members):
    """Five seated players signed up a week before."""
    return register(open_manche, player, *members[:4], now=open_manche.starts_at - timedelta(days=7))


def on_the_day(manche):
    """18:00 on the day of the manche (Paris)."""
    return manche.starts_at - timedelta(hours=3)


def test_withdrawal_the_day_before_is_not_last_minute(open_manche, full_table):
    the_eve = open_manche.starts_at - timedelta(hours=22)  # 23:00 the day before
    outcome = registration_withdraw(by=full_table[0].player, registration=full_table[0], now=the_eve)
    open_manche.refresh_from_db()
    assert not outcome.late
    assert open_manche.absent is None and open_manche.status == Manche.Status.OPEN


def test_unreplaced_withdrawal_on_the_day_makes_the_manche_played_at_4(open_manche, full_table, season):
    revision = season.revision
    withdrawn = full_table[2].player
    outcome = registration_withdraw(by=withdrawn, registration=full_table[2], now=on_the_day(open_manche))
    open_manche.refresh_from_db()
    season.refresh_from_db()
    assert outcome.late and outcome.played_at_four
    assert open_manche.absent == withdrawn
    assert open_manche.status == Manche.Status.OPEN
    assert Registration.objects.filter(manche=open_manche, seat__isnull=False).count() == 4
    assert season.revision > revision  # the absent player is classified 5th by the engine


def test_withdrawal_after_midnight_paris_time_is_already_last_minute(open_manche, full_table):
    # 00:30 in Paris on the day is still the previous day in UTC.
    just_after_midnight = open_manche.starts_at - timedelta(hours=20, minutes=30)
    outcome = registration_withdraw(by=None, registration=full_table[0], now=just_after_midnight)
    assert outcome.late and outcome.played_at_four


def test_a_waiting_player_takes_the_seat_of_a_last_minute_withdrawal(open_manche, full_table, members):
    registration_add(
        by=None, manche=open_manche, player=members[4], now=on_the_day(open_manche) - timedelta(days=2)
    )
    outcome = registration_withdraw(by=None, registration=full_table[1], now=on_the_day(open_manche))
    open_manche.refresh_from_db()
    assert outcome.late and outcome.promoted == members[4]
    assert not outcome.played_at_four
    assert open_manche.absent is None


def test_a_replacement_signing_up_later_that_day_makes_the_table_five_again(open_manche, full_table, members):
    registration_withdraw(by=None, registration=full_table[1], now=on_the_day(open_manche))
    replacement = registration_add(
        by=members[5], manche=open_manche, player=members[5], now=on_the_day(open_manche) + timedelta(hours=1)
    )
    open_manche.refresh_from_db()
    assert replacement.seat == 2
    assert open_manche.absent is None


def test_two_last_minute_withdrawals_cancel_the_manche_and_email_the_players(
    open_manche, full_table, eager_tasks, django_capture_on_commit_callbacks
):
    first, second = full_table[0].player, full_table[1].player
    registration_withdraw(by=first, registration=full_table[0], now=on_the_day(open_manche))
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        outcome = registration_withdraw(by=second, registration=full_table[1], now=on_the_day(open_manche))
    open_manche.refresh_from_db()
    assert outcome.cancelled
    assert open_manche.status == Manche.Status.CANCELLED
    assert open_manche.absent is None
    assert str(first) in open_manche.cancelled_reason and str(second) in open_manche.cancelled_reason
    remaining = {r.player.email for r in Registration.objects.filter(manche=open_manche)}
    assert {m.to[0] for m in mail.outbox} == remaining
    assert len(remaining) == 3
    assert all("annulée" in m.subject for m in mail.outbox)


def test_after_cancellation_nobody_can_sign_up(open_manche, full_table, members):
    registration_withdraw(by=None, registration=full_table[0], now=on_the_day(open_manche))
    registration_withdraw(by=None, registration=full_table[1], now=on_the_day(open_manche))
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        registration_add(by=None, manche=open_manche, player=members[5], now=on_the_day(open_manche))

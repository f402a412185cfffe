"""The manche emails: signed off with the manche's own weekday (never a hard-coded « À jeudi »),
not sent to the President about his own move unless he plays it, and a cancellation points to
the season's calendar."""

from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from league.models import Registration
from league.services.calendar import manche_cancel, manche_move, manche_reminders_send
from league.services.registrations import registration_withdraw
from league.services.seasons import season_close
from tests.support.mail import links_in
from tests.support.seasons import register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


def sent_to(user):
    return [m for m in mail.outbox if m.to == [user.email]]


def test_the_moved_email_signs_off_with_the_new_day(
    open_manche, president, player, django_capture_on_commit_callbacks
):
    register(open_manche, player)
    mail.outbox.clear()
    saturday = open_manche.starts_at + timedelta(days=2)  # open_manche is a Thursday
    with django_capture_on_commit_callbacks(execute=True):
        manche_move(by=president, manche=open_manche, starts_at=saturday, now=timezone.now())
    (email,) = sent_to(player)
    for body in (email.body, email.alternatives[0][0]):
        assert "À samedi," in body
        assert "À jeudi" not in body


def test_the_reminder_and_the_promotion_sign_off_with_the_manches_day(
    open_manche, president, player, members, django_capture_on_commit_callbacks
):
    tuesday = open_manche.starts_at - timedelta(days=2)
    manche_move(by=president, manche=open_manche, starts_at=tuesday, now=timezone.now())
    regs = register(open_manche, player, *members)  # gilles and hugo wait
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        registration_withdraw(by=player, registration=regs[0], now=timezone.now())
    (promoted,) = sent_to(members[4])
    assert "À mardi," in promoted.body and "À jeudi" not in promoted.body

    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        manche_reminders_send(now=tuesday - timedelta(days=1))
    reminder = sent_to(members[0])[0]
    assert "À mardi, et n'oubliez pas la bière," in reminder.body and "À jeudi" not in reminder.body


def test_the_president_is_not_emailed_about_his_own_move_unless_he_plays_it(
    open_manche, president, player, members, django_capture_on_commit_callbacks
):
    register(open_manche, player, *members[:4], president)  # ben waits
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        manche_move(
            by=president,
            manche=open_manche,
            starts_at=open_manche.starts_at + timedelta(hours=1),
            now=timezone.now(),
        )
    assert sent_to(president) == []
    assert len(sent_to(player)) == 1

    Registration.objects.filter(manche=open_manche, player=player).delete()
    Registration.objects.filter(manche=open_manche, player=president).update(seat=1)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        manche_move(
            by=president,
            manche=open_manche,
            starts_at=open_manche.starts_at + timedelta(hours=2),
            now=timezone.now(),
        )
    assert len(sent_to(president)) == 1  # he plays it: he has it in writing like the others


def test_the_cancellation_email_points_to_the_seasons_calendar(
    open_manche, president, player, django_capture_on_commit_callbacks
):
    register(open_manche, player)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        manche_cancel(by=president, manche=open_manche, reason="L'hôte est malade", now=timezone.now())
    (email,) = sent_to(player)
    calendar = reverse("league:calendar", args=[open_manche.season.name])
    assert links_in(email) == [calendar]
    assert calendar in email.alternatives[0][0]
    assert open_manche.get_absolute_url() not in email.body + email.alternatives[0][0]


def test_the_cancellation_by_the_closing_says_the_season_is_over(
    season, open_manche, president, player, django_capture_on_commit_callbacks
):
    register(open_manche, player)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        season_close(by=president, season=season, now=timezone.now())
    (email,) = sent_to(player)
    assert "La saison est close" in email.body
    assert "vous attend pour la prochaine" not in email.body

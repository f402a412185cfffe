"""Deactivating a member withdraws his sign-ups to the manches still to play, through the
registration-withdrawal service (the first waiting player promoted and emailed); the confirmation
page lists them first; and a waiting player who left is never promoted."""

import html

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from accounts.services.members import member_deactivate
from league.models import Manche, Registration
from league.services.registrations import registration_withdraw
from tests.support.seasons import make_manche, register, thursday_21h

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


def test_deactivating_a_seated_member_gives_his_seat_to_the_first_waiting_player_who_is_emailed(
    president, open_manche, player, members, django_capture_on_commit_callbacks
):
    register(open_manche, player, *members)  # claire…fanny seated with anne, gilles and hugo waiting
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        member_deactivate(by=president, user=player, now=timezone.now())

    assert not Registration.objects.filter(manche=open_manche, player=player).exists()
    promoted = Registration.objects.get(manche=open_manche, player=members[4])
    assert promoted.seat == 1
    assert [m.to for m in mail.outbox] == [[members[4].email]]
    gone = Registration.history.filter(player=player, history_type="-").get()
    assert gone.history_user == president  # the withdrawal is on record, by whom


def test_deactivating_a_member_takes_him_off_waiting_lists_and_ends_his_captaincies(
    president, season, open_manche, capitaine, player, members
):
    register(open_manche, *members[:5], player)  # anne waits
    later = make_manche(
        season, 2, starts_at=thursday_21h(24), status=Manche.Status.PLANNED, capitaine=capitaine
    )
    member_deactivate(by=president, user=player, now=timezone.now())
    member_deactivate(by=president, user=capitaine, now=timezone.now())
    assert not Registration.objects.filter(player=player).exists()
    later.refresh_from_db()
    open_manche.refresh_from_db()
    assert later.capitaine is None and open_manche.capitaine is None


def test_a_waiting_player_who_left_is_never_promoted(open_manche, player, members):
    regs = register(open_manche, player, *members)  # gilles then hugo wait
    members[4].is_active = False  # left before deactivations withdrew sign-ups
    members[4].save()
    outcome = registration_withdraw(by=player, registration=regs[0], now=timezone.now())
    assert outcome.promoted == members[5]
    assert Registration.objects.get(manche=open_manche, player=members[5]).seat == 1
    assert Registration.objects.get(manche=open_manche, player=members[4]).seat is None


def test_the_deactivation_page_lists_the_manches_he_leaves(client, president, open_manche, player, members):
    register(open_manche, player)
    client.force_login(president)
    page = html.unescape(
        client.get(reverse("accounts:member_deactivate", args=[player.username])).content.decode()
    )
    assert "Dans les manches à venir" in page
    assert "Manche 1 (2025-2026)" in page
    assert "sa place à la table est libérée" in page

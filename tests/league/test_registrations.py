"""Sign-ups ("Sélections"): five seats, the waiting list in order, automatic promotion."""

from datetime import timedelta

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from league.models import Manche, Registration
from league.selectors.registrations import waiting, waiting_rank
from league.services.registrations import registration_add, registration_withdraw
from tests.support.seasons import register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


def test_the_first_five_take_seats_1_to_5(open_manche, player, members):
    regs = register(open_manche, player, *members[:4])
    assert [r.seat for r in regs] == [1, 2, 3, 4, 5]


def test_sixth_registrant_is_waitlisted(open_manche, player, members):
    regs = register(open_manche, player, *members[:5])
    assert regs[-1].seat is None
    assert regs[-1].is_waiting
    assert Registration.objects.filter(manche=open_manche, seat__isnull=False).count() == 5


def test_waiting_list_keeps_sign_up_order(open_manche, player, members, make_user):
    extra = make_user("ines")
    register(open_manche, player, *members, extra)
    assert [r.player for r in waiting(open_manche)] == [members[4], members[5], extra]
    assert waiting_rank(Registration.objects.get(manche=open_manche, player=extra)) == 3


def test_a_player_registered_twice_is_refused(open_manche, player):
    register(open_manche, player)
    with pytest.raises(ValidationError) as exc:
        registration_add(by=player, manche=open_manche, player=player, now=timezone.now())
    assert "player" in exc.value.error_dict
    assert Registration.objects.filter(manche=open_manche, player=player).count() == 1


def test_the_database_refuses_a_second_registration_and_a_sixth_seat(open_manche, player, members):
    register(open_manche, player, *members[:4])
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.create(manche=open_manche, player=player, created_at=timezone.now())
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.create(manche=open_manche, player=members[5], seat=6, created_at=timezone.now())
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.create(manche=open_manche, player=members[5], seat=3, created_at=timezone.now())


def test_first_waiting_player_is_promoted_and_emailed_when_a_seat_frees(
    open_manche, player, members, eager_tasks, django_capture_on_commit_callbacks
):
    regs = register(open_manche, player, *members)  # members[4], members[5] wait
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        outcome = registration_withdraw(by=members[1], registration=regs[2], now=timezone.now())
    assert outcome.promoted == members[4]
    promoted = Registration.objects.get(manche=open_manche, player=members[4])
    assert promoted.seat == regs[2].seat == 3
    assert [r.player for r in waiting(open_manche)] == [members[5]]
    assert [m.to for m in mail.outbox] == [[members[4].email]]
    assert "place" in mail.outbox[0].subject


def test_withdrawal_without_waiting_players_frees_the_seat_for_the_next_sign_up(open_manche, player, members):
    regs = register(open_manche, player, *members[:4])
    registration_withdraw(by=player, registration=regs[0], now=timezone.now())
    newcomer = registration_add(by=members[5], manche=open_manche, player=members[5], now=timezone.now())
    assert newcomer.seat == 1


def test_a_waiting_player_who_withdraws_frees_nothing(open_manche, player, members):
    regs = register(open_manche, player, *members)
    outcome = registration_withdraw(by=members[4], registration=regs[5], now=timezone.now())
    assert outcome.promoted is None and not outcome.late
    assert [r.player for r in waiting(open_manche)] == [members[5]]


def test_nobody_jumps_the_waiting_list(open_manche, player, members, make_user):
    regs = register(open_manche, player, *members[:5])  # members[4] waits
    # The President frees a seat while someone waits: the waiting player takes it, not a newcomer.
    registration_withdraw(by=None, registration=regs[1], now=timezone.now())
    late_comer = registration_add(by=None, manche=open_manche, player=make_user("ines"), now=timezone.now())
    assert late_comer.seat is None
    assert Registration.objects.get(manche=open_manche, player=members[4]).seat == 2


def test_no_sign_up_on_a_played_or_cancelled_manche(open_manche, player):
    open_manche.status = Manche.Status.CANCELLED
    open_manche.save()
    with pytest.raises(ValidationError) as exc:
        registration_add(by=player, manche=open_manche, player=player, now=timezone.now())
    assert "manche" in exc.value.error_dict
    assert not Registration.objects.exists()


def test_every_registration_change_is_in_the_history(open_manche, player, members, president):
    regs = register(open_manche, player, *members)
    registration_withdraw(by=president, registration=regs[0], now=timezone.now())
    history = Registration.history.filter(manche_id=open_manche.pk)
    removed = history.get(player_id=player.pk, history_type="-")
    assert removed.history_user == president
    promotion = history.filter(player_id=members[4].pk, history_type="~").get()
    assert promotion.seat == 1
    assert promotion.history_change_reason
    assert history.filter(history_type="+").count() == 7


def test_signup_times_order_the_waiting_list_even_when_created_out_of_order(open_manche, player, members):
    register(open_manche, player, *members[:4])
    now = timezone.now()
    later = registration_add(by=None, manche=open_manche, player=members[4], now=now + timedelta(hours=1))
    earlier = registration_add(by=None, manche=open_manche, player=members[5], now=now)
    assert waiting_rank(earlier) == 1 and waiting_rank(later) == 2

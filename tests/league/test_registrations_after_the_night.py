"""A member's own sign-up changes until the manche's day is over (the club's date).

After it the night is played: a withdrawal would make the table he sat at one
of four, or cancel the manche. The President still changes the table (who came
and who did not); a member deactivated then keeps the seat of the night he played.
"""

from datetime import timedelta

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.urls import reverse

from accounts.services.members import member_deactivate
from league.models import Manche, Registration
from league.rules import calendar as cal
from league.services.registrations import registration_add, registration_withdraw
from tests.support.seasons import paris, register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


@pytest.fixture
def full_table(open_manche, player, members):
    """Five seated players signed up a week before."""
    return register(open_manche, player, *members[:4], now=open_manche.starts_at - timedelta(days=7))


def next_morning(manche):
    """10:00 (Paris) the day after the manche."""
    return manche.starts_at + timedelta(hours=13)


def test_the_day_is_over_at_midnight_in_the_clubs_calendar():
    night = paris(2026, 3, 19, 21)
    assert not cal.day_over(paris(2026, 3, 19, 23, 59), night)
    assert cal.day_over(paris(2026, 3, 20, 0, 0), night)  # 23:00 UTC: still the 19th in UTC
    assert cal.day_start(paris(2026, 3, 20, 0, 30)) == paris(2026, 3, 20, 0, 0)


def test_a_member_no_longer_withdraws_once_the_manches_day_is_over(open_manche, full_table):
    mine = full_table[2]
    with pytest.raises(ValidationError) as refused:
        registration_withdraw(by=mine.player, registration=mine, now=next_morning(open_manche))
    assert "est passée : votre inscription n'y change plus" in str(refused.value.message_dict["manche"])
    open_manche.refresh_from_db()
    assert Registration.objects.filter(pk=mine.pk, seat=3).exists()
    assert open_manche.absent is None and open_manche.status == Manche.Status.OPEN


def test_on_the_night_itself_a_member_still_withdraws_at_the_last_minute(open_manche, full_table):
    late_evening = open_manche.starts_at + timedelta(hours=2, minutes=30)  # 23:30 the same day
    outcome = registration_withdraw(by=full_table[0].player, registration=full_table[0], now=late_evening)
    assert outcome.late and outcome.played_at_four


def test_a_member_no_longer_signs_up_once_the_manches_day_is_over(open_manche, make_user):
    latecomer = make_user("ines")
    with pytest.raises(ValidationError):
        registration_add(by=latecomer, manche=open_manche, player=latecomer, now=next_morning(open_manche))
    assert not Registration.objects.filter(manche=open_manche).exists()


def test_the_president_still_says_who_came_after_the_night(open_manche, full_table, president):
    outcome = registration_withdraw(by=president, registration=full_table[4], now=next_morning(open_manche))
    open_manche.refresh_from_db()
    assert outcome.played_at_four and open_manche.absent == full_table[4].player


def test_the_manche_page_offers_a_member_no_change_after_the_night(
    client, open_manche, full_table, make_user
):
    page = reverse("league:manche_detail", args=[open_manche.season.name, open_manche.number])
    withdraw = reverse("league:registration_withdraw", args=[open_manche.season.name, open_manche.number])
    register_url = reverse("league:registration_add", args=[open_manche.season.name, open_manche.number])
    with time_machine.travel(open_manche.starts_at - timedelta(hours=3), tick=False):
        client.force_login(full_table[0].player)
        assert withdraw in client.get(page).content.decode()
    with time_machine.travel(next_morning(open_manche), tick=False):
        client.force_login(full_table[0].player)
        html = client.get(page).content.decode()
        assert withdraw not in html and "Vous aviez une place à cette table." in html
        assert "La manche est passée : les inscriptions n'y changent plus" in html
        client.force_login(make_user("ines"))
        assert register_url not in client.get(page).content.decode()


def test_a_member_deactivated_after_the_night_keeps_the_seat_he_played(open_manche, full_table, president):
    member_deactivate(by=president, user=full_table[1].player, now=next_morning(open_manche))
    open_manche.refresh_from_db()
    assert Registration.objects.filter(pk=full_table[1].pk).exists()
    assert open_manche.absent is None and open_manche.status == Manche.Status.OPEN

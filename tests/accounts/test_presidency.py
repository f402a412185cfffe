"""The intronisation hands the presidency over; the President designates his Vice-President."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from accounts import roles
from accounts.models import Mandate
from accounts.services.offices import presidency_hand_over, vice_president_designate

pytestmark = pytest.mark.django_db


def test_intronisation_hands_the_office_over(president, player):
    now = timezone.now()
    mandate = presidency_hand_over(by=president, to=player, now=now)

    assert roles.current_president() == player
    assert mandate.appointed_by == president and mandate.started_at == now
    old = Mandate.objects.get(user=president, role=Mandate.Role.PRESIDENT)
    assert old.ended_at == now
    assert not roles.is_club_president(president) and not roles.is_club_officer(president)


def test_the_vice_president_made_president_leaves_the_vice_presidency(president, player):
    vice_president_designate(by=president, user=player, now=timezone.now())
    presidency_hand_over(by=president, to=player, now=timezone.now())
    assert roles.current_president() == player
    assert roles.current_vice_president() is None


def test_an_inactive_member_cannot_be_intronised(president, player):
    player.is_active = False
    player.save()
    with pytest.raises(ValidationError):
        presidency_hand_over(by=president, to=player, now=timezone.now())
    assert roles.current_president() == president


def test_designating_a_vice_president_replaces_the_previous_one(president, player, capitaine):
    vice_president_designate(by=president, user=player, now=timezone.now())
    vice_president_designate(by=president, user=capitaine, now=timezone.now())
    assert roles.current_vice_president() == capitaine
    assert Mandate.objects.get(user=player).ended_at is not None


def test_the_vice_presidency_can_be_left_empty(president, player):
    vice_president_designate(by=president, user=player, now=timezone.now())
    vice_president_designate(by=president, user=None, now=timezone.now())
    assert roles.current_vice_president() is None


def test_the_president_cannot_be_his_own_vice_president(president):
    with pytest.raises(ValidationError):
        vice_president_designate(by=president, user=president, now=timezone.now())
    assert roles.current_vice_president() is None


def test_officer_page_hands_over_the_presidency(client, president, player):
    client.force_login(president)
    page = client.get(reverse("accounts:offices"))
    assert page.status_code == 200 and "Introniser" in page.content.decode()

    response = client.post(
        reverse("accounts:offices"), {"action": "hand_over", "to": player.pk, "confirm": "on"}
    )

    assert response.status_code == 302
    assert roles.current_president() == player
    assert Mandate.objects.get(user=player, ended_at__isnull=True).appointed_by == president


def test_hand_over_needs_the_confirmation_box(client, president, player):
    client.force_login(president)
    response = client.post(reverse("accounts:offices"), {"action": "hand_over", "to": player.pk})
    assert response.status_code == 200
    assert roles.current_president() == president


def test_officer_page_designates_the_vice_president(client, president, player):
    client.force_login(president)
    client.post(reverse("accounts:offices"), {"action": "vice_president", "user": player.pk})
    assert roles.current_vice_president() == player
    client.post(reverse("accounts:offices"), {"action": "vice_president", "user": ""})
    assert roles.current_vice_president() is None


def test_only_the_president_uses_the_officer_page(client, president, player, capitaine):
    vice_president_designate(by=president, user=player, now=timezone.now())
    for user in (player, capitaine):
        client.force_login(user)
        assert client.get(reverse("accounts:offices")).status_code == 403
        client.post(reverse("accounts:offices"), {"action": "hand_over", "to": user.pk, "confirm": "on"})
    assert roles.current_president() == president


def test_the_intronisation_is_audited(client, president, player):
    client.force_login(president)
    client.post(reverse("accounts:offices"), {"action": "hand_over", "to": player.pk, "confirm": "on"})
    new = Mandate.objects.get(user=player, ended_at__isnull=True)
    assert new.history.latest().history_user == president


def test_create_president_command_still_creates_the_first_president(db):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command(
        "create_president", "ben", "--email", "ben@example.org", "--password", "x-long-99", stdout=out
    )
    assert roles.current_president().username == "ben"
    assert "ben" in out.getvalue()


def test_within_one_request_the_offices_are_read_once(president, player, django_assert_num_queries):
    with roles.offices_read_once():
        with django_assert_num_queries(1):
            for _ in range(3):
                assert roles.is_club_president(president) and roles.is_club_officer(president)


def test_a_hand_over_during_a_request_is_seen_by_the_checks_after_it(president, player):
    with roles.offices_read_once():
        assert roles.is_club_president(president) and not roles.is_club_officer(player)
        presidency_hand_over(by=president, to=player, now=timezone.now())
        assert roles.is_club_president(player) and not roles.is_club_officer(president)
        vice_president_designate(by=player, user=president, now=timezone.now())
        assert roles.is_club_officer(president) and not roles.is_club_president(president)

"""Every registration write is checked on the server: a player signs up or withdraws only himself."""

import pytest
from django.urls import reverse

from league.models import Manche, Registration
from tests.support.seasons import register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


def url(manche, name):
    return reverse(f"league:{name}", args=[manche.season.name, manche.number])


def test_a_signed_in_player_signs_himself_up(client, open_manche, player):
    client.force_login(player)
    response = client.post(url(open_manche, "registration_add"))
    assert response.status_code == 302
    assert Registration.objects.get(manche=open_manche).player == player


def test_an_anonymous_visitor_is_sent_to_sign_in_and_nothing_changes(client, open_manche):
    response = client.post(url(open_manche, "registration_add"))
    assert response.status_code == 302 and reverse("accounts:login") in response["Location"]
    assert not Registration.objects.exists()


def test_a_player_cannot_sign_up_someone_else_with_a_tampered_id(client, open_manche, player, members):
    client.force_login(player)
    response = client.post(url(open_manche, "registration_add"), {"player": members[0].pk})
    assert response.status_code == 403
    assert not Registration.objects.exists()


def test_a_player_cannot_withdraw_someone_else(client, open_manche, player, members):
    register(open_manche, members[0])
    client.force_login(player)
    response = client.post(url(open_manche, "registration_withdraw"), {"player": members[0].pk})
    assert response.status_code == 403
    assert Registration.objects.filter(player=members[0]).exists()


def test_a_garbage_player_id_is_refused(client, open_manche, player):
    client.force_login(player)
    response = client.post(url(open_manche, "registration_add"), {"player": "1 OR 1=1"})
    assert response.status_code == 403
    assert not Registration.objects.exists()


def test_a_player_withdraws_himself(client, open_manche, player):
    register(open_manche, player)
    client.force_login(player)
    response = client.post(url(open_manche, "registration_withdraw"))
    assert response.status_code == 302
    assert not Registration.objects.exists()


def test_self_sign_up_waits_for_the_president_to_open_registrations(client, open_manche, player):
    open_manche.status = Manche.Status.PLANNED
    open_manche.save()
    client.force_login(player)
    client.post(url(open_manche, "registration_add"))
    assert not Registration.objects.exists()


def test_the_president_registers_and_removes_anyone(client, open_manche, president, player):
    open_manche.status = Manche.Status.PLANNED  # even before registrations open
    open_manche.save()
    client.force_login(president)
    client.post(url(open_manche, "registration_add"), {"player": player.pk})
    registration = Registration.objects.get(manche=open_manche)
    assert registration.player == player
    assert registration.history.first().history_user == president
    client.post(url(open_manche, "registration_withdraw"), {"player": player.pk})
    assert not Registration.objects.exists()


def test_the_vice_president_of_the_season_acts_for_the_president(
    client, open_manche, season, player, members
):
    season.vice_president = members[0]
    season.save()
    client.force_login(members[0])
    client.post(url(open_manche, "registration_add"), {"player": player.pk})
    assert Registration.objects.filter(player=player).exists()


def test_the_capitaine_cannot_register_others(client, open_manche, capitaine, player):
    client.force_login(capitaine)
    response = client.post(url(open_manche, "registration_add"), {"player": player.pk})
    assert response.status_code == 403
    assert not Registration.objects.exists()


def test_htmx_sign_up_returns_the_refreshed_table_section(client, open_manche, player):
    client.force_login(player)
    response = client.post(url(open_manche, "registration_add"), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    body = response.content.decode()
    assert 'id="manche-table"' in body
    assert "1/5" in body
    assert "<html" not in body

"""A player created by a season import claims his account: same user, same history."""

import pytest
from django.urls import reverse

from accounts.models import Invitation, Mandate, User
from tests.support.mail import link_in

pytestmark = pytest.mark.django_db
PASSWORD = "tres-long-mot-de-passe-42"


def test_invitation_under_an_imported_short_id_links_to_the_existing_player(
    client, president, imported_player, mailoutbox
):
    client.force_login(president)
    client.post(
        reverse("accounts:invite"),
        {"display_name": "Gérard", "username": "gege", "email": "gege@example.org"},
    )

    invitation = Invitation.objects.get()
    assert invitation.user == imported_player and invitation.claim
    assert "votre compte vous attend" in mailoutbox[0].subject
    assert "historique" in mailoutbox[0].body


def test_claiming_reopens_the_same_account_with_its_history(client, president, imported_player, mailoutbox):
    # Something the player "did" before he had a password: a past office, kept by id.
    past = Mandate.objects.create(
        user=imported_player,
        role=Mandate.Role.VICE_PRESIDENT,
        started_at="2010-01-01T00:00Z",
        ended_at="2011-01-01T00:00Z",
    )
    client.force_login(president)
    client.post(
        reverse("accounts:invite"), {"display_name": "Gégé", "username": "gege", "email": "gege@example.org"}
    )
    client.logout()
    users_before = User.objects.count()

    path = link_in(mailoutbox[0], "/comptes/invitation/")
    page = client.get(path).content.decode()
    assert "reprendre votre compte" in page
    response = client.post(
        path, {"display_name": "Gégé", "new_password1": PASSWORD, "new_password2": PASSWORD}
    )

    assert response.status_code == 302
    assert User.objects.count() == users_before
    claimed = User.objects.get(pk=imported_player.pk)
    assert claimed.username == "gege" and claimed.is_active and claimed.check_password(PASSWORD)
    assert claimed.email == "gege@example.org" and claimed.first_season == "2009-2010"
    assert Mandate.objects.get(pk=past.pk).user_id == imported_player.pk
    assert int(client.session["_auth_user_id"]) == imported_player.pk


def test_invitation_to_the_address_of_an_imported_player_claims_him(client, president, imported_player):
    imported_player.email = "gege@example.org"
    imported_player.save()
    client.force_login(president)
    client.post(
        reverse("accounts:invite"), {"display_name": "G", "username": "gerard", "email": "gege@example.org"}
    )

    invitation = Invitation.objects.get()
    assert invitation.user == imported_player
    assert invitation.username == "gege"


def test_imported_players_have_a_claim_button_for_the_president(client, president, imported_player):
    client.force_login(president)
    page = client.get(reverse("accounts:member_admin")).content.decode()
    assert "Inviter à reprendre son compte" in page
    assert "username=gege" in page


def test_imported_player_cannot_sign_in_before_claiming(client, imported_player):
    response = client.post(reverse("accounts:login"), {"username": "gege", "password": ""})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session

"""The President invites a player by email; the link opens his account once."""

import html
import re
from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse

from accounts import tokens
from accounts.models import Invitation, User
from tests.support.mail import link_in

pytestmark = pytest.mark.django_db

INVITE = {"display_name": "Fifi", "username": "fifi", "email": "fifi@example.org"}
PASSWORD = "tres-long-mot-de-passe-42"


def main_part(response) -> str:
    """The page's own content, without the layout (which echoes the path and a CSRF token)."""
    return re.search(r"<main.*</main>", response.content.decode(), re.S).group(0)


def last_message(response) -> str:
    return [str(m) for m in response.wsgi_request._messages][-1]


def invite(client, president, **data):
    client.force_login(president)
    return client.post(reverse("accounts:invite"), {**INVITE, **data})


def accept(client, path, password=PASSWORD, display_name="Fifi"):
    return client.post(
        path, {"display_name": display_name, "new_password1": password, "new_password2": password}
    )


def test_president_invitation_sends_a_single_use_link(client, president, mailoutbox):
    response = invite(client, president)

    assert response.status_code == 302
    invitation = Invitation.objects.get()
    assert (invitation.username, invitation.email, invitation.created_by) == (
        "fifi",
        "fifi@example.org",
        president,
    )
    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == ["fifi@example.org"]
    assert "invité" in mail.subject
    assert "Bonjour Fifi" in mail.body and "fifi" in mail.body
    assert mail.alternatives and "Rejoindre le club" in mail.alternatives[0][0]
    assert link_in(mail, "/comptes/invitation/")


def test_only_the_hash_of_the_token_is_stored(client, president, mailoutbox):
    invite(client, president)
    token = link_in(mailoutbox[0], "/comptes/invitation/").rstrip("/").rsplit("/", 1)[1]

    invitation = Invitation.objects.get()
    assert invitation.token_hash == tokens.hash_token(token)
    assert token not in invitation.token_hash
    assert not Invitation.objects.filter(token_hash=token).exists()


def test_invited_player_joins_from_the_email_alone_and_lands_on_his_profile(client, president, mailoutbox):
    invite(client, president)
    client.logout()
    path = link_in(mailoutbox[0], "/comptes/invitation/")

    page = client.get(path, HTTP_USER_AGENT="Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")
    assert page.status_code == 200
    assert "Bienvenue, Fifi" in page.content.decode()
    assert 'name="viewport"' in page.content.decode()

    response = accept(client, path, display_name="Fifi la Science")

    assert response.status_code == 302 and response.url == reverse("accounts:profile")
    user = User.objects.get(username="fifi")
    assert user.is_active and user.check_password(PASSWORD)
    assert user.email == "fifi@example.org" and user.display_name == "Fifi la Science"
    profile = client.get(response.url)
    assert profile.status_code == 200 and profile.context["user"] == user
    assert Invitation.objects.get().used_at is not None


def test_used_invitation_link_cannot_serve_again(client, president, mailoutbox):
    invite(client, president)
    client.logout()
    path = link_in(mailoutbox[0], "/comptes/invitation/")
    accept(client, path)
    client.logout()

    again = client.get(path)
    assert "plus valable" in again.content.decode()
    reuse = accept(client, path, password="un-autre-mot-de-passe-99")
    assert "plus valable" in reuse.content.decode()
    assert User.objects.get(username="fifi").check_password(PASSWORD)


def test_expired_invitation_link_is_refused(client, president, mailoutbox, settings):
    settings.INVITATION_VALID_DAYS = 3
    invite(client, president)
    client.logout()
    path = link_in(mailoutbox[0], "/comptes/invitation/")

    with time_machine.travel(timedelta(days=3, minutes=1)):
        assert "plus valable" in client.get(path).content.decode()
        accept(client, path)
    assert not User.objects.filter(username="fifi").exists()


def test_invitation_is_valid_for_the_configured_days(client, president, settings):
    settings.INVITATION_VALID_DAYS = 10
    invite(client, president)
    invitation = Invitation.objects.get()
    assert invitation.expires_at - invitation.created_at == timedelta(days=10)


def test_revoked_invitation_link_is_refused(client, president, mailoutbox):
    invite(client, president)
    invitation = Invitation.objects.get()
    client.post(reverse("accounts:invitation_revoke", args=[invitation.pk]))
    client.logout()

    path = link_in(mailoutbox[0], "/comptes/invitation/")
    assert "plus valable" in client.get(path).content.decode()
    invitation.refresh_from_db()
    assert invitation.revoked_at is not None


def test_resend_replaces_the_link_and_renews_the_validity(client, president, mailoutbox):
    with time_machine.travel("2026-01-05 20:00 +0100"):
        invite(client, president)
    first_link = link_in(mailoutbox[0], "/comptes/invitation/")
    invitation = Invitation.objects.get()

    with time_machine.travel("2026-01-20 20:00 +0100"):
        client.force_login(president)
        client.post(reverse("accounts:invitation_resend", args=[invitation.pk]))
        second_link = link_in(mailoutbox[1], "/comptes/invitation/")
        assert second_link != first_link
        assert "plus valable" in client.get(first_link).content.decode()
        client.logout()
        assert "Bienvenue" in client.get(second_link).content.decode()
    invitation.refresh_from_db()
    assert invitation.expires_at.date().isoformat() == "2026-01-27"


def test_unknown_expired_and_used_links_look_the_same(client, president, mailoutbox):
    invite(client, president)
    client.logout()
    path = link_in(mailoutbox[0], "/comptes/invitation/")
    accept(client, path)
    client.logout()

    used = client.get(path)
    unknown = client.get(reverse("accounts:invitation_accept", args=["nimportequoi"]))
    assert used.status_code == unknown.status_code == 200
    assert main_part(used) == main_part(unknown)


@pytest.mark.parametrize("email", ["anne@example.org", "ANNE@example.org"])
def test_inviting_a_members_address_names_him_at_the_email_field_and_sends_nothing(
    client, president, player, mailoutbox, email
):
    """The officer sees the members' addresses anyway: he is told whose it is, not “C'est envoyé”."""
    response = invite(client, president, display_name="Nouveau", username="nouveau", email=email)

    assert response.status_code == 200
    errors = response.context["form"].errors["email"]
    assert errors == ["Cette adresse est déjà celle d'un membre, Anne : aucune invitation n'a été envoyée."]
    assert not list(response.wsgi_request._messages)
    assert not Invitation.objects.exists()
    assert mailoutbox == []


def test_short_id_of_an_active_member_is_refused(client, president, player):
    response = invite(client, president, username="anne", email="autre@example.org")
    assert response.status_code == 200
    assert "déjà celui d'un membre actif" in html.unescape(response.content.decode())
    assert not Invitation.objects.exists()


def test_a_new_invitation_replaces_the_pending_one(client, president, mailoutbox):
    invite(client, president)
    invite(client, president, display_name="Fifi bis")
    first, second = Invitation.objects.order_by("created_at", "pk")
    assert first.revoked_at is not None and second.revoked_at is None
    client.logout()
    assert "plus valable" in client.get(link_in(mailoutbox[0], "/comptes/invitation/")).content.decode()


@pytest.mark.parametrize("who", ["player", "anonymous"])
def test_only_club_officers_invite(client, player, who):
    if who == "player":
        client.force_login(player)
    response = client.post(reverse("accounts:invite"), INVITE)
    assert response.status_code == (403 if who == "player" else 302)
    assert not Invitation.objects.exists()


def test_the_vice_president_may_invite(client, vice_president):
    client.force_login(vice_president)
    client.post(reverse("accounts:invite"), INVITE)
    assert Invitation.objects.get().created_by == vice_president


def test_invitations_are_listed_with_their_state_for_the_president(client, president):
    invite(client, president)
    invite(client, president, display_name="Lulu", username="lulu", email="lulu@example.org")
    Invitation.objects.filter(username="lulu").update(
        revoked_at=Invitation.objects.get(username="lulu").created_at
    )

    desk = client.get(reverse("accounts:membership")).content.decode()
    assert "Fifi" in desk and "Renvoyer" in desk and "Révoquer" in desk
    full = client.get(reverse("accounts:invitation_list")).content.decode()
    assert "Lulu" in full and "Révoquée" in full


def test_invitation_changes_are_audited(client, president):
    invite(client, president)
    invitation = Invitation.objects.get()
    client.post(reverse("accounts:invitation_revoke", args=[invitation.pk]))

    records = list(invitation.history.order_by("history_date"))
    assert [r.history_type for r in records] == ["+", "~"]
    assert all(r.history_user == president for r in records)
    assert records[-1].history_change_reason == "invitation révoquée"
    assert not hasattr(records[0], "token_hash")

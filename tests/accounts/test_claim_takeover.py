"""Taking back an account that ever had a password needs the President, and its old address is told.

The Vice-President could deactivate ``jm``, invite ``jm`` at a new address
and accept: ``jm``'s account, history intact, changed hands and his old
address was told nothing.
"""

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import Invitation
from accounts.services.members import member_deactivate

pytestmark = pytest.mark.django_db


@pytest.fixture
def jm(make_user, president):
    user = make_user("jm", display_name="Jean-Marc")
    member_deactivate(by=president, user=user, now=timezone.now())
    return user


def _invite(client, by, email="pirate@example.org", username="jm"):
    client.force_login(by)
    return client.post(
        reverse("accounts:invite"), {"display_name": "JM", "username": username, "email": email}
    )


def test_the_vice_president_cannot_hand_a_used_account_to_a_new_address(
    client, vice_president, jm, mailoutbox
):
    response = _invite(client, vice_president)
    assert "seul le Président" in response.content.decode()
    assert not Invitation.objects.exists() and not mailoutbox


def test_the_president_can_and_the_old_address_is_told(client, president, jm, mailoutbox):
    _invite(client, president, email="jm.nouveau@example.org")
    assert Invitation.objects.get().claim
    notice = next(m for m in mailoutbox if m.to == [jm.email])
    assert "jm.nouveau@example.org" in notice.body and "révoquer" in notice.body


def test_an_imported_player_without_password_is_still_invited_by_the_vice_president(
    client, vice_president, imported_player, mailoutbox
):
    _invite(client, vice_president, email="gege@example.org", username="gege")
    assert Invitation.objects.get().user == imported_player

"""Emails a visitor can make the site send are bounded: 3 an hour per address, 10 per client.

15 password-reset requests for one address sent 15 emails; 10 join requests
with a member's address sent 10 “vous êtes déjà membre”. The page answers
the same each time; only the emails stop.
"""

import pytest
from django.urls import reverse

from accounts.email_throttle import PER_ADDRESS, PER_CLIENT

pytestmark = pytest.mark.django_db


def test_password_resets_for_one_address_send_three_emails_an_hour(client, player, mailoutbox):
    for _ in range(15):
        response = client.post(reverse("accounts:password_reset"), {"email": player.email})
        assert response.status_code == 302
    assert len(mailoutbox) == PER_ADDRESS


def test_join_requests_with_a_members_address_send_three_reminders_an_hour(client, player, mailoutbox):
    for _ in range(10):
        client.post(reverse("accounts:join"), {"name": "X", "email": player.email, "message": ""})
    assert len(mailoutbox) == PER_ADDRESS
    assert all(m.to == [player.email] for m in mailoutbox)


def test_one_client_cannot_spray_many_addresses(client, make_user, mailoutbox):
    users = [make_user(f"m{k}") for k in range(PER_CLIENT + 5)]
    for user in users:
        client.post(reverse("accounts:password_reset"), {"email": user.email}, REMOTE_ADDR="198.51.100.9")
    assert len(mailoutbox) == PER_CLIENT


def test_the_reset_email_keeps_apostrophes(client, make_user, mailoutbox):
    user = make_user("jm", display_name="Jean d'Arc")
    client.post(reverse("accounts:password_reset"), {"email": user.email})
    assert "d'Arc" in mailoutbox[0].body and "&#x27;" not in mailoutbox[0].body + mailoutbox[0].subject

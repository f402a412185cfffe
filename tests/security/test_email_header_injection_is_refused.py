"""A name or an address carrying CR/LF cannot add headers (Bcc, a second To…) to the club's emails.

Each real sending path is driven through its page with an injected value;
the request must neither crash (BadHeaderError) nor send a message with an
extra header or recipient: the value is refused by the form or flattened
onto one line before sending.
"""

import email
import email.policy

import pytest
from django.core import mail
from django.urls import reverse

EVIL = "evil@attacker.example"
INJECTIONS = [
    f"Hugo\r\nBcc: {EVIL}",
    f"Hugo\nBcc: {EVIL}",
    f"Hugo\rCc: {EVIL}",
    "Hugo\r\n\r\nInjected body",
    f"Hugo%0d%0aBcc: {EVIL}",
]


def assert_no_injected_header():
    """Every sent message, read back as a mail client would, has only its own headers and recipients."""
    for message in mail.outbox:
        recipients = message.recipients() + list(message.reply_to)
        assert EVIL not in " ".join(recipients), f"{EVIL} got {message.subject!r}"
        assert "\n" not in message.subject and "\r" not in message.subject, message.subject
        raw = message.message().as_bytes()  # raises BadHeaderError on CR/LF in a header
        parsed = email.message_from_bytes(raw, policy=email.policy.default)
        assert parsed["Bcc"] is None and parsed["Cc"] is None, (parsed["Bcc"], parsed["Cc"])
        for header, value in parsed.items():
            assert EVIL not in str(value) or header == "Subject", (header, value)
        assert len(parsed.get_all("To")) == 1


@pytest.fixture
def president(make_user):
    from django.utils import timezone

    from accounts.services.offices import presidency_hand_over

    user = make_user("ben", display_name="Benoît")
    presidency_hand_over(by=None, to=user, now=timezone.now())
    return user


@pytest.mark.parametrize("injection", INJECTIONS)
def test_join_request_name_cannot_inject_headers(client, president, injection):
    response = client.post(
        reverse("accounts:join"), {"name": injection, "email": "hugo@example.org", "message": injection}
    )
    assert response.status_code in (200, 302)
    assert_no_injected_header()


@pytest.mark.parametrize("injection", INJECTIONS)
def test_invitation_name_cannot_inject_headers(client, president, injection):
    client.force_login(president)
    response = client.post(
        reverse("accounts:invite"),
        {"display_name": injection, "username": "hugo", "email": "hugo@example.org"},
    )
    assert response.status_code in (200, 302)
    assert_no_injected_header()


@pytest.mark.parametrize("address", [f"anne@example.org\r\nBcc: {EVIL}", f"anne@example.org\nTo: {EVIL}"])
def test_password_reset_address_cannot_inject_headers(client, make_user, address):
    make_user("anne")
    response = client.post(reverse("accounts:password_reset"), {"email": address})
    assert response.status_code in (200, 302)
    assert_no_injected_header()


@pytest.mark.parametrize("address", [f"new@example.org\r\nBcc: {EVIL}", f"new@example.org\nCc: {EVIL}"])
def test_email_change_address_cannot_inject_headers(client, make_user, address):
    anne = make_user("anne")
    client.force_login(anne)
    response = client.post(reverse("accounts:email_change"), {"new_email": address, "password": "pw-anne"})
    assert response.status_code in (200, 302)
    assert_no_injected_header()


@pytest.mark.parametrize("injection", INJECTIONS[:3])
def test_display_name_in_notification_subjects_cannot_inject_headers(world, injection):
    """A member's display name goes into subjects (compte-rendu posted, malus): it stays on one line.

    Through the league's one notification path: ``notify`` renders the email
    into the outbox, ``deliver`` (what the Celery task runs) sends it.
    """
    from accounts.models import OutboxEmail
    from accounts.services.outbox import deliver
    from league.notifications import notify

    world.anne.display_name = injection
    world.anne.save()
    notify(
        user=world.ben,
        key="security:header-injection",
        template="cr_posted",
        context={"manche": world.played, "cr": world.compte_rendu, "season": world.season},
        now=world.now,
    )
    email = OutboxEmail.objects.get(key="security:header-injection")
    assert "\n" not in email.subject and "\r" not in email.subject
    assert deliver(email.pk, now=world.now)
    assert len(mail.outbox) == 1
    assert_no_injected_header()


def test_the_check_catches_an_injected_recipient():
    """The control: a message that did carry the injected Bcc is caught."""
    mail.outbox = []
    message = mail.EmailMessage("Hi", "body", "club@example.org", ["anne@example.org"], bcc=[EVIL])
    mail.outbox.append(message)
    with pytest.raises(AssertionError):
        assert_no_injected_header()
    mail.outbox = []

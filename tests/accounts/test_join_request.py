"""A visitor asks to join; the request waits for the President's decision."""

import pytest
from django.urls import reverse

from accounts.models import Invitation, JoinRequest, User
from tests.support.mail import link_in

pytestmark = pytest.mark.django_db
REQUEST = {"name": "Lucien Martin", "email": "lucien@example.org", "message": "Je joue depuis vingt ans."}
PASSWORD = "tres-long-mot-de-passe-42"


def test_visitor_request_is_filed_and_both_sides_are_told(client, president, mailoutbox):
    response = client.post(reverse("accounts:join"), REQUEST)

    assert response.status_code == 302 and response.url == reverse("accounts:join_sent")
    request = JoinRequest.objects.get()
    assert request.is_pending and request.approved is None
    to_requester, to_president = mailoutbox
    assert to_requester.to == ["lucien@example.org"] and "bien arrivée" in to_requester.subject
    assert "Bonjour Lucien Martin" in to_requester.body
    assert to_president.to == [president.email] and "Lucien Martin" in to_president.subject
    assert "vingt ans" in to_president.body and to_president.reply_to == ["lucien@example.org"]
    assert link_in(to_president, "/comptes/presidence/")


def test_the_vice_president_is_told_too(client, president, vice_president, mailoutbox):
    client.post(reverse("accounts:join"), REQUEST)
    assert sorted(mailoutbox[1].to) == sorted([president.email, vice_president.email])


def test_join_page_does_not_reveal_a_registered_address(client, president, player, mailoutbox):
    fresh = client.post(reverse("accounts:join"), REQUEST)
    known = client.post(reverse("accounts:join"), {**REQUEST, "email": player.email.upper()})

    assert fresh.status_code == known.status_code == 302 and fresh.url == known.url
    assert JoinRequest.objects.count() == 1
    assert mailoutbox[-1].to == [player.email] and "déjà membre" in mailoutbox[-1].subject


def test_a_second_request_while_one_waits_is_not_filed_twice(client, president, mailoutbox):
    client.post(reverse("accounts:join"), REQUEST)
    client.post(reverse("accounts:join"), REQUEST)
    assert JoinRequest.objects.count() == 1
    assert len(mailoutbox) == 2


def test_robots_filling_the_hidden_field_are_dropped_quietly(client, president, mailoutbox):
    response = client.post(reverse("accounts:join"), {**REQUEST, "website": "http://spam.example"})
    assert response.status_code == 302
    assert not JoinRequest.objects.exists() and not mailoutbox


def test_approved_request_sends_the_invitation_and_the_requester_joins(client, president, mailoutbox):
    client.post(reverse("accounts:join"), REQUEST)
    request = JoinRequest.objects.get()
    mailoutbox.clear()
    client.force_login(president)

    form = client.get(reverse("accounts:join_request_approve", args=[request.pk]))
    assert form.context["form"].initial["username"] == "lucien"
    client.post(
        reverse("accounts:join_request_approve", args=[request.pk]),
        {"username": "lulu", "display_name": "Lucien"},
    )

    request.refresh_from_db()
    assert request.approved is True and request.decided_by == president and request.decided_at
    assert request.invitation == Invitation.objects.get(username="lulu")
    (mail,) = mailoutbox
    assert mail.to == ["lucien@example.org"] and "bienvenue" in mail.subject.lower()
    client.logout()
    path = link_in(mail, "/comptes/invitation/")
    client.post(path, {"display_name": "Lucien", "new_password1": PASSWORD, "new_password2": PASSWORD})
    assert User.objects.get(username="lulu").check_password(PASSWORD)


def test_refused_request_is_closed_without_an_account(client, president):
    client.post(reverse("accounts:join"), REQUEST)
    request = JoinRequest.objects.get()
    client.force_login(president)
    client.post(reverse("accounts:join_request_refuse", args=[request.pk]))

    request.refresh_from_db()
    assert request.approved is False and request.decided_by == president
    assert not Invitation.objects.exists()
    again = client.post(
        reverse("accounts:join_request_approve", args=[request.pk]), {"username": "x", "display_name": "X"}
    )
    assert again.status_code == 302 and not Invitation.objects.exists()


def test_requests_are_listed_for_the_president(client, president):
    client.post(reverse("accounts:join"), REQUEST)
    client.force_login(president)
    desk = client.get(reverse("accounts:membership")).content.decode()
    assert "Lucien Martin" in desk and "Accepter" in desk and "Refuser" in desk
    assert "Lucien Martin" in client.get(reverse("accounts:join_request_list")).content.decode()


def test_players_cannot_decide_requests(client, president, player):
    client.post(reverse("accounts:join"), REQUEST)
    request = JoinRequest.objects.get()
    client.force_login(player)
    assert client.post(reverse("accounts:join_request_refuse", args=[request.pk])).status_code == 403
    assert client.get(reverse("accounts:membership")).status_code == 403
    request.refresh_from_db()
    assert request.is_pending


def test_decisions_are_audited(client, president):
    client.post(reverse("accounts:join"), REQUEST)
    request = JoinRequest.objects.get()
    client.force_login(president)
    client.post(reverse("accounts:join_request_refuse", args=[request.pk]))

    last = request.history.latest()
    assert last.history_user == president and last.approved is False
    assert last.history_change_reason == "demande refusée"


def test_a_request_from_an_address_that_became_a_members_says_so_and_invites_nobody(
    client, president, make_user, mailoutbox
):
    """Filed before its author joined by an invitation: the page names the member, no invitation is
    made, the request is closed and he is reminded how to sign in."""
    client.post(reverse("accounts:join"), REQUEST)
    request = JoinRequest.objects.get()
    make_user("lucien", display_name="Lucien M.", email="lucien@example.org")
    mailoutbox.clear()
    client.force_login(president)
    url = reverse("accounts:join_request_approve", args=[request.pk])
    page = client.get(url).content.decode()
    assert "Cette adresse est déjà celle d'un membre du club, Lucien M." in page
    assert "Accepter et envoyer l&#x27;invitation" not in page

    answer = client.post(url, {"username": "lucien", "display_name": "Lucien Martin"}, follow=True)

    text = answer.content.decode()
    assert "est déjà l&#x27;adresse d&#x27;un membre, Lucien M. : pas d&#x27;invitation" in text
    assert "son invitation est partie" not in text
    request.refresh_from_db()
    assert not request.is_pending and request.invitation is None and not Invitation.objects.exists()
    (mail,) = mailoutbox
    assert mail.to == ["lucien@example.org"] and "déjà membre" in mail.subject

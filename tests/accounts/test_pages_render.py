"""Every membership page answers, for the people it is meant for, on a phone-sized layout."""

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import JoinRequest
from accounts.services import invitations as services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "name",
    ["accounts:join", "accounts:join_sent", "accounts:login", "accounts:password_reset"],
)
def test_public_pages_answer_visitors(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 200
    assert 'name="viewport"' in response.content.decode()


def test_join_form_hides_the_robot_trap(client):
    page = client.get(reverse("accounts:join")).content.decode()
    assert 'name="website"' in page and 'class="d-none" aria-hidden="true"' in page


@pytest.mark.parametrize("name", ["accounts:profile", "accounts:email_change", "accounts:members"])
def test_member_pages_answer_members(client, player, name):
    client.force_login(player)
    assert client.get(reverse(name)).status_code == 200


@pytest.mark.parametrize(
    "name",
    [
        "accounts:membership",
        "accounts:invitation_list",
        "accounts:invite",
        "accounts:join_request_list",
        "accounts:member_admin",
        "accounts:offices",
    ],
)
def test_officer_pages_answer_the_president_only(client, president, player, name):
    client.force_login(player)
    assert client.get(reverse(name)).status_code == 403
    client.force_login(president)
    assert client.get(reverse(name)).status_code == 200


def test_invite_form_is_prefilled_for_a_claim(client, president, imported_player):
    client.force_login(president)
    form = client.get(reverse("accounts:invite") + "?username=gege&display_name=G%C3%A9g%C3%A9").context[
        "form"
    ]
    assert form.initial["username"] == "gege" and form.initial["display_name"] == "Gégé"


def test_empty_states_are_explained(client, president):
    client.force_login(president)
    desk = client.get(reverse("accounts:membership")).content.decode()
    assert "Aucune demande en attente." in desk and "Aucune invitation en attente." in desk


def test_long_lists_are_paginated(client, president):
    now = timezone.now()
    JoinRequest.objects.bulk_create(
        JoinRequest(name=f"Joueur {i}", email=f"j{i}@example.org", created_at=now) for i in range(30)
    )
    client.force_login(president)
    page = client.get(reverse("accounts:join_request_list"))
    assert len(page.context["page"].object_list) == 25
    assert "?page=2" in page.content.decode()


def test_officer_links_are_on_the_presidents_profile_only(client, president, player):
    client.force_login(player)
    assert reverse("accounts:membership") not in client.get(reverse("accounts:profile")).content.decode()
    client.force_login(president)
    assert reverse("accounts:membership") in client.get(reverse("accounts:profile")).content.decode()


def test_a_link_cannot_be_spent_twice_even_by_two_calls(
    president, mailoutbox, django_capture_on_commit_callbacks
):
    from django.core.exceptions import ValidationError

    from tests.support.mail import link_in

    with django_capture_on_commit_callbacks(execute=True):
        services.invitation_create(
            by=president, email="zoe@example.org", username="zoe", display_name="Zoé", now=timezone.now()
        )
    token = link_in(mailoutbox[0], "/comptes/invitation/").rstrip("/").rsplit("/", 1)[1]
    services.invitation_accept(token=token, password="x-long-enough-99", now=timezone.now())
    with pytest.raises(ValidationError):
        services.invitation_accept(token=token, password="another-one-99", now=timezone.now())

"""A member changes his address only once he has opened a link sent to the new one."""

from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse

from accounts.models import EmailChange, User
from tests.support.mail import link_in

pytestmark = pytest.mark.django_db


def ask(client, user, new_email="anne.neuve@example.org", password="pw-anne"):
    client.force_login(user)
    return client.post(reverse("accounts:email_change"), {"new_email": new_email, "password": password})


def test_new_address_waits_for_confirmation(client, player, mailoutbox):
    response = ask(client, player)

    assert response.status_code == 302
    assert User.objects.get(pk=player.pk).email == "anne@example.org"
    (mail,) = mailoutbox
    assert mail.to == ["anne.neuve@example.org"] and "confirmez" in mail.subject
    assert "Bonjour Anne" in mail.body
    assert EmailChange.objects.get().token_hash not in mail.body


def test_confirmation_link_changes_the_address_once(client, player, mailoutbox):
    ask(client, player)
    path = link_in(mailoutbox[0], "/comptes/adresse/confirmer/")

    page = client.get(path)
    assert "anne.neuve@example.org" in page.content.decode()
    assert User.objects.get(pk=player.pk).email == "anne@example.org"  # a link scanner's GET changes nothing
    client.post(path)
    assert User.objects.get(pk=player.pk).email == "anne.neuve@example.org"

    again = client.post(path)
    assert "plus valable" in again.content.decode()


def test_expired_confirmation_link_is_refused(client, player, mailoutbox):
    ask(client, player)
    path = link_in(mailoutbox[0], "/comptes/adresse/confirmer/")
    with time_machine.travel(timedelta(hours=49)):
        assert "plus valable" in client.post(path).content.decode()
    assert User.objects.get(pk=player.pk).email == "anne@example.org"


def test_a_newer_request_cancels_the_older_link(client, player, mailoutbox):
    ask(client, player)
    ask(client, player, new_email="anne.autre@example.org")
    first = link_in(mailoutbox[0], "/comptes/adresse/confirmer/")
    assert "plus valable" in client.post(first).content.decode()
    assert User.objects.get(pk=player.pk).email == "anne@example.org"


def test_an_address_already_in_use_gets_the_same_answer_and_no_mail(client, player, capitaine, mailoutbox):
    free = ask(client, player, new_email="libre@example.org")
    taken = ask(client, player, new_email=capitaine.email)

    assert free.status_code == taken.status_code == 302 and free.url == taken.url
    assert len(mailoutbox) == 1 and mailoutbox[0].to == ["libre@example.org"]


def test_the_current_password_is_required(client, player, mailoutbox):
    response = ask(client, player, password="mauvais")
    assert response.status_code == 200 and "Mot de passe incorrect" in response.content.decode()
    assert not mailoutbox


def test_the_change_is_audited(client, player, mailoutbox):
    ask(client, player)
    client.post(link_in(mailoutbox[0], "/comptes/adresse/confirmer/"))
    record = player.history.latest()
    assert (
        record.email == "anne.neuve@example.org"
        and record.history_change_reason == "adresse e-mail confirmée"
    )
    assert EmailChange.objects.get().history.count() == 2


def test_the_profile_shows_a_taken_address_pending_like_a_free_one(client, player, capitaine, mailoutbox):
    """“En attente de confirmation : X” must not appear only when X is free: that would reveal who is registered."""
    ask(client, player, new_email=capitaine.email)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert f"En attente de confirmation : {capitaine.email}" in page
    assert not mailoutbox
    assert User.objects.get(pk=capitaine.pk).email == capitaine.email

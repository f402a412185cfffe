"""Forgotten password: the email is sent, reads well, and its link works once."""

import pytest
from django.urls import reverse

from accounts.models import User
from tests.support.mail import link_in

pytestmark = pytest.mark.django_db
NEW = "un-nouveau-mot-de-passe-77"


def ask(client, email):
    return client.post(reverse("accounts:password_reset"), {"email": email})


def test_reset_email_is_sent_and_reads_well(client, player, mailoutbox):
    response = ask(client, "anne@example.org")

    assert response.status_code == 302 and response.url == reverse("accounts:password_reset_done")
    (mail,) = mailoutbox
    assert mail.to == ["anne@example.org"]
    assert mail.subject == "Tarot-Bière : choisir un nouveau mot de passe"
    assert "Bonjour Anne," in mail.body
    assert "Votre identifiant : anne" in mail.body
    assert "ne sert qu'une fois" in mail.body
    assert "{%" not in mail.body and "{{" not in mail.body
    html = mail.alternatives[0][0]
    assert "Choisir un nouveau mot de passe" in html


def test_reset_link_works_once(client, player, mailoutbox):
    ask(client, "anne@example.org")
    path = link_in(mailoutbox[0], "/comptes/mot-de-passe/nouveau/")

    form_page = client.get(path, follow=True)
    assert form_page.context["validlink"] is True
    done = client.post(form_page.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    assert done.status_code == 302 and done.url == reverse("accounts:password_reset_complete")
    assert User.objects.get(pk=player.pk).check_password(NEW)

    again = client.get(path, follow=True)
    assert again.context["validlink"] is False
    assert "plus valable" in again.content.decode()


def test_reset_page_does_not_reveal_whether_an_address_is_registered(client, player, mailoutbox):
    known = ask(client, "anne@example.org")
    unknown = ask(client, "personne@example.org")

    assert known.status_code == unknown.status_code == 302 and known.url == unknown.url
    assert len(mailoutbox) == 1
    done = client.get(known.url).content.decode()
    assert "Si cette adresse correspond à un membre" in done


def test_deactivated_members_get_no_reset_email(client, player, mailoutbox):
    player.is_active = False
    player.save()
    response = ask(client, "anne@example.org")
    assert response.status_code == 302 and not mailoutbox

"""A member who left is deactivated: he cannot sign in or register; nothing is deleted."""

import re
from types import SimpleNamespace

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import Invitation, Mandate, User

pytestmark = pytest.mark.django_db


def deactivate(client, president, member):
    client.force_login(president)
    return client.post(reverse("accounts:member_deactivate", args=[member.username]))


def login(client, username, password):
    return client.post(reverse("accounts:login"), {"username": username, "password": password})


def test_deactivated_member_cannot_sign_in(client, president, player):
    deactivate(client, president, player)
    client.logout()

    response = login(client, "anne", "pw-anne")
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
    assert not User.objects.get(pk=player.pk).is_active


def test_deactivation_ends_his_open_sessions(client, president, player):
    other = client.__class__()
    other.force_login(player)
    deactivate(client, president, player)
    assert other.get(reverse("accounts:profile")).status_code == 302


def test_deactivated_member_cannot_register_for_a_manche(president, player):
    from league.models import Manche
    from league.permissions import Action, can

    manche = SimpleNamespace(
        status=Manche.Status.OPEN, Status=Manche.Status, season=SimpleNamespace(is_closed=False)
    )
    assert can(player, Action.REGISTER_SELF, manche)
    player.is_active = False
    assert not can(player, Action.REGISTER_SELF, manche)


def test_deactivation_deletes_nothing_and_reactivation_restores_everything(client, president, player):
    mandate = Mandate.objects.create(
        user=player,
        role=Mandate.Role.VICE_PRESIDENT,
        started_at="2010-01-01T00:00Z",
        ended_at="2011-01-01T00:00Z",
    )
    player.jeton_colour = "red"
    player.first_season = "2010-2011"
    player.save()
    before = User.objects.filter(pk=player.pk).values().get()

    deactivate(client, president, player)
    assert User.objects.filter(pk=player.pk).exists()
    assert Mandate.objects.filter(pk=mandate.pk, user=player).exists()

    client.post(reverse("accounts:member_reactivate", args=[player.username]))
    after = User.objects.filter(pk=player.pk).values().get()
    assert after == before
    client.logout()
    login(client, "anne", "pw-anne")
    assert int(client.session["_auth_user_id"]) == player.pk


def test_the_president_cannot_deactivate_himself_or_an_officer(client, president, vice_president):
    deactivate(client, president, president)
    deactivate(client, president, vice_president)
    assert User.objects.get(pk=president.pk).is_active
    assert User.objects.get(pk=vice_president.pk).is_active


def test_deactivation_revokes_his_pending_claim_link(client, president, imported_player):
    client.force_login(president)
    client.post(
        reverse("accounts:invite"), {"display_name": "Gégé", "username": "gege", "email": "g@example.org"}
    )
    imported_player.is_active = True
    imported_player.set_password("x-long-enough-99")
    imported_player.save()
    deactivate(client, president, imported_player)
    assert Invitation.objects.get().revoked_at is not None


def test_deactivation_asks_for_confirmation_first(client, president, player):
    client.force_login(president)
    page = client.get(reverse("accounts:member_deactivate", args=[player.username]))
    assert "Rien n'est effacé" in page.content.decode()
    assert User.objects.get(pk=player.pk).is_active


def test_only_officers_deactivate(client, player, capitaine):
    client.force_login(capitaine)
    assert client.post(reverse("accounts:member_deactivate", args=[player.username])).status_code == 403
    assert User.objects.get(pk=player.pk).is_active


def test_leaving_and_returning_are_audited(client, president, player):
    deactivate(client, president, player)
    client.post(reverse("accounts:member_reactivate", args=[player.username]))

    left, back = player.history.order_by("-history_date")[:2][::-1]
    assert (left.is_active, left.history_user, left.history_change_reason) == (
        False,
        president,
        "membre désactivé",
    )
    assert (back.is_active, back.history_user, back.history_change_reason) == (
        True,
        president,
        "membre réactivé",
    )


def test_member_admin_lists_everyone_with_their_state(client, president, player, imported_player):
    deactivate(client, president, player)
    page = client.get(reverse("accounts:member_admin")).content.decode()
    assert "Réactiver" in page and "désactivé" in page and "importé, jamais connecté" in page
    inactive = client.get(reverse("accounts:member_admin") + "?etat=inactifs").content.decode()
    assert "(ben)" not in inactive and "(anne)" in inactive


def test_the_list_follows_each_change_and_reactivates_through_the_readers_own_token(
    president, player, make_user
):
    """The members' rows are kept rendered for every reader: a deactivation shows at the next
    view, and the Réactiver button posts, through the page's one form, the reader's own
    CSRF token, which another officer's rendering of the same rows did not carry."""
    from django.test import Client

    from accounts.services.offices import vice_president_designate

    vice = make_user("victor", display_name="Victor")
    vice_president_designate(by=president, user=vice, now=timezone.now())
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first.force_login(vice)
    second.force_login(president)
    url = reverse("accounts:member_admin")
    before = first.get(url)
    assert before.status_code == 200 and "Réactiver" not in before.content.decode()

    deactivate(Client(), president, player)
    assert "Réactiver" in first.get(url).content.decode()  # rendered again for what they now show
    page = second.get(url).content.decode()
    form = re.search(r'<form id="member-actions" method="post">(.*?)</form>', page, re.S).group(1)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    button = re.search(r'<button[^>]*form="member-actions"[^>]*formaction="([^"]+)"[^>]*>Réactiver', page)
    assert button.group(1) == reverse("accounts:member_reactivate", args=[player.username])
    second.post(button.group(1), {"csrfmiddlewaretoken": token})
    assert User.objects.get(pk=player.pk).is_active


def test_member_admin_names_each_office(client, president, player, capitaine):
    """The badge says « Président » / « Vice-Président », not « fonction »; a plain member has none."""
    from accounts.services.offices import vice_president_designate

    vice_president_designate(by=president, user=player, now=timezone.now())
    client.force_login(president)
    page = client.get(reverse("accounts:member_admin")).content.decode()

    def badges(username):
        row = page.split(f"({username})</span>", 1)[1].split("</li>", 1)[0]
        return re.findall(r'<span class="badge text-bg-primary">([^<]*)</span>', row)

    assert badges("ben") == ["Président"]
    assert badges("anne") == ["Vice-Président"]
    assert badges("bruno") == []
    assert ">fonction<" not in page

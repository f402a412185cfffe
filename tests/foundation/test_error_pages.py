"""An error speaks the reader's language on the site's own pages, never Django's bare English ones.

A dead link (404), a refused action (403) and the address of a button opened
as a page (405) keep the site's layout and menu, so the reader goes on from
there; a broken request (400), a form refused by the CSRF check and a server
error (500) get a page of their own that needs neither the request's user nor
the database, since either may be what failed. A button that updates part of
a page, refused by the CSRF check, reloads the page with a message instead.
"""

import html

import pytest
from django.conf import settings
from django.test import Client, RequestFactory
from django.urls import path, reverse
from django.views import defaults

pytestmark = pytest.mark.django_db


def broken(request):
    raise RuntimeError("a bug in a view")


urlpatterns = [path("casse/", broken)]


def test_a_dead_link_shows_the_page_not_found_in_the_site_layout(client):
    response = client.get("/saisons/pas-une-saison/manches/99/")

    assert response.status_code == 404
    page = response.content.decode()
    assert "<title>Page introuvable · Championnat du Monde de Tarot-Bière</title>" in page
    assert "/saisons/pas-une-saison/manches/99/" in page
    assert 'class="navbar' in page and reverse("accounts:login") in page  # the menu, to go on from here
    assert "Not Found" not in page


def test_a_dead_link_reads_in_english_for_a_reader_who_chose_english(client, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"

    response = client.get("/nulle-part/")

    assert response.status_code == 404
    page = response.content.decode()
    assert "Page not found" in page and "No page answers at this address:" in page
    assert "Page introuvable" not in page


def test_a_member_refused_an_office_page_reads_why_on_the_site_layout(client, player):
    client.force_login(player)

    response = client.get(reverse("league:president_dashboard"))

    assert response.status_code == 403
    page = response.content.decode()
    assert "Accès refusé" in page and "écrivez au Président" in page
    assert player.display_name in page  # still signed in, his menu shown
    assert "403 Forbidden" not in page


def test_a_form_sent_without_its_token_is_refused_with_what_to_do(db):
    client = Client(enforce_csrf_checks=True)

    response = client.post(reverse("accounts:login"), {"username": "ben", "password": "x"})

    assert response.status_code == 403
    page = response.content.decode()
    assert "Formulaire expiré" in page and "Rien n'a été enregistré." in page
    assert "CSRF verification failed" not in page


def test_a_request_for_an_unknown_host_is_refused_in_french(client, settings):
    settings.ALLOWED_HOSTS = ["club.example"]

    response = client.get("/", HTTP_HOST="ailleurs.example")

    assert response.status_code == 400
    assert "Demande refusée" in response.content.decode()


def test_a_server_error_shows_the_site_error_page(settings):
    settings.ROOT_URLCONF = __name__
    client = Client(raise_request_exception=False)

    response = client.get("/casse/")

    assert response.status_code == 500
    page = response.content.decode()
    assert "Le site a rencontré une erreur" in page and "rien de ce qui était déjà enregistré" in page


def test_the_server_error_page_reads_nothing_from_the_database(django_assert_num_queries):
    with django_assert_num_queries(0):
        response = defaults.server_error(RequestFactory().get("/"))

    assert response.status_code == 500
    assert "Erreur du site" in response.content.decode()


def test_an_address_that_answers_only_a_button_opens_a_page_saying_so(client, player):
    client.force_login(player)

    response = client.get(reverse("accounts:logout"))

    assert response.status_code == 405
    assert "POST" in response["Allow"]
    page = response.content.decode()
    assert "Cette adresse ne s'ouvre pas comme une page" in page
    assert player.display_name in page  # the site's layout, still signed in


def test_a_form_sent_to_such_an_address_is_answered_as_before(client, player):
    response = client.put(reverse("accounts:logout"))

    assert response.status_code == 405
    assert response.content == b""


@pytest.mark.usefixtures("in_season_clock")
def test_a_button_sent_with_an_old_token_reloads_the_page_saying_nothing_was_saved(open_manche, player):
    from league.models import Registration

    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    page = reverse("league:manche_detail", args=[open_manche.season.name, open_manche.number])
    client.get(page)  # the page's token, before the member signed in again in another tab
    client.cookies[settings.CSRF_COOKIE_NAME] = "a" * 32

    response = client.post(
        reverse("league:registration_add", args=[open_manche.season.name, open_manche.number]),
        HTTP_HX_REQUEST="true",
        HTTP_X_CSRFTOKEN="b" * 32,
    )

    assert response["HX-Refresh"] == "true"
    assert not Registration.objects.filter(manche=open_manche).exists()
    reloaded = html.unescape(client.get(page).content.decode())
    assert "rien n'a été enregistré. La page est à jour : recommencez." in reloaded

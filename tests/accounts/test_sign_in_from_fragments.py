"""A button that updates part of a page sends a signed-out member to sign in as a whole page.

htmx follows a redirect by itself: without this, the sign-in page landed
inside the part the button updates (the manche's table), and signing in
there led to the button's address.
"""

from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from league.models import Registration

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


def manche_page(manche) -> str:
    return reverse("league:manche_detail", args=[manche.season.name, manche.number])


def sign_up(manche) -> str:
    return reverse("league:registration_add", args=[manche.season.name, manche.number])


def signs_in_then_opens(address: str) -> str:
    """Where a sign-in page address leads once signed in (its ``next``)."""
    parts = urlsplit(address)
    assert parts.path == reverse("accounts:login")
    return parse_qs(parts.query)["next"][0]


def test_signing_up_after_the_session_ended_opens_the_sign_in_page_whole(client, open_manche):
    page = manche_page(open_manche)

    response = client.post(
        sign_up(open_manche), HTTP_HX_REQUEST="true", HTTP_HX_CURRENT_URL=f"http://testserver{page}"
    )

    assert response.status_code == 200
    assert response.content == b""  # nothing to put inside the table
    assert signs_in_then_opens(response["HX-Redirect"]) == page
    assert not Registration.objects.filter(manche=open_manche).exists()


def test_a_page_of_another_site_is_not_where_signing_in_leads(client, open_manche):
    response = client.post(
        sign_up(open_manche), HTTP_HX_REQUEST="true", HTTP_HX_CURRENT_URL="https://ailleurs.example/piege/"
    )

    assert signs_in_then_opens(response["HX-Redirect"]) == "/"


def test_a_whole_page_form_is_still_redirected_as_before(client, open_manche):
    response = client.post(sign_up(open_manche))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))
    assert "HX-Redirect" not in response


def test_a_signed_in_members_button_still_updates_its_part(client, open_manche, player):
    client.force_login(player)
    page = manche_page(open_manche)

    response = client.post(
        sign_up(open_manche), HTTP_HX_REQUEST="true", HTTP_HX_CURRENT_URL=f"http://testserver{page}"
    )

    assert response.status_code == 200
    assert "HX-Redirect" not in response
    assert 'id="manche-table"' in response.content.decode()
    assert Registration.objects.filter(manche=open_manche, player=player).exists()

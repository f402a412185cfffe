"""The members page: names, first season, link to each player's page; never an email."""

import pytest
from django.urls import NoReverseMatch, reverse

pytestmark = pytest.mark.django_db


def test_directory_is_at_the_agreed_address():
    assert reverse("accounts:members") == "/comptes/membres/"


def test_directory_is_for_signed_in_members_only(client, player):
    response = client.get(reverse("accounts:members"))
    assert response.status_code == 302 and reverse("accounts:login") in response.url


def test_directory_shows_names_and_first_seasons_but_never_emails(client, president, player, imported_player):
    player.first_season = "2011-2012"
    player.save()
    client.force_login(player)
    page = client.get(reverse("accounts:members")).content.decode()

    assert "Anne" in page and "Benoît" in page and "2011-2012" in page
    assert "Gégé" in page  # former and imported players keep their place in the club's story
    assert "@" not in page.split("<main", 1)[1]


def test_directory_links_each_name_to_the_player_page(client, player):
    client.force_login(player)
    page = client.get(reverse("accounts:members")).content.decode()
    try:
        link = reverse("reports:player", args=["anne"])
    except NoReverseMatch:
        pytest.skip("the player page is not there yet")
    assert f'href="{link}"' in page

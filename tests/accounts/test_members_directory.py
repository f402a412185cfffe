"""The members page: names, first season, link to each player's page; never an email."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import NoReverseMatch, reverse

from accounts.models import User

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


def names_listed(html: str) -> int:
    return html.count('class="list-group-item')


def test_the_directory_lists_fifty_members_a_page_in_the_same_queries_whatever_the_club(
    client, player, make_user
):
    client.force_login(player)
    url = reverse("accounts:members")
    with CaptureQueriesContext(connection) as few:
        assert names_listed(client.get(url).content.decode()) == 1
    for i in range(120):
        make_user(f"m{i:03d}", display_name=f"Membre {i:03d}")
    with CaptureQueriesContext(connection) as many:
        first = client.get(url).content.decode()
    assert len(many) == len(few)
    assert names_listed(first) == 50
    assert "Anne" in first and "Membre 048" in first and "Membre 049" not in first
    assert "1 / 3" in first and 'href="?page=2"' in first

    last = client.get(url, {"page": 3}).content.decode()
    assert names_listed(last) == 21  # 121 members: 50, 50 and 21
    assert "Membre 119" in last and 'href="?page=2"' in last and "?page=4" not in last


def test_the_former_players_turn_their_own_pages_in_their_fold(client, player, make_user):
    for i in range(55):
        User.objects.create(username=f"old{i:02d}", display_name=f"Ancien {i:02d}", is_active=False)
    client.force_login(player)
    url = reverse("accounts:members")
    page = client.get(url).content.decode()
    former = page.split('id="anciens"', 1)[1]
    assert "Anciens joueurs (55)" in former and "Ancien 49" in former and "Ancien 50" not in former
    assert " open>" not in page.split('id="anciens"', 1)[1][:10]
    assert 'href="?anciens=2#anciens"' in former

    second = client.get(url, {"anciens": 2, "page": 1}).content.decode()
    former = second.split('id="anciens"', 1)[1]
    assert former.startswith(" open>")
    assert "Ancien 54" in former and "Ancien 49" not in former
    assert "Anne" in second  # the active members' page is kept


def test_a_change_to_a_member_shows_at_the_next_view(client, player, make_user):
    """Each page of the directory is kept rendered for what it shows: a new name, a first
    season, a member who left (now among the former players) show at once."""
    other = make_user("bruno", display_name="Bruno")
    client.force_login(player)
    url = reverse("accounts:members")
    assert "Bruno" in client.get(url).content.decode()
    other.display_name, other.first_season = "Bruno le Grand", "2009-2010"
    other.save()
    page = client.get(url).content.decode()
    assert "Bruno le Grand" in page and "Au club depuis la saison 2009-2010" in page
    other.is_active = False
    other.save()
    former = client.get(url).content.decode().split('id="anciens"', 1)[1]
    assert "Bruno le Grand" in former and "depuis 2009-2010" in former


def test_members_are_listed_by_name_whatever_their_accents_and_case(client, make_user):
    """Éric between denis and Fanny, not after Stéphane (both databases compare bytes by default)."""
    for username, name in [("steph", "Stéphane"), ("eric", "Éric"), ("denis", "denis"), ("fanny", "Fanny")]:
        make_user(username, display_name=name)
    expected = ["denis", "Éric", "Fanny", "Stéphane"]
    assert [user.display_name for user in User.objects.all()] == expected
    client.force_login(User.objects.get(username="fanny"))
    listed = client.get(reverse("accounts:members")).content.decode().split("<main", 1)[1]
    assert sorted(expected, key=listed.index) == expected

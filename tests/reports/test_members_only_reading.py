"""MEMBERS_ONLY_READING: every report is for signed-in members only; public otherwise."""

import pytest
from django.urls import reverse

URLS = [
    ("home", []),
    ("reports:standings_current", []),
    ("reports:standings", ["2030-2031"]),
    ("reports:standings_csv", ["2030-2031"]),
    ("reports:standings_xlsx", ["2030-2031"]),
    ("reports:api_standings", ["2030-2031"]),
    ("reports:player", ["p001"]),
    ("reports:palmares", []),
    ("reports:palmares_print", ["2030-2031"]),
]


@pytest.mark.parametrize(("name", "args"), URLS)
def test_reports_are_public_unless_reading_is_for_members(client, small_season, name, args):
    assert client.get(reverse(name, args=args)).status_code in (200, 302)
    if name != "reports:standings_current":
        assert client.get(reverse(name, args=args)).status_code == 200


@pytest.mark.parametrize(("name", "args"), URLS)
def test_visitors_are_sent_to_sign_in_when_reading_is_restricted(client, small_season, settings, name, args):
    settings.MEMBERS_ONLY_READING = True
    response = client.get(reverse(name, args=args))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))


@pytest.mark.parametrize(("name", "args"), URLS)
def test_members_still_read_when_reading_is_restricted(client, small_season, settings, player, name, args):
    settings.MEMBERS_ONLY_READING = True
    client.force_login(player)
    assert client.get(reverse(name, args=args)).status_code in (200, 302)


def test_api_is_not_advertised_to_other_sites_when_restricted(client, small_season, settings, player):
    settings.MEMBERS_ONLY_READING = True
    client.force_login(player)
    response = client.get(reverse("reports:api_standings", args=["2030-2031"]))
    assert "Access-Control-Allow-Origin" not in response

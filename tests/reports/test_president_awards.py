"""The President's accessits: awarded with an optional citation once the season is closed."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from league.models import Award
from league.services.awards import award_grant, award_revoke


def test_president_awards_fair_play_with_a_citation(client, president, closed_season):
    client.force_login(president)
    fifi = User.objects.get(username="p002")
    response = client.post(
        reverse("league:awards", args=[closed_season.name]),
        {"award": "fair_play", "player": fifi.pk, "citation": "Toujours souriant, même à −1500."},
    )
    assert response.status_code == 302
    award = Award.objects.get(season=closed_season)
    assert (award.award, award.player, award.citation) == (
        "fair_play",
        fifi,
        "Toujours souriant, même à −1500.",
    )
    document = client.get(reverse("reports:api_standings", args=[closed_season.name])).json()
    assert {
        "award": "fair_play",
        "players": ["p002"],
        "citation": "Toujours souriant, même à −1500.",
    } in document["accessits"]
    html = client.get(reverse("reports:standings", args=[closed_season.name])).content.decode()
    assert "Prix du Fair-Play" in html
    assert "Toujours souriant" in html


def test_citation_is_optional(client, president, closed_season):
    client.force_login(president)
    player = User.objects.get(username="p003")
    client.post(reverse("league:awards", args=[closed_season.name]), {"award": "truffe", "player": player.pk})
    document = client.get(reverse("reports:api_standings", args=[closed_season.name])).json()
    assert {"award": "truffe", "players": ["p003"]} in document["accessits"]


def test_awarding_again_changes_the_citation(president, closed_season):
    player = User.objects.get(username="p003")
    now = timezone.now()
    award_grant(
        season=closed_season, award="manque_de_bol", player=player, citation="a", by=president, now=now
    )
    award_grant(
        season=closed_season, award="manque_de_bol", player=player, citation="b", by=president, now=now
    )
    assert list(Award.objects.values_list("citation", flat=True)) == ["b"]


def test_no_award_while_the_season_is_open(president, small_season):
    player = User.objects.get(username="p003")
    with pytest.raises(ValidationError) as caught:
        award_grant(season=small_season, award="truffe", player=player, by=president, now=timezone.now())
    assert "award" in caught.value.message_dict
    assert "close" in caught.value.message_dict["award"][0]
    assert not Award.objects.exists()


def test_no_award_to_someone_who_did_not_play(president, closed_season, make_user):
    stranger = make_user("zoe")
    with pytest.raises(ValidationError) as caught:
        award_grant(season=closed_season, award="truffe", player=stranger, by=president, now=timezone.now())
    assert "player" in caught.value.message_dict
    assert not Award.objects.exists()


def test_the_form_only_offers_the_seasons_players(client, president, closed_season, make_user):
    make_user("zoe", display_name="Zoé")
    client.force_login(president)
    html = client.get(reverse("league:awards", args=[closed_season.name])).content.decode()
    assert "Joueur P001" in html
    assert "Zoé" not in html


def test_an_ordinary_member_may_not_award(client, player, closed_season):
    client.force_login(player)
    target = User.objects.get(username="p003")
    response = client.post(
        reverse("league:awards", args=[closed_season.name]), {"award": "truffe", "player": target.pk}
    )
    assert response.status_code == 403
    assert not Award.objects.exists()


def test_revoking_takes_the_accessit_back(client, president, closed_season):
    target = User.objects.get(username="p003")
    award = award_grant(season=closed_season, award="truffe", player=target, by=president, now=timezone.now())
    client.force_login(president)
    assert (
        client.get(reverse("reports:api_standings", args=[closed_season.name])).json()["accessits"][-1][
            "award"
        ]
        == "truffe"
    )
    response = client.post(reverse("league:award_delete", args=[closed_season.name, award.pk]))
    assert response.status_code == 302
    assert not Award.objects.exists()
    awards = [
        a["award"]
        for a in client.get(reverse("reports:api_standings", args=[closed_season.name])).json()["accessits"]
    ]
    assert "truffe" not in awards


def test_revoke_service_bumps_the_revision(president, closed_season):
    target = User.objects.get(username="p003")
    award = award_grant(season=closed_season, award="truffe", player=target, by=president, now=timezone.now())
    closed_season.refresh_from_db()
    before = closed_season.revision
    award_revoke(award=award, by=president, now=timezone.now())
    closed_season.refresh_from_db()
    assert closed_season.revision > before


def test_standings_of_a_closed_season_link_officers_to_the_form(client, president, player, closed_season):
    url = reverse("league:awards", args=[closed_season.name])
    client.force_login(president)
    assert url in client.get(reverse("reports:standings", args=[closed_season.name])).content.decode()
    client.force_login(player)
    assert url not in client.get(reverse("reports:standings", args=[closed_season.name])).content.decode()


def test_visitors_are_sent_to_sign_in(client, closed_season):
    response = client.get(reverse("league:awards", args=[closed_season.name]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))


def test_the_palmares_in_english_writes_an_accessits_colon_as_english_does(client, president, closed_season):
    """« Prix du Fair-Play : Fifi » in French; in English no space before the colon."""
    from django.conf import settings

    fifi = closed_season.manches.first().seats.first().player
    award_grant(season=closed_season, award="fair_play", player=fifi, by=president, now=timezone.now())
    for path in (reverse("reports:palmares"), reverse("reports:palmares_print", args=[closed_season.name])):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
        english = client.get(path).content.decode()
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
        french = client.get(path).content.decode()
        assert "Fair-Play Prize</strong>: " in english
        assert fifi.display_name in english
        assert "</strong> :" not in english
        assert "Prix du Fair-Play</strong>\u00a0:" in french or "Prix du Fair-Play</strong> :" in french

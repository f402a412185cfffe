"""The President previews a rule change before saving it: the classification now and
with the change side by side, the ranks that move, the titles and accessits that change
hands; saving records the change with its reason in the season's history."""

import pytest
from django.urls import reverse

from league.models import Season
from tests.support.seasongen import START, load_season


@pytest.fixture
def played(db, president):
    season = load_season(name="2030-2031", players=10, manches_per_player=4, seed=3, start=START)
    Season.objects.filter(pk=season.pk).update(president=president)
    return season


def form_data(season, **changes):
    data = {"name": season.name, "family": season.family, "default_location": "", "reason": ""}
    data.update(changes)
    return data


def edit(client, season, **changes):
    return client.post(reverse("league:season_edit", args=[season.name]), form_data(season, **changes))


def test_the_preview_shows_both_classifications_and_saves_nothing(client, played, president):
    client.force_login(president)
    revision = Season.objects.get(pk=played.pk).revision
    response = edit(client, played, place_points="10, 0, 0, 0, 0", action="preview")
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="side-by-side"' in html
    assert html.count('<tr class="table-warning"') >= 1  # some rank moves
    played.refresh_from_db()
    assert played.params == {} and played.revision == revision


def test_a_title_changing_hands_is_named(client, played, president):
    client.force_login(president)
    html = edit(client, played, place_points="10, 0, 0, 0, 0", action="preview").content.decode()
    assert 'id="hands-changing"' in html
    assert "Champion du Monde</strong>" in html


def test_saving_a_rule_change_needs_its_reason(client, played, president):
    client.force_login(president)
    response = edit(client, played, min_manches="3", action="save")
    assert "Dites pourquoi les règles changent" in response.content.decode()
    assert 'id="preview"' in response.content.decode()  # the effect is shown with the refusal
    played.refresh_from_db()
    assert played.params == {}


def test_saving_records_the_change_with_its_reason_in_the_history(client, played, president):
    client.force_login(president)
    response = edit(client, played, min_manches="3", reason="Saison écourtée", action="save")
    assert response.status_code == 302
    played.refresh_from_db()
    assert played.params == {"min_manches": 3}
    last = played.history.order_by("-history_date").first()
    assert last.history_change_reason == "Règles modifiées : Saison écourtée"
    assert last.history_user == president
    page = client.get(reverse("league:season_edit", args=[played.name])).content.decode()
    assert "Règles modifiées : Saison écourtée" in page


def test_a_change_that_leaves_the_rules_alone_needs_no_reason(client, played, president):
    client.force_login(president)
    response = edit(client, played, default_location="Chez Ben", action="save")
    assert response.status_code == 302
    played.refresh_from_db()
    assert played.default_location == "Chez Ben"
    assert played.history.order_by("-history_date").first().history_change_reason == "Saison modifiée"

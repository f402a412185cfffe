"""The President previews a rule change before saving it: the classification now and
with the change side by side, the ranks that move, the titles and accessits that change
hands; saving records the change with its reason in the season's history."""

import re

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


def test_shared_ranks_and_negative_averages_read_as_in_the_standings(
    client, played, president, after_the_generated_season
):
    """A shared rank is « 5= » as the standings write it, a negative average « −0,50 » with a true minus."""
    client.force_login(president)
    html = edit(client, played, place_points="0, 0, 0, 0, 0", action="preview").content.decode()

    def cells(player):
        row = html.split(f'data-player="{player}">', 1)[1].split("</tr>", 1)[0]
        return [re.sub(r"<[^>]+>", " ", td).split() for td in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]

    # Seed 3: p002 and p003 share rank 5 now; with no place points p001 and p008 share
    # rank 4, and p004, p005 and p007 rank 8, on negative averages.
    assert cells("p003")[1] == cells("p002")[1] == ["5=", "(0,60)"]
    assert cells("p006")[1] == ["2", "(1,20)"]  # a rank held alone has no mark
    assert cells("p001")[2] == cells("p008")[2] == ["4=", "(\u22120,10)"]
    assert cells("p007")[2] == ["8=", "(\u22120,50)"]
    assert "(-0" not in html

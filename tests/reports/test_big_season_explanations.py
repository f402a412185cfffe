"""A big season's explanations are loaded when a line is unfolded, so its page stays light."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.support.engine import season_result


@pytest.fixture
def lazy(monkeypatch):
    from reports.views import standings

    monkeypatch.setattr(standings, "INLINE_EXPLANATION_LINES", 10)


def test_small_seasons_carry_every_explanation_in_the_page(client, small_season):
    html = client.get(reverse("reports:standings", args=[small_season.name])).content.decode()
    assert "hx-get" not in html
    assert html.count('class="list-unstyled mb-1 explain-line"') == 10


def test_big_seasons_load_an_explanation_when_its_line_unfolds(client, small_season, lazy):
    html = client.get(reverse("reports:standings", args=[small_season.name])).content.decode()
    url = reverse("reports:standings_explanation", args=[small_season.name, "p001"])
    assert f'hx-get="{url}" hx-trigger="intersect once"' in html
    assert "explain-line" not in html


def test_the_unfolded_line_gets_the_engines_explanation(client, small_season):
    result = season_result(small_season, now=timezone.now())
    url = reverse("reports:standings_explanation", args=[small_season.name, "p001"])
    fragment = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in fragment
    played = [n for n, o in result.manches.items() if any(e.player == "p001" for e in o.ranking)]
    assert fragment.count("<li") >= len(played) + 1
    assert "−6" in fragment  # the participation malus it would get tonight


def test_without_htmx_the_explanation_is_a_page_of_its_own(client, small_season):
    response = client.get(reverse("reports:standings_explanation", args=[small_season.name, "p001"]))
    assert response.status_code == 200
    assert "<html" in response.content.decode()


def test_unknown_player_explanation_is_404(client, small_season):
    url = reverse("reports:standings_explanation", args=[small_season.name, "nobody"])
    assert client.get(url).status_code == 404

"""A big season's explanations are loaded when a line is unfolded, so its page stays light."""

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from league import rules
from reports.selectors.readings import line_explanation, reading
from tests.support.engine import season_result


def explained_on_unfold(monkeypatch) -> None:
    """Seasons of more than 10 explanation lines count as big."""
    from reports.selectors import standings

    monkeypatch.setattr(standings, "INLINE_EXPLANATION_LINES", 10)


@pytest.fixture
def lazy(monkeypatch):
    explained_on_unfold(monkeypatch)


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


@pytest.mark.parametrize("unfolded", [False, True], ids=["carried", "loaded"])
def test_an_english_reader_reads_the_explanation_in_english(client, small_season, monkeypatch, unfolded):
    if unfolded:
        explained_on_unfold(monkeypatch)
        url = reverse("reports:standings_explanation", args=[small_season.name, "p001"])
    else:
        url = reverse("reports:standings", args=[small_season.name])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = client.get(url).content.decode()
    assert "If the season ended tonight: −6 for participation (fewer than 10 manches)." in html
    assert "Si la saison s'arrêtait ce soir" not in html


def test_without_htmx_the_explanation_is_a_page_of_its_own(client, small_season):
    response = client.get(reverse("reports:standings_explanation", args=[small_season.name, "p001"]))
    assert response.status_code == 200
    assert "<html" in response.content.decode()


def test_unknown_player_explanation_is_404(client, small_season):
    url = reverse("reports:standings_explanation", args=[small_season.name, "nobody"])
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("size", ["small", "big"])
@pytest.mark.parametrize("state", ["open", "closed"])
def test_every_line_is_explained_as_the_engine_explains_it(request, monkeypatch, size, state):
    """Made with the season (small), or from the player's manches and his line when it
    unfolds (big): the same lines, whichever the way, participation malus included."""
    season = request.getfixturevalue("closed_season" if state == "closed" else "small_season")
    if size == "big":
        explained_on_unfold(monkeypatch)
    now = timezone.now()
    result = season_result(season, now=now)
    assert result.standings
    if state == "closed":
        assert any(
            a.manche is None for adjustments in result.adjustments_by_player.values() for a in adjustments
        )
    for row in result.standings:
        assert line_explanation(season, row.player, now=now) == rules.explain_player(result, row.player)
    assert line_explanation(season, "nobody", now=now) is None


def test_a_big_season_is_computed_without_its_explanations(small_season, lazy):
    now = timezone.now()
    assert line_explanation(small_season, "p001", now=now)
    assert reading(small_season, now, "explanation", "p001") is None


@pytest.mark.parametrize("fixture", ["small_season", "closed_season"])
def test_the_length_of_every_explanation_is_known_without_writing_it(request, fixture):
    result = season_result(request.getfixturevalue(fixture), now=timezone.now())
    lengths = rules.explanation_lengths(result)
    assert lengths == {row.player: len(rules.explain_player(result, row.player)) for row in result.standings}

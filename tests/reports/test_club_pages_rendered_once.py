"""The ratings page's table and a season's printable palmarès are rendered once per
revision and language, and again after a change: every reader is served the same HTML."""

import pytest
from django.test.signals import template_rendered
from django.urls import reverse

from league.models import Season
from league.services.revision import invalidate
from reports.views import palmares as views


@pytest.fixture
def rendered():
    """The templates rendered while the test runs, by name."""
    names = []

    def note(sender, template, **kwargs):
        names.append(template.name)

    template_rendered.connect(note)
    yield names
    template_rendered.disconnect(note)


@pytest.fixture
def ratings_read(monkeypatch):
    """Each time the ratings page read every player's ratings."""
    reads = []
    read = views.club_ratings

    def counting(**kwargs):
        reads.append(kwargs)
        return read(**kwargs)

    monkeypatch.setattr(views, "club_ratings", counting)
    return reads


def test_the_ratings_are_read_and_rendered_once_until_a_season_changes(
    client, small_season, rendered, ratings_read
):
    url = reverse("reports:ratings")
    first = client.get(url).content.decode()
    assert first.count('<tr data-player="') == 10
    second = client.get(url).content.decode()
    assert second.count('<tr data-player="') == 10
    assert len(ratings_read) == 1
    assert rendered.count("reports/_ratings_table.html") == 1

    Season.objects.filter(pk=small_season.pk).update(params={"place_points": [5, 3, 1, 0, -2]})
    invalidate(small_season)
    client.get(url)
    assert len(ratings_read) == 2
    assert rendered.count("reports/_ratings_table.html") == 2


def test_each_language_has_its_own_ratings_table(client, small_season, settings, rendered):
    url = reverse("reports:ratings")
    assert "<th>Joueur</th>" in client.get(url).content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert "<th>Player</th>" in client.get(url).content.decode()
    assert rendered.count("reports/_ratings_table.html") == 2


def test_a_printable_palmares_is_rendered_once_until_its_season_changes(client, small_season, rendered):
    url = reverse("reports:palmares_print", args=[small_season.name])
    first = client.get(url).content.decode()
    assert "Classement final" in first
    assert (
        client.get(url).content.decode().count("<tr>") == first.count("<tr>") == 11
    )  # the header and 10 lines
    assert rendered.count("reports/_palmares_print_body.html") == 1

    Season.objects.filter(pk=small_season.pk).update(params={"place_points": [5, 3, 1, 0, -2]})
    invalidate(small_season)
    client.get(url)
    assert rendered.count("reports/_palmares_print_body.html") == 2

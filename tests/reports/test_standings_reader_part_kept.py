"""A member's own part of the standings page (his goals, his line over the leaders' chart) is
made once per revision and reader, and made again after a change."""

import pytest
from django.urls import reverse

import reports.views.standings as views
from accounts.models import User
from league.services.revision import invalidate
from reports.selectors.readings import season_standings


@pytest.fixture
def goals_made(monkeypatch):
    """Each reader whose goals the page made."""
    made = []
    make = views.goals_of

    def counted(season, player, now):
        made.append(player)
        return make(season, player, now)

    monkeypatch.setattr(views, "goals_of", counted)
    return made


def test_the_readers_part_is_made_once_per_revision(
    client, larger_season, goals_made, django_capture_on_commit_callbacks
):
    """40 players: the chart draws the ten leaders, and the reader's own line over them."""
    last = season_standings(larger_season, now=larger_season.manches.last().starts_at).lines[-1]
    client.force_login(User.objects.get(username=last.player))
    url = reverse("reports:standings", args=[larger_season.name])
    first = client.get(url).content.decode()
    second = client.get(url).content.decode()
    assert first.split("</nav>")[1] == second.split("</nav>")[1]  # the same page (but its CSRF token)
    assert 'id="my-projection"' in first and "Vos points moyens, manche après manche" in first
    assert goals_made == [last.player]
    with django_capture_on_commit_callbacks(execute=True):
        invalidate(larger_season)
    larger_season.refresh_from_db()
    assert 'id="my-projection"' in client.get(url).content.decode()
    assert goals_made == [last.player, last.player]


def test_each_reader_has_his_own_part(client, larger_season, goals_made):
    lines = season_standings(larger_season, now=larger_season.manches.last().starts_at).lines
    url = reverse("reports:standings", args=[larger_season.name])
    for line in (lines[-1], lines[-2]):
        client.force_login(User.objects.get(username=line.player))
        client.get(url)
    assert goals_made == [lines[-1].player, lines[-2].player]

"""Ce qu'il me faut on the site: every player's goals, his own on the standings and his page,
following the calendar (a manche added to the season changes what is left)."""

from datetime import timedelta

import time_machine
from django.urls import reverse

from league.models import Manche
from league.services.calendar import manche_add
from league.templatetags.numbers import average
from reports.selectors.readings import season_projections, season_standings
from tests.support.seasongen import load_season


def test_the_page_lists_every_classified_player_with_his_goals(client, small_season):
    response = client.get(reverse("reports:projections", args=[small_season.name]))
    html = response.content.decode()
    lines = season_standings(small_season, now=small_season.manches.last().starts_at).lines
    assert response.status_code == 200
    for line in lines:
        assert f'id="joueur-{line.player}"' in html
    assert "Éviter la Cuillère de bois" in html
    assert "Plus aucune manche au calendrier." in html  # the generated season has nothing planned


def test_nothing_left_on_the_calendar_puts_passing_out_of_reach_unless_already_done(client, small_season):
    """With no manche planned, a goal is either met at the close or out of reach."""
    found = season_projections(small_season, now=small_season.manches.last().starts_at)
    statuses = {g.status for p in found.players.values() for g in p.goals}
    assert statuses <= {"already", "out_of_reach"}
    assert "out_of_reach" in statuses


def test_a_manche_added_to_the_calendar_opens_the_goals_again(client, small_season):
    last = Manche.objects.filter(season=small_season).order_by("-starts_at").first()
    now = last.starts_at + timedelta(days=1)
    with time_machine.travel(now, tick=False):
        before = season_projections(small_season, now=now)
        manche_add(by=None, season=small_season, starts_at=now + timedelta(days=7), now=now)
        small_season.refresh_from_db()
        after = season_projections(small_season, now=now)
    assert (before.remaining, after.remaining) == (0, 1)
    statuses = {g.status for p in after.players.values() for g in p.goals}
    assert "places" in statuses


def test_a_signed_in_player_sees_his_own_goals_on_the_standings_and_his_page(client, small_season):
    from accounts.models import User

    lines = season_standings(small_season, now=small_season.manches.last().starts_at).lines
    last = User.objects.get(username=lines[-1].player)
    client.force_login(last)
    standings = client.get(reverse("reports:standings", args=[small_season.name])).content.decode()
    assert 'id="my-projection"' in standings
    assert "Passer " in standings
    page = client.get(reverse("reports:player", args=[last.username])).content.decode()
    assert 'id="player-projection"' in page


def test_a_closed_season_has_nothing_to_project(client, closed_season):
    html = client.get(reverse("reports:projections", args=[closed_season.name])).content.decode()
    assert "il n'y a plus rien à projeter" in html
    assert season_projections(closed_season, now=closed_season.manches.last().starts_at).players == {}


def test_the_navigation_leads_to_the_current_season(client, small_season):
    response = client.get(reverse("reports:projections_current"))
    assert response.url == reverse("reports:projections", args=[small_season.name])
    assert reverse("reports:projections_current") in client.get("/").content.decode()


def test_his_goals_name_the_player_to_pass_without_reading_the_whole_classification(
    client, small_season, monkeypatch
):
    from accounts.models import User
    from league import revision_cache

    lines = season_standings(small_season, now=small_season.manches.last().starts_at).lines
    last = User.objects.get(username=lines[-1].player)
    client.force_login(last)
    url = reverse("reports:standings", args=[small_season.name])
    client.get(url)  # warm
    read = []
    get_many = revision_cache._get_many
    monkeypatch.setattr(revision_cache, "_get_many", lambda keys: read.extend(keys) or get_many(keys))
    standings = client.get(url).content.decode()
    assert f"Passer {lines[-2].name}" in standings
    assert not [key for key in read if key.endswith(":reports:standings")]


def test_everyone_s_goals_are_rendered_once_per_revision_and_a_player_still_sees_his_own(
    client, small_season, monkeypatch
):
    from accounts.models import User
    from reports.views import projections as views

    url = reverse("reports:projections", args=[small_season.name])
    lines = season_standings(small_season, now=small_season.manches.last().starts_at).lines
    phrased = []
    goal_lines = views.goal_lines
    monkeypatch.setattr(views, "goal_lines", lambda p, names: phrased.append(p) or goal_lines(p, names))
    client.get(url)
    assert len(phrased) == len(lines)
    phrased.clear()
    visitor = client.get(url).content.decode()
    assert phrased == []
    client.force_login(User.objects.get(username=lines[-1].player))
    member = client.get(url).content.decode()
    assert len(phrased) == 1  # his own goals only
    assert 'id="my-projection"' in member and 'id="my-projection"' not in visitor
    for line in lines:
        assert f'id="joueur-{line.player}"' in visitor and f'id="joueur-{line.player}"' in member


def test_each_average_is_written_as_the_standings_write_it(client, db):
    """Two decimals, as in the classification beside it (1,42, not 1,4167): five manches
    each, so that points ÷ 6 has more decimals for some."""
    season = load_season(name="2030-2031", players=10, manches_per_player=5, seed=3)
    now = season.manches.last().starts_at + timedelta(days=1)
    with time_machine.travel(now, tick=False):
        html = client.get(reverse("reports:projections", args=[season.name])).content.decode()
    lines = season_standings(season, now=now).lines
    assert any(line.average != round(line.average, 2) for line in lines)  # some have more decimals
    for line in lines:
        assert f"{average(line.average)} de moyenne" in html

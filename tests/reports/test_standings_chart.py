"""The progression chart of the standings page: everyone in a club-sized season, the leaders (and
the reader) in a big one, so that it stays readable and light whatever the number of players."""

import re
import xml.etree.ElementTree as ET  # noqa: S405 (our own SVG, not untrusted input)

from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from reports.views.standings import CHART_ALL_PLAYERS, CHART_LEADERS
from tests.support.engine import season_result
from tests.support.seasongen import load_season

SVG = "{http://www.w3.org/2000/svg}"


def charts_of(client, season) -> list[ET.Element]:
    """The drawings of the page's chart section: the shared chart, then any line laid over it."""
    html = client.get(reverse("reports:standings", args=[season.name])).content.decode()
    section = re.search(r'<section class="mt-4" id="chart">(.*?)</section>', html, re.S).group(1)
    return [ET.fromstring(svg) for svg in re.findall(r"<svg .*?</svg>", section, re.S)]  # noqa: S314


def lines_of(drawing: ET.Element) -> list[str]:
    return [path.get("data-player") for path in drawing.iter(f"{SVG}path")]


def big_season(players: int, name: str = "2030-2031", prefix: str = "p"):
    return load_season(
        name=name, players=players, manches_per_player=4, donnes=2, seed=7, username_prefix=prefix
    )


def test_a_club_sized_season_draws_every_players_line(client, small_season):
    (chart,) = charts_of(client, small_season)
    standings = season_result(small_season, now=timezone.now()).standings
    assert lines_of(chart) == [row.player for row in standings]


def test_a_big_season_draws_the_leaders_of_the_classification_only(client, db):
    season = big_season(CHART_ALL_PLAYERS + 10)
    (chart,) = charts_of(client, season)
    standings = season_result(season, now=timezone.now()).standings
    assert lines_of(chart) == [row.player for row in standings[:CHART_LEADERS]]


def test_a_reader_outside_the_leaders_sees_his_own_line_over_the_chart(client, db):
    season = big_season(CHART_ALL_PLAYERS + 10)
    last = season_result(season, now=timezone.now()).standings[-1].player
    client.force_login(User.objects.get(username=last))
    chart, mine = charts_of(client, season)
    assert len(lines_of(chart)) == CHART_LEADERS
    assert lines_of(mine) == [last]
    assert mine.get("viewBox") == chart.get("viewBox")  # laid over it, on the same axes


def test_a_leader_reads_the_same_chart_as_everyone(client, db):
    season = big_season(CHART_ALL_PLAYERS + 10)
    first = season_result(season, now=timezone.now()).standings[0].player
    client.force_login(User.objects.get(username=first))
    (chart,) = charts_of(client, season)
    assert first in lines_of(chart)


def test_the_chart_weighs_the_same_for_twice_as_many_players(client, db):
    """Twice the players (and manches), the same leaders' lines of four manches each."""
    fewer = big_season(2 * CHART_ALL_PLAYERS, name="2030-2031", prefix="p")
    more = big_season(4 * CHART_ALL_PLAYERS, name="2031-2032", prefix="q")
    weight = {season: len(ET.tostring(charts_of(client, season)[0])) for season in (fewer, more)}
    assert weight[more] < 1.2 * weight[fewer]

"""The season and calendar pages show a page of manches, by default the one holding the next manche."""

from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.selectors.seasons import MANCHES_PER_PAGE
from tests.support.seasongen import START, load_season


@pytest.fixture
def big_season(db):
    """80 manches, one a day from ``START``."""
    return load_season(name="2030-2031", players=40, manches_per_player=10, donnes=2, seed=9, start=START)


@pytest.mark.parametrize("page", ["league:season_detail", "league:calendar"])
def test_a_big_season_opens_on_the_page_of_its_next_manche(client, big_season, page):
    url = reverse(page, args=[big_season.name])
    with time_machine.travel(START + timedelta(days=70, hours=-1), tick=False):  # manche 71 is next
        response = client.get(url)
    pages = -(-80 // MANCHES_PER_PAGE)
    holding_71 = 70 // MANCHES_PER_PAGE + 1
    assert response.context["page"].number == holding_71
    body = response.content.decode()
    assert reverse("league:manche_detail", args=[big_season.name, 71]) in body
    first_shown = (holding_71 - 1) * MANCHES_PER_PAGE + 1
    assert reverse("league:manche_detail", args=[big_season.name, first_shown - 1]) + '"' not in body
    assert f"{holding_71} / {pages}" in body  # the pager


@pytest.mark.parametrize("page", ["league:season_detail", "league:calendar"])
def test_every_page_can_be_asked_for(client, big_season, page):
    with time_machine.travel(START + timedelta(days=70), tick=False):
        response = client.get(reverse(page, args=[big_season.name]), {"page": 1})
    assert response.context["page"].number == 1
    assert reverse("league:manche_detail", args=[big_season.name, 1]) + '"' in response.content.decode()


@pytest.mark.parametrize("page", ["league:season_detail", "league:calendar"])
def test_how_many_manches_and_how_many_past_are_one_query(client, big_season, page):
    with time_machine.travel(START + timedelta(days=70, hours=-1), tick=False):
        client.get(reverse(page, args=[big_season.name]))  # warm
        with CaptureQueriesContext(connection) as captured:
            response = client.get(reverse(page, args=[big_season.name]))
    counts = [
        q["sql"]
        for q in captured.captured_queries
        if "COUNT(" in q["sql"] and "league_registration" not in q["sql"]
    ]
    assert len(counts) == 1
    assert response.context["page"].paginator.count == 80

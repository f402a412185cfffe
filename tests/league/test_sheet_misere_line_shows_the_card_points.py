"""The sheet's line of a misère game shows each player's card points as entered, in the reader's
notation (``20,5`` in French), in playing order: the line said only « Jeu de la misère · donneur … »."""

from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse
from django.utils import translation

from league.models import Manche
from league.selectors.sheet import sheet_state
from tests.support.seasons import NIGHT
from tests.support.sheet import add, misere

POINTS = {"bruno": 10, "anne": "20.5", "fifi": 30, "eric": 5, "gege": "15.5"}


@pytest.fixture
def misere_game(manche, capitaine):
    with time_machine.travel(NIGHT + timedelta(hours=1), tick=False):
        add(manche, capitaine, misere(POINTS))
        yield Manche.objects.select_related("season").get(pk=manche.pk)


def test_the_misere_line_shows_each_players_card_points(client, misere_game):
    url = reverse("league:sheet", args=[misere_game.season.name, misere_game.number])
    html = client.get(url).content.decode()
    assert "Jeu de la misère</strong> · Bruno 10 · Anne 20,5 · Fifi 30 · Éric 5 · Gege 15,5 · donneur" in html


def test_in_english_the_points_read_with_a_decimal_point(misere_game):
    with translation.override("en"):
        (row,) = sheet_state(misere_game).rows()
        assert row["card_points"] == ["Bruno 10", "Anne 20.5", "Fifi 30", "Éric 5", "Gege 15.5"]


def test_a_contract_line_has_no_card_points(manche, capitaine, player):
    from tests.support.sheet import contract

    with time_machine.travel(NIGHT + timedelta(hours=1), tick=False):
        add(manche, capitaine, contract(player, points=60))
        (row,) = sheet_state(Manche.objects.select_related("season").get(pk=manche.pk)).rows()
    assert row["card_points"] == []

"""A penalty pays an amount into the pot (rulebook §3): the sheet never drops what was typed of one.

A reason, or what the penalty pays each other player, typed without the
amount paid into the pot is refused on that player's amount field, with a
message naming the rule; nothing is saved. Before, the donne was saved
without the penalty and without a word.
"""

import re
from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse
from django.utils.html import escape

from league.models import Donne
from tests.support.seasons import NIGHT
from tests.support.sheet import contract, extras_errors, field_tag, misere, post_donne_fields

HTMX = {"HTTP_HX_REQUEST": "true"}
DURING_THE_NIGHT = NIGHT + timedelta(hours=1)


@pytest.fixture(autouse=True)
def on_the_night():
    with time_machine.travel(DURING_THE_NIGHT, tick=False):
        yield


def post(client, manche, body):
    url = reverse("league:sheet_donne_add", args=[manche.season.name, manche.number])
    return client.post(url, body, **HTMX).content.decode()


@pytest.mark.parametrize("amount", ["", "0"])
def test_a_penalty_reason_without_its_amount_is_refused_on_the_amount(client, manche, capitaine, amount):
    client.force_login(capitaine)
    body = post_donne_fields(0, contract(capitaine, points=60))
    body.update({"penalty_gege": amount, "penalty_reason_gege": "chien regardé"})
    html = post(client, manche, body)
    assert "is-invalid" in field_tag(html, "penalty_gege")
    assert 'aria-describedby="extras-errors-gege"' in field_tag(html, "penalty_gege")
    assert escape(
        "Gege\xa0: Montant manquant : une pénalité paie au pot un multiple de 10."
    ) in extras_errors(html, "gege")
    assert re.search(r"<details[^>]* open>", html)  # the optional details are shown open, with the message
    assert not Donne.objects.exists()


def test_what_a_penalty_pays_each_player_without_its_amount_is_refused_on_the_amount(
    client, manche, capitaine
):
    client.force_login(capitaine)
    body = post_donne_fields(0, contract(capitaine, points=60))
    body.update({"penalty_reason_gege": "main jetée", "penalty_each_gege": "40"})
    html = post(client, manche, body)
    assert "is-invalid" in field_tag(html, "penalty_gege")
    assert escape("Montant manquant : une pénalité paie d'abord au pot un multiple de 10") in extras_errors(
        html, "gege"
    )
    assert not Donne.objects.exists()


def test_in_the_misere_game_too(client, manche, capitaine):
    client.force_login(capitaine)
    points = {"bruno": 10, "anne": 20, "fifi": 30, "eric": 15, "gege": 16}
    body = post_donne_fields(0, misere(points))
    body["penalty_reason_anne"] = "a joué avant son tour"
    html = post(client, manche, body)
    assert "is-invalid" in field_tag(html, "penalty_anne")
    assert "Montant manquant" in extras_errors(html, "anne")
    assert not Donne.objects.exists()


def test_a_whole_penalty_is_still_saved(client, manche, capitaine):
    client.force_login(capitaine)
    body = post_donne_fields(0, contract(capitaine, points=60))
    body.update({"penalty_gege": "60", "penalty_reason_gege": "main jetée", "penalty_each_gege": "40"})
    post(client, manche, body)
    assert Donne.objects.get().penalties == [
        {"player": "gege", "amount": 60, "reason": "main jetée", "to_each_player": 40}
    ]

"""A poignée's or a misère's refusal reads under the player's row, the whole panel's width
(a phone gives each of the three columns a third of it), its field marked and pointing there."""

from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse
from django.utils.html import escape

from league.models import Donne
from tests.support.seasons import NIGHT
from tests.support.sheet import contract, extras_errors, field_tag, post_donne_fields


@pytest.fixture(autouse=True)
def on_the_night():
    with time_machine.travel(NIGHT + timedelta(hours=1), tick=False):
        yield


def test_a_poignee_beside_a_valid_misere_d_atout_is_refused_under_the_players_row(client, manche, capitaine):
    client.force_login(capitaine)
    body = post_donne_fields(0, contract(capitaine, points=60))
    body.update({"poignee_gege": "simple", "misere_atout_gege": "valid"})
    url = reverse("league:sheet_donne_add", args=[manche.season.name, manche.number])
    html = client.post(url, body, HTTP_HX_REQUEST="true").content.decode()
    assert 'aria-describedby="extras-errors-gege"' in field_tag(html, "poignee_gege")
    assert "is-invalid" in field_tag(html, "poignee_gege")
    assert escape("Poignée\xa0: Gege a annoncé une misère d'atout valide") in extras_errors(html, "gege")
    assert not Donne.objects.exists()

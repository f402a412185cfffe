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


def test_a_refused_donne_says_so_at_the_top_of_the_editor_naming_each_field(client, manche, capitaine):
    """The page lands on the editor's top after a refused donne; a refusal in the fold of
    poignées, chelem and misères is a phone's length below it, so the top lists each refused
    field, linked, with the rule."""
    client.force_login(capitaine)
    body = post_donne_fields(0, contract(capitaine, bouts=3, points=91))
    body.update(
        {
            "chelem": "made",
            "misere_atout_bruno": "valid",
            "poignee_gege": "simple",
            "misere_atout_gege": "valid",
        }
    )
    url = reverse("league:sheet_donne_add", args=[manche.season.name, manche.number])
    html = client.post(url, body, HTTP_HX_REQUEST="true").content.decode()
    summary = html[html.index('class="alert alert-danger py-2 error-summary"') : html.index("</ul>")]
    assert html.index("error-summary") < html.index('name="kind"')
    assert "La donne n'est pas enregistrée" in summary
    assert '<a class="alert-link" href="#id_chelem">Chelem</a>' in summary
    assert escape("il ne peut donc pas réaliser le chelem") in summary
    assert '<a class="alert-link" href="#id_poignee_gege">Poignée (Gege)</a>' in summary
    assert summary.index("id_chelem") < summary.index("id_poignee_gege")  # in the form's order
    assert not Donne.objects.exists()


def test_a_refused_row_of_buttons_is_linked_at_its_first_button(client, manche, capitaine):
    client.force_login(capitaine)
    body = post_donne_fields(0, contract(capitaine))
    body.pop("taker")
    url = reverse("league:sheet_donne_add", args=[manche.season.name, manche.number])
    html = client.post(url, body, HTTP_HX_REQUEST="true").content.decode()
    assert '<a class="alert-link" href="#id_taker_0">Preneur</a>' in html
    assert 'id="id_taker_0"' in html

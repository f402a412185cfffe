"""The draw's form (who arrived first, …, and the host: six selects of the table's players) is
rendered once for the table it shows, as the President's other forms are: through crispy's
templates it was a third of the page. A new player at the table shows in it at once."""

from datetime import timedelta

import pytest
from django.template.loader import render_to_string
from django.test.signals import template_rendered
from django.urls import reverse

from league.forms.seasons import DrawForm
from league.selectors import registrations as registration_reads
from league.services.registrations import registration_withdraw
from tests.support.seasons import register

pytestmark = pytest.mark.usefixtures("in_season_clock")


def _view(client, url) -> tuple[str, list[str]]:
    """The page's HTML and the templates it rendered."""
    templates = []

    def rendered(sender, template, **kwargs):
        templates.append(template.name)

    template_rendered.connect(rendered)
    try:
        response = client.get(url)
    finally:
        template_rendered.disconnect(rendered)
    assert response.status_code == 200
    return response.content.decode(), templates


def _form_as_crispy_writes_it(manche) -> str:
    players = [r.player for r in registration_reads.seated(manche)]
    return render_to_string("accounts/_crispy_form.html", {"form": DrawForm(players=players)})


def test_the_draw_form_is_rendered_once_for_its_table(client, president, open_manche, player, members):
    register(open_manche, player, *members[:4])
    client.force_login(president)
    url = reverse("league:draw", args=[open_manche.season.name, open_manche.number])
    first, templates = _view(client, url)
    assert "bootstrap5/field.html" in templates
    again, templates = _view(client, url)
    assert "bootstrap5/field.html" not in templates
    assert _form_as_crispy_writes_it(open_manche) in again


def test_a_new_player_at_the_table_shows_in_the_draw_form_at_once(
    client, president, open_manche, player, members
):
    registrations = register(open_manche, player, *members[:5])  # the sixth waits
    client.force_login(president)
    url = reverse("league:draw", args=[open_manche.season.name, open_manche.number])
    html, _templates = _view(client, url)
    assert f">{members[4]}</option>" not in html
    registration_withdraw(
        by=None, registration=registrations[1], now=open_manche.starts_at - timedelta(days=3)
    )
    html, _templates = _view(client, url)
    assert f">{members[4]}</option>" in html
    assert _form_as_crispy_writes_it(open_manche) in html

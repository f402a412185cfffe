"""Correcting a donne reads and scores the sheet once per version of it, and renders its
entry form, while nothing is typed in it, once per version for whoever corrects it (his
own CSRF token in it); a form sent back with its errors is rendered as it is."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.signals import template_rendered
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league import rules
from league.models import Donne, Manche
from tests.support.sheet import contract, post_donne_fields

pytestmark = pytest.mark.usefixtures("in_season_clock")

EDITOR = "league/sheet/_editor.html"
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@pytest.fixture
def editors_rendered():
    """How many times the entry form's template was rendered."""
    names = []

    def note(sender, template, **kwargs):
        names.append(template.name)

    template_rendered.connect(note)
    yield lambda: names.count(EDITOR)
    template_rendered.disconnect(note)


@pytest.fixture
def scored(monkeypatch):
    """How many times a sheet was scored by the engine."""
    calls = []
    score = rules.score_sheet

    def counted(*args, **kwargs):
        calls.append(1)
        return score(*args, **kwargs)

    monkeypatch.setattr(rules, "score_sheet", counted)
    return calls


def edit_url(manche, index: int) -> str:
    return reverse("league:sheet_donne_edit", args=[manche.season.name, manche.number, index])


def donnes_read(client, url) -> tuple[str, int]:
    """The page at ``url`` and how many times it read the donnes' table."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return response.content.decode(), sum('FROM "league_donne"' in q["sql"] for q in queries.captured_queries)


def without_token(html: str) -> str:
    return TOKEN.sub("", re.sub(r'"X-CSRFToken": "[^"]+"', "", html))


def test_the_sheet_is_read_and_scored_once_per_version(small_season, president, scored):
    manche = Manche.objects.get(season=small_season, number=1)
    client = Client()
    client.force_login(president)
    first, read = donnes_read(client, edit_url(manche, 3))
    assert read == 1 and len(scored) == 1
    again, read = donnes_read(client, edit_url(manche, 5))  # another donne of the same sheet
    assert read == 0 and len(scored) == 1
    assert "Corriger la donne 5" in again

    Donne.objects.filter(manche=manche, index=5).update(points=91, bouts=3)
    Manche.objects.filter(pk=manche.pk).update(sheet_version=manche.sheet_version + 1)
    changed, read = donnes_read(client, edit_url(manche, 5))
    assert read == 1 and len(scored) == 2
    assert 'name="points" id="id_points" value="91"' in changed


def test_the_entry_form_is_rendered_once_per_version_with_each_readers_token(
    small_season, president, editors_rendered
):
    manche = Manche.objects.get(season=small_season, number=1)
    client = Client(enforce_csrf_checks=True)
    client.force_login(president)
    url = edit_url(manche, 2)
    rendered, kept = (client.get(url).content.decode() for _ in range(2))
    assert editors_rendered() == 1
    assert without_token(kept) == without_token(rendered)  # the same page, byte for byte
    client.get(edit_url(manche, 4))
    assert editors_rendered() == 2  # another donne, another form

    other = Client(enforce_csrf_checks=True)
    other.force_login(president)
    page = other.get(url).content.decode()
    assert editors_rendered() == 2
    editor = page.split('id="editor"')[1]
    (token,) = set(TOKEN.findall(editor))
    donne = Donne.objects.get(manche=manche, index=2)
    body = post_donne_fields(manche.sheet_version, contract(donne.taker, "garde_sans", bouts=3, points=70))
    answer = other.post(url, {**body, "csrfmiddlewaretoken": token})
    assert answer.status_code == 302  # through the CSRF check (a refusal is a 403)
    assert Donne.objects.get(manche=manche, index=2).points == 70
    assert 'name="points" id="id_points" value="70"' in other.get(url).content.decode()
    assert editors_rendered() == 3  # the new version's


def test_a_correction_refused_shows_what_was_typed_and_names_the_field(
    small_season, president, editors_rendered
):
    manche = Manche.objects.get(season=small_season, number=1)
    client = Client()
    client.force_login(president)
    url = edit_url(manche, 1)
    client.get(url)
    body = post_donne_fields(manche.sheet_version, contract("", "garde", bouts=2, points="quatre"))
    answer = client.post(url, body)
    html = answer.content.decode()
    assert answer.status_code == 200 and editors_rendered() == 2  # rendered as it is, not the kept one
    assert 'value="quatre"' in html and "Saisissez un nombre." in html
    assert "Choisissez le preneur." in html
    assert re.search(r'<div class="btn-group-wrap[^"]*is-invalid" role="group" aria-label="Preneur">', html)
    assert Donne.objects.get(manche=manche, index=1).points != 0  # nothing saved
    assert 'value="quatre"' not in client.get(url).content.decode()  # the kept form is untouched


def test_a_table_of_registrations_not_yet_seated_is_read_at_each_view(open_manche, capitaine, player, others):
    """Until a first write saves the seats, the sheet seats the registrations, which change with no
    new version of the sheet: that state is never kept."""
    from league.selectors.sheet import kept_sheet_state
    from tests.support.seasons import register

    register(open_manche, capitaine, player, *others[:2])
    manche = Manche.objects.select_related("season").get(pk=open_manche.pk)
    first = kept_sheet_state(manche, now=manche.starts_at)
    assert not first.seats_saved
    register(open_manche, others[2])
    assert len(kept_sheet_state(manche, now=manche.starts_at).seats) == len(first.seats) + 1


def test_a_kept_sheet_is_given_the_readers_manche(small_season):
    from league.selectors.sheet import kept_sheet_state

    manche = Manche.objects.select_related("season").get(season=small_season, number=1)
    kept_sheet_state(manche, now=manche.starts_at)
    again = Manche.objects.select_related("season").get(pk=manche.pk)
    state = kept_sheet_state(again, now=manche.starts_at)
    assert state.manche is again and len(state.donnes) == 20 and state.ranking

"""A compte-rendu cannot slow the site down: bounded length and nesting, rendered once when saved.

Limits (``league.markdown``): 20,000 characters and 10 levels of nested
lists or quotes; the preview and the post say so in a message. The stored
HTML is what readers get, so a page never renders Markdown.
"""

import time_machine
from django.urls import reverse

from league.markdown import MAX_CHARS, MAX_DEPTH, render_markdown
from tests.support.seasons import paris

from .test_compte_rendu_pages import DURING, START, write_url

DEEP = "".join("  " * level + "- x\n" for level in range(40))  # 40 levels, 1,720 characters


def _preview(client, text):
    return client.post(reverse("league:cr_preview"), {"text": text}, HTTP_HX_REQUEST="true")


def test_preview_refuses_a_text_over_the_limit_with_a_message(client, players):
    client.force_login(players["anne"])
    response = _preview(client, "- x\n" * 100_000)
    assert response.status_code == 200
    page = response.content.decode()
    assert f"{MAX_CHARS:,}".replace(",", "") in page.replace("\u202f", "").replace(" ", "")
    assert "<li>" not in page


def test_preview_refuses_300_nested_list_levels_with_a_message(client, players):
    client.force_login(players["anne"])
    response = _preview(client, DEEP)
    assert response.status_code == 200
    assert f"plus de {MAX_DEPTH} niveaux" in response.content.decode()


def test_posting_a_too_long_or_too_deep_compte_rendu_is_refused_and_stores_nothing(client, played, players):
    from league.models import CompteRendu

    manche = played(1, START)
    client.force_login(players["anne"])
    with time_machine.travel(DURING, tick=False):
        long = client.post(write_url(manche), {"title": "Long", "text": "x" * (MAX_CHARS + 1)})
        deep = client.post(write_url(manche), {"title": "Profond", "text": DEEP})
    assert long.status_code == 200 and deep.status_code == 200
    assert "caractères" in long.content.decode() and "niveaux" in deep.content.decode()
    assert not CompteRendu.objects.exists()


def test_the_html_is_rendered_when_saved_and_pages_show_the_stored_html(client, played, players):
    """Pages read the stored HTML: a compte-rendu stored with pathological Markdown costs readers nothing."""
    from league.models import CompteRendu

    manche = played(1, START)
    cr = CompteRendu.objects.create(
        manche=manche, author=players["anne"], title="T", text="**gras**", posted_at=paris(2025, 10, 3)
    )
    assert cr.html == str(render_markdown("**gras**"))
    CompteRendu.objects.filter(pk=cr.pk).update(text=DEEP)  # text no page should try to render
    for url in (
        reverse("league:cr_detail", args=[manche.season.name, cr.pk]),
        reverse("league:manche_detail", args=[manche.season.name, manche.number]),
        reverse("league:cr_list", args=[manche.season.name]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "gras" in response.content.decode()


def test_rendering_stays_linear_on_unmatched_brackets():
    """20,000 ``[`` took 51 s with Python-Markdown; the same text must render like any other."""
    render_markdown("[" * MAX_CHARS)  # must not hang: the suite's timeout would catch it
    assert render_markdown("[" * 10).strip() == "<p>" + "[" * 10 + "</p>"

"""The night, shared: the manche's preview image for messaging apps, and the vainqueur's draft."""

import io
import re

import pytest
from PIL import Image
from playwright.sync_api import expect

from . import club
from .journeys import sign_in


def _played_night():
    users = club.members()
    manche = club.tonight(users)
    return club.play_the_night(manche, users)


@pytest.mark.django_db(transaction=True)
def test_the_manche_page_shares_an_image_of_the_nights_result(open_browser):
    manche = _played_night()
    page = open_browser()
    open_browser.last_page = page
    page.goto(club.manche_path(manche))
    image_url = page.locator('meta[property="og:image"]').get_attribute("content")
    assert image_url.endswith(club.manche_path(manche) + "resultat.png")
    answer = page.request.get(image_url)
    assert answer.ok and answer.headers["content-type"] == "image/png"
    image = Image.open(io.BytesIO(answer.body()))
    assert image.size == (1200, 630)
    assert image.getpixel((40, 200)) == (209, 231, 221)  # the vainqueur's line, marked
    page.goto(image_url)
    size = page.evaluate("() => [document.images[0].naturalWidth, document.images[0].naturalHeight]")
    assert size == [1200, 630]


@pytest.mark.django_db(transaction=True)
def test_the_vainqueur_starts_his_compte_rendu_from_the_nights_facts(open_browser):
    manche = _played_night()
    page = open_browser()
    open_browser.last_page = page
    sign_in(page, "anne", next_path=club.manche_path(manche))
    page.locator("#compte-rendu").get_by_role("link", name="Écrire le compte-rendu").click()
    draft = page.locator("textarea[name=text]")
    expect(draft).to_have_value(
        # NIGHT: Anne's gardes made, David's garde with Émile lost, the pot taken by Anne's second garde.
        re.compile(
            r"Plus gros contrat réussi : Garde d'Anne \(donne 3, \+280\)\.[\s\S]*"
            r"Plus gros contrat chuté : Garde de David avec Émile \(donne 2, −130\)\.[\s\S]*"
            r"Le pot : sa plus grosse prise, 110 jetons, par Anne \(donne 3\)\."
        )
    )
    draft.fill(draft.input_value().replace("## Ambiance\n", "## Ambiance\nUne soirée de gardes.\n"))
    page.fill("input[name=title]", "Les gardes d'Anne")
    page.get_by_role("button", name="Poster").click()
    expect(page.locator("main")).to_contain_text("Compte-rendu posté")

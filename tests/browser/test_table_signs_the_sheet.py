"""After the close: a player confirms the sheet from his phone, another contests a donne, the President rules."""

import pytest
from playwright.sync_api import expect

from . import club
from .journeys import sign_in


@pytest.mark.django_db(transaction=True)
def test_players_confirm_and_contest_and_the_president_rules(open_browser):
    from league.models import DonneContest, SheetSignature

    users = club.members()
    manche = club.tonight(users)
    club.play_the_night(manche, users)

    anne = open_browser()
    sign_in(anne, "anne", next_path=club.manche_path(manche))
    section = anne.locator("#signatures")
    section.get_by_role("button", name="Je valide la feuille").click()
    expect(anne.locator("main")).to_contain_text("vous avez validé la feuille")
    expect(anne.locator("#signatures li.signature").first).to_contain_text("validée le")
    assert SheetSignature.objects.filter(manche=manche, player=users["anne"]).exists()

    claire = open_browser()
    sign_in(claire, "claire", next_path=club.manche_path(manche))
    claire.locator("#signatures").get_by_role("link", name="Contester une donne").click()
    claire.select_option("select[name=index]", "2")
    claire.fill("textarea[name=reason]", "David avait 46 points, pas 45.")
    claire.get_by_role("button", name="Envoyer la contestation").click()
    expect(claire.locator("#signatures")).to_contain_text("résultat provisoire")
    expect(claire.locator("#signatures .contest")).to_contain_text("David avait 46 points")

    ben = open_browser()
    open_browser.last_page = ben
    sign_in(ben, "ben", next_path=club.manche_path(manche))
    ben.fill("#signatures textarea[name=note]", "45 points : la feuille est juste.")
    ben.locator("#signatures").get_by_role("button", name="Maintenir la donne").click()
    expect(ben.locator("main")).to_contain_text("Décision enregistrée")
    expect(ben.locator("#signatures .contest")).to_contain_text("donne maintenue")
    expect(ben.locator("#signatures")).not_to_contain_text("résultat provisoire")
    assert DonneContest.objects.get(manche=manche).ruling == "upheld"

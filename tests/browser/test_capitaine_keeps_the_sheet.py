"""The capitaine keeps the sheet on his phone: a whole manche, a correction, the close."""

import re
from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from . import club
from .journeys import sign_in


def choose(page, name: str, value) -> None:
    """Tap the button-like label of a radio choice, as a thumb would."""
    radio = page.locator(f'#editor input[type=radio][name="{name}"][value="{value or ""}"]')
    page.locator(f'#editor label[for="{radio.get_attribute("id")}"]').click()
    expect(radio).to_be_checked()


def enter_donne(page, *, contract, taker, partner, bouts, points, button="Valider la donne") -> None:
    choose(page, "contract", contract)
    choose(page, "taker", taker)
    choose(page, "partner", partner)
    choose(page, "bouts", bouts)
    page.locator("#editor input[name=points]").fill(points)
    page.locator("#editor").get_by_role("button", name=button).click()


@pytest.mark.django_db(transaction=True)
def test_capitaine_enters_a_whole_manche_corrects_a_donne_and_closes_it(open_browser, eager_tasks):
    from league.models import Donne, Manche

    users = club.members()
    manche = club.tonight(users)

    page = open_browser()
    open_browser.last_page = page
    sign_in(page, "bruno", next_path=club.manche_path(manche))
    page.get_by_role("link", name="Ouvrir la feuille").click()
    expect(page.locator("#board")).to_contain_text("Aucune donne pour l'instant.")

    first, second, third = club.NIGHT
    enter_donne(page, **first)
    expect(page.locator("#sheet")).to_contain_text("Donne 1 enregistrée.")
    enter_donne(page, **second)
    expect(page.locator("#sheet")).to_contain_text("Donne 2 enregistrée.")
    expect(page.locator("#pot")).to_contain_text("110")
    # A slip of the thumb: 50 points typed instead of 60.
    enter_donne(page, **{**third, "points": "50"})
    expect(page.locator("#sheet")).to_contain_text("Donne 3 enregistrée.")
    assert Donne.objects.get(manche=manche, index=3).points == 50

    page.locator("#donne-3 + tr.sheet-desc").get_by_role("link", name="corriger").click()
    expect(page.locator("#editor")).to_contain_text("Corriger la donne 3")
    page.locator("#editor input[name=points]").fill(third["points"])
    page.locator("#editor").get_by_role("button", name="Enregistrer la correction").click()
    expect(page.locator("#sheet")).to_contain_text("Donne 3 corrigée.")
    assert Donne.objects.get(manche=manche, index=3).points == 60
    for player, total in club.NIGHT_TOTALS.items():
        expect(page.locator(f'.sheet-totals td[data-player="{player}"]')).to_have_text(
            re.compile(rf"^[+−-]?{abs(total)}$")
        )
    expect(page.locator("#pot")).to_contain_text("0")

    asked = len(open_browser.dialogs)
    page.locator("#sheet-actions").get_by_role("button", name="Clôturer la manche").click()
    expect(page.locator("main")).to_contain_text("Manche clôturée")
    # Asked once (two scripts once asked it twice).
    assert open_browser.dialogs[asked:] == ["Clôturer la manche et publier le classement ?"]
    expect(page).to_have_url(re.compile(re.escape(club.manche_path(manche)) + "$"))
    expect(page.locator("#results")).to_contain_text("Vainqueur : Anne")
    manche.refresh_from_db()
    assert manche.status == Manche.Status.PLAYED
    assert manche.closed_by == users["bruno"]
    assert Donne.objects.filter(manche=manche).count() == 3


def in_view(page, selector: str) -> bool:
    """The element's top is on the screen, a little below its top edge at most (scrolled to it)."""
    top = page.locator(selector).evaluate("e => e.getBoundingClientRect().top")
    return 0 <= top < 100


@pytest.mark.django_db(transaction=True)
def test_the_president_corrects_a_donne_of_a_long_played_sheet_in_view(open_browser, eager_tasks):
    """Once the manche is played, the correction form comes after the whole board: « corriger »
    brings it into view, its card points in French notation, and then what saving it answered."""
    from league.models import Donne
    from league.services import sheet

    users = club.members()
    manche = club.tonight(users)
    sheet.table_ensure(manche=manche)
    for number in range(12):  # four times the night; donne 11, David's fall, at 46.5
        manche.refresh_from_db()
        donne = club.NIGHT[number % 3]
        points = Decimal("46.5") if number == 10 else Decimal(donne["points"])
        sheet.donne_add(
            manche=manche,
            data={"kind": "contract", **donne, "points": points},
            by=users["bruno"],
            seen_version=manche.sheet_version,
            now=timezone.now(),
        )
    manche.refresh_from_db()
    sheet.manche_close(
        manche=manche, by=users["bruno"], seen_version=manche.sheet_version, now=timezone.now()
    )

    page = open_browser()
    open_browser.last_page = page
    sign_in(page, "ben", next_path=club.manche_path(manche) + "feuille/")
    page.locator("#donne-11 + tr.sheet-desc").get_by_role("link", name="corriger").click()
    expect(page.locator("#editor")).to_contain_text("Corriger la donne 11")
    assert in_view(page, "#editor")
    expect(page.locator("#editor input[name=points]")).to_have_value("46,5")
    page.locator("#editor input[name=points]").fill("47,5")
    page.locator("#editor").get_by_role("button", name="Enregistrer la correction").click()
    expect(page.locator("#sheet > .alert")).to_contain_text("Donne 11 corrigée.")
    assert in_view(page, "#sheet > .alert")
    assert Donne.objects.get(manche=manche, index=11).points == Decimal("47.5")

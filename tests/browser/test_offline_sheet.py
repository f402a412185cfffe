"""The sheet on a phone with poor Wi-Fi: donnes kept offline, sent once, conflicts shown, the page cached."""

import re

import pytest
from playwright.sync_api import expect

from . import club
from .journeys import sign_in
from .test_capitaine_keeps_the_sheet import enter_donne

PENDING = "#board tr.sheet-pending"


def _sheet_path(manche) -> str:
    return club.manche_path(manche) + "feuille/"


def _server_totals(manche) -> dict:
    from league.models import Manche
    from league.selectors.sheet import sheet_state

    return sheet_state(Manche.objects.select_related("season").get(pk=manche.pk)).totals


def _shown_totals(page) -> dict:
    cells = page.locator(".sheet-totals td[data-player]")
    return {
        cells.nth(i).get_attribute("data-player"): int(
            cells.nth(i).inner_text().replace("−", "-").replace("+", "")
        )
        for i in range(cells.count())
    }


@pytest.mark.django_db(transaction=True)
def test_three_donnes_entered_offline_wait_on_the_phone_then_are_saved_exactly_once(open_browser):
    from league.models import Donne

    users = club.members()
    manche = club.tonight(users)
    page = open_browser()
    open_browser.last_page = page
    sign_in(page, "bruno", next_path=_sheet_path(manche))
    expect(page.locator("#board")).to_contain_text("Aucune donne pour l'instant.")

    page.context.set_offline(True)
    for donne in club.NIGHT:
        enter_donne(page, **donne)
    expect(page.locator("#sheet-sync")).to_contain_text("En attente d'envoi (3)")
    expect(page.locator(PENDING)).to_have_count(3)
    expect(page.locator(PENDING).first).to_contain_text("à calculer")
    expect(page.locator(PENDING).last).to_contain_text("Garde · Anne")
    assert not Donne.objects.filter(manche=manche).exists()

    page.context.set_offline(False)
    expect(page.locator(PENDING)).to_have_count(0, timeout=20_000)
    expect(page.locator("#sheet")).to_contain_text("Donne 3 enregistrée.")
    expect(page.locator("#sheet-sync")).to_be_hidden()
    expect(page.locator("#sheet-conflict")).to_be_hidden()
    saved = Donne.objects.filter(manche=manche).order_by("index")
    assert [(d.index, d.taker.username, int(d.points)) for d in saved] == [
        (i, d["taker"], int(d["points"])) for i, d in enumerate(club.NIGHT, start=1)
    ]
    assert _server_totals(manche) == club.NIGHT_TOTALS
    assert _shown_totals(page) == club.NIGHT_TOTALS
    page.reload()
    expect(page.locator(PENDING)).to_have_count(0)
    assert Donne.objects.filter(manche=manche).count() == 3


@pytest.mark.django_db(transaction=True)
def test_a_donne_whose_answer_is_lost_is_resent_without_a_duplicate(open_browser):
    from league.models import Donne

    users = club.members()
    manche = club.tonight(users)
    page = open_browser(service_workers="block")  # the route below sees every request
    open_browser.last_page = page
    sign_in(page, "bruno", next_path=_sheet_path(manche))
    lost = []

    def lose_the_answer(route):
        if not lost:
            route.fetch()  # the server receives and saves the donne…
            lost.append(route.request.url)
            route.abort("connectionreset")  # …but the phone never hears back
        else:
            route.continue_()

    page.route(re.compile(r".*/feuille/donnes/$"), lose_the_answer)
    enter_donne(page, **club.NIGHT[0])
    expect(page.locator("#sheet")).to_contain_text("Donne 1 déjà enregistrée", timeout=20_000)
    assert lost
    expect(page.locator(PENDING)).to_have_count(0)
    expect(page.locator("#board tr.sheet-scores")).to_have_count(1)
    assert Donne.objects.filter(manche=manche).count() == 1
    enter_donne(page, **club.NIGHT[1])
    expect(page.locator("#sheet")).to_contain_text("Donne 2 enregistrée.")
    assert Donne.objects.filter(manche=manche).count() == 2


@pytest.mark.django_db(transaction=True)
def test_two_phones_offline_meet_in_a_visible_conflict_and_no_donne_is_lost(open_browser):
    from league.models import Donne, SheetConflict

    users = club.members()
    manche = club.tonight(users)
    capitaine = open_browser()
    president = open_browser()
    open_browser.last_page = president
    sign_in(capitaine, "bruno", next_path=_sheet_path(manche))
    sign_in(president, "ben", next_path=_sheet_path(manche))
    for phone in (capitaine, president):
        expect(phone.locator("#board")).to_contain_text("Aucune donne pour l'instant.")
        phone.context.set_offline(True)
    enter_donne(capitaine, **club.NIGHT[0])
    enter_donne(president, **club.NIGHT[1])
    expect(capitaine.locator(PENDING)).to_have_count(1)
    expect(president.locator(PENDING)).to_have_count(1)

    capitaine.context.set_offline(False)
    expect(capitaine.locator("#sheet")).to_contain_text("Donne 1 enregistrée.", timeout=20_000)
    president.context.set_offline(False)
    panel = president.locator("#sheet-conflict")
    expect(panel).to_contain_text("La feuille a changé sur un autre appareil", timeout=20_000)
    expect(panel).to_contain_text("Garde · David")  # the phone's donne, still there
    expect(president.locator("#donne-1.from-elsewhere")).to_be_visible()  # the site's, highlighted
    expect(president.locator(PENDING)).to_have_count(1)
    assert Donne.objects.filter(manche=manche).count() == 1

    panel.get_by_role("button", name="Garder les deux").click()
    expect(president.locator("#sheet")).to_contain_text("Donne 2 enregistrée.", timeout=20_000)
    expect(president.locator(PENDING)).to_have_count(0)
    takers = list(
        Donne.objects.filter(manche=manche).order_by("index").values_list("taker__username", flat=True)
    )
    assert takers == ["anne", "david"]
    conflict = SheetConflict.objects.get(manche=manche)
    assert conflict.choice == "both" and conflict.decided_by == users["ben"]
    assert "Garde · David" in conflict.donnes[0]["summary"]


KEPT = """async () => {
    const cache = await caches.open("tarot-sheet-v1");
    const urls = [location.href, ...[...document.querySelectorAll("script[src]")].map((s) => s.src)];
    const hits = await Promise.all(urls.map((u) => cache.match(u)));
    return hits.every(Boolean);
}"""


def _wait_until_kept_offline(page, seconds: int = 20) -> None:
    """Until the service worker holds the page and its scripts (it fetches them in the background)."""
    for _ in range(seconds * 4):
        if page.evaluate(KEPT):
            return
        page.wait_for_timeout(250)
    raise AssertionError("the service worker did not keep the sheet for offline use")


@pytest.mark.django_db(transaction=True)
def test_the_service_worker_serves_the_sheet_offline_after_one_visit(open_browser):
    users = club.members()
    manche = club.tonight(users)
    page = open_browser()
    open_browser.last_page = page
    sign_in(page, "bruno", next_path=_sheet_path(manche))
    expect(page.locator("#board")).to_be_visible()
    _wait_until_kept_offline(page)
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("h1")).to_contain_text("Feuille de marque")
    expect(page.locator("#board")).to_contain_text("Aucune donne pour l'instant.")
    enter_donne(page, **club.NIGHT[0])  # the cached page still takes donnes: they wait on the phone
    expect(page.locator("#sheet-sync")).to_contain_text("En attente d'envoi (1)")
    page.context.set_offline(False)
    expect(page.locator("#sheet")).to_contain_text("Donne 1 enregistrée.", timeout=20_000)

"""A button that updates part of a page never fails silently: the page says nothing was saved.

A refusal, a server error or a dropped connection used to leave the page as
it was, as if the tap had not been seen (the sheet alone said so).
"""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.support.seasons import make_season

from . import club
from .journeys import sign_in
from .test_capitaine_keeps_the_sheet import enter_donne

pytestmark = pytest.mark.django_db(transaction=True)


def every_form_sent(page, answer) -> None:
    """Each form the page sends gets ``answer(route)`` instead of the site's answer."""
    page.route(
        re.compile(".*"), lambda route: answer(route) if route.request.method == "POST" else route.continue_()
    )


def a_server_error(route) -> None:
    route.fulfill(status=500, body="Server Error")


def a_dropped_connection(route) -> None:
    route.abort("connectionfailed")


@pytest.mark.parametrize("failure", [a_server_error, a_dropped_connection])
def test_signing_up_that_fails_says_nothing_was_saved(open_browser, failure):
    from league.models import Registration

    users = club.members()
    season = make_season(club.SEASON, president=users["ben"], default_location="Chez Ben")
    manche = club.open_manche(
        season, users, number=3, starts_at=timezone.now() + timedelta(days=10), seated=["bruno"]
    )
    page = open_browser()
    open_browser.last_page = page
    sign_in(page, "anne", next_path=club.manche_path(manche))
    every_form_sent(page, failure)

    page.locator("#manche-table").get_by_role("button", name="M'inscrire").click()

    alert = page.locator("main > #not-saved")
    expect(alert).to_have_text(re.compile("^Rien n'a été enregistré"))
    expect(page.locator("#manche-table")).to_contain_text("1/5")
    assert not Registration.objects.filter(manche=manche, player=users["anne"]).exists()


def test_a_donne_the_site_refuses_says_so_on_the_sheet(open_browser):
    manche = club.tonight(club.members())
    page = open_browser()
    open_browser.last_page = page
    sign_in(page, "bruno", next_path=club.manche_path(manche))
    page.get_by_role("link", name="Ouvrir la feuille").click()
    expect(page.locator("#board")).to_contain_text("Aucune donne pour l'instant.")
    every_form_sent(page, a_server_error)

    enter_donne(page, **club.NIGHT[0])

    expect(page.locator("#sheet > #not-saved")).to_contain_text("cette saisie n’est PAS enregistrée")
    expect(page.locator("main > #not-saved")).to_have_count(0)

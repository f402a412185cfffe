"""The sheet's details panel (poignées, misères, penalties) fits the capitaine's phone: each
player's name on one line, every field named and big enough for a thumb (a five-column
table broke names and headers mid-word, « Philipp|e », « Poign|ée », with 29-px selects)."""

import pytest

from . import club
from .journeys import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_details_panel_reads_on_a_phone_and_as_a_table_on_a_laptop(open_browser, viewport):
    users = club.members()
    manche = club.tonight(users)
    page = open_browser()
    open_browser.last_page = page
    sign_in(page, "bruno", next_path=club.manche_path(manche) + "feuille/")
    page.locator("summary", has_text="Poignées").click()
    names = page.locator(".extras-table tbody th")
    assert names.count() == 5
    for i in range(names.count()):
        name = names.nth(i)
        height, line = name.evaluate(
            "e => [e.getBoundingClientRect().height, parseFloat(getComputedStyle(e).lineHeight)]"
        )
        if viewport == "phone":
            assert height < 1.5 * line, f"{name.inner_text()} wraps: {height} px for lines of {line} px"
    selects = page.locator(".extras-table select:visible")
    heights = [selects.nth(i).bounding_box()["height"] for i in range(selects.count())]
    if viewport == "phone":
        assert min(heights) >= 40
        assert page.locator(".extras-table thead").is_hidden()
        labels = page.locator(".extras-table tbody td").first.evaluate(
            "e => getComputedStyle(e, '::before').content"
        )
        assert labels == '"Poignée"'
    else:
        assert page.locator(".extras-table thead").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]

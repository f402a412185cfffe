"""A chart wider than a phone scrolls sideways: it opens on its right end, the latest manches
(a player's best night, the last ones, were off the screen with no hint)."""

import pytest

from tests.support.seasons import make_season

from . import club

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_player_pages_charts_open_on_their_latest_manches(open_browser, viewport):
    users = club.members()
    season = make_season(club.SEASON, president=users["ben"], default_location="Chez Ben")
    club.opening_night(season, users)
    page = open_browser()
    open_browser.last_page = page
    page.goto("/joueurs/ben/")
    boxes = page.locator(".chart-scroll")
    assert boxes.count() >= 1
    for i in range(boxes.count()):
        scroll, width, client = boxes.nth(i).evaluate("b => [b.scrollLeft, b.scrollWidth, b.clientWidth]")
        if width > client:  # scrolls at this size: at its right end
            assert scroll + client >= width - 1, (viewport, i, scroll, width, client)
        else:
            assert scroll == 0
    if viewport == "phone":
        assert any(boxes.nth(i).evaluate("b => b.scrollWidth > b.clientWidth") for i in range(boxes.count()))

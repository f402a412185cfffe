"""Every page of the URL register fits a phone and a laptop, for a visitor, a member, a capitaine and the President.

For each page an HTML ``GET`` gives (the register of
``tests/security/urlmap.py``, with its sample world, and a dead link's page), at 375×812 and
1280×800: nothing overflows sideways (``scrollWidth <= innerWidth``), and the
main table's key column — Points moyens on the standings, the totals and the
pot on the sheet, a season's title on a player's page — is inside the
viewport; on the laptop the menu is one line (it wrapped to two for a member at
1280 px, under every page's header). Each page leaves a screenshot in ``$ARTIFACTS_DIR/screenshots/pages/``.
"""

import re
from datetime import timedelta
from decimal import Decimal

import pytest
from django.urls import reverse

from tests.security.urlmap import CLASSIFIED, walk
from tests.support.seasons import make_manche
from tests.support.world import sample_kwargs

from .journeys import SCREENSHOTS, VIEWPORTS, sign_in

pytestmark = pytest.mark.django_db(transaction=True)

#: Who looks, and which kinds of page they open (their own rights decide the rest).
PEOPLE = {"visitor": None, "member": "claire", "capitaine": "bruno", "president": "ben"}
#: Not pages: files, feeds and the API (no layout to check).
NOT_PAGES = re.compile(
    r"(\.csv|\.json|\.ics|\.xlsx)$|^(feeds:|league:sheet_board$|set_language$|accounts:logout$)"
)
#: The key columns that must stay in view: CSS selector → what it is.
KEY_COLUMNS = {
    "#standings th.average": "Points moyens (heading)",
    "#standings td.average": "Points moyens",
    ".standings-table td.average": "Points moyens (the palmarès to print)",
    ".sheet-totals td:last-child": "the sheet's pot",
    ".sheet-totals td[data-player]:last-of-type": "the last seat's total",
    "#pot": "the pot badge",
    "#seasons td.title .badge": "a season's title on a player's page",
}


def live_manche(world):
    """A manche being played: five seats and three donnes on the sheet, so the sheet page has rows."""
    from league.models import Registration
    from league.services import sheet

    manche = make_manche(world.season, 4, starts_at=world.now - timedelta(hours=2), capitaine=world.bruno)
    for seat, name in enumerate(["anne", "bruno", "david", "emile", "fanny"], start=1):
        Registration.objects.create(
            manche=manche, player=world.users[name], seat=seat, created_at=world.now - timedelta(days=3)
        )
    sheet.table_ensure(manche=manche)
    for taker, partner, points in [("anne", "david", "55"), ("emile", None, "30"), ("fanny", "bruno", "62")]:
        manche.refresh_from_db()
        data = {"kind": "contract", "contract": "garde", "taker": taker, "partner": partner}
        data.update(bouts=2, points=Decimal(points))
        sheet.donne_add(
            manche=manche, data=data, by=world.bruno, seen_version=manche.sheet_version, now=world.now
        )
    return manche


def page_paths(world) -> list[tuple[str, str]]:
    paths = []
    for route in walk():
        access = CLASSIFIED.get(route.name)
        if access is None or NOT_PAGES.search(route.name) or NOT_PAGES.search(route.route):
            continue
        paths.append((route.name, reverse(route.name, kwargs=sample_kwargs(world, route, access))))
    return paths


def overflow_and_keys(page) -> tuple[int, int, list[str]]:
    """The document's width, the viewport's, and the key columns found outside the viewport."""
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    outside = []
    for selector, what in KEY_COLUMNS.items():
        for box in page.locator(selector).evaluate_all(
            "els => els.filter(e => e.offsetParent !== null).map(e => e.getBoundingClientRect().right)"
        ):
            if box > inner + 0.5:
                outside.append(f"{what} ends at {box:.0f}px")
                break
    return width, inner, outside


def menu_lines(page) -> int:
    """How many lines the unfolded menu's entries take (0 while it is folded behind its button)."""
    tops = page.locator("nav .navbar-nav > li").evaluate_all(
        "els => els.filter(e => e.offsetParent !== null).map(e => Math.round(e.getBoundingClientRect().top))"
    )
    return len(set(tops))


@pytest.mark.parametrize("person", list(PEOPLE))
def test_every_page_fits_without_sideways_scrolling(browser, viewport, live_server, settings, world, person):
    settings.ALLOWED_HOSTS = ["*"]
    manche = live_manche(world)
    paths = page_paths(world)
    paths.append(
        ("league:sheet (being played)", reverse("league:sheet", args=[world.season.name, manche.number]))
    )
    paths.append(("a dead link (404)", f"/saisons/{world.season.name}/manches/999/une-adresse-ancienne/"))
    # Layout only: the offline service worker (tested in test_offline_sheet) stays out of the walk.
    context = browser.new_context(
        base_url=live_server.url, locale="fr-FR", service_workers="block", **VIEWPORTS[viewport]
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    if PEOPLE[person]:
        sign_in(page, PEOPLE[person])
    folder = SCREENSHOTS / "pages" / f"{person}-{viewport}"
    folder.mkdir(parents=True, exist_ok=True)
    problems, seen = [], set()
    try:
        for name, path in paths:
            response = page.goto(path)
            if response is None or "text/html" not in (response.headers.get("content-type") or ""):
                continue
            if page.url in seen:  # a redirect to a page already looked at (the sign-in page…)
                continue
            seen.add(page.url)
            width, inner, outside = overflow_and_keys(page)
            if width > inner:
                problems.append(f"{name} {path}: the page is {width}px wide in a {inner}px viewport")
            problems.extend(f"{name} {path}: {o}" for o in outside)
            if viewport == "desktop" and (lines := menu_lines(page)) != 1:
                problems.append(f"{name} {path}: the menu takes {lines} lines")
            page.screenshot(
                path=str(folder / f"{re.sub(r'[^A-Za-z0-9_.-]+', '-', name)}.png"), full_page=True
            )
    finally:
        context.close()
    assert not problems, "\n".join(problems)
    assert len(seen) > 10  # the walk really visited pages

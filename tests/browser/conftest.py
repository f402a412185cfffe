"""Playwright journeys in Debian's Chromium against the live test server on loopback.

Run in CI's real-services pass (``REAL_SERVICES=1``; ``bash .ci/browser.sh``
installs Chromium through apt). Each journey runs at phone size (375×812,
touch) and desktop size (1280×800) and leaves a screenshot of its last page
in ``$ARTIFACTS_DIR/screenshots/`` (default ``artifacts/screenshots/``).
"""

import os
import re
import shutil
from pathlib import Path

import pytest

from .journeys import CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS, VIEWPORTS


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser/" in item.nodeid:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"Chromium not found at {CHROMIUM} (bash .ci/browser.sh installs it)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop in the test thread; the ORM
    # calls the journeys make between two clicks are plain synchronous ones.
    # Set only while the browser runs, so it never reaches other tests.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield chromium
            chromium.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture(autouse=True)
def season_clock(in_season_clock):
    """The club's season is named 2025-2026 (club.SEASON) and built around now: the journeys run inside it.

    The live server runs in this process, so it reads the same clock; the
    browser keeps the real one, which only its cookies see (they carry a
    Max-Age, which it honours over their date).
    """
    return in_season_clock


@pytest.fixture(params=list(VIEWPORTS), ids=list(VIEWPORTS))
def viewport(request):
    return request.param


class Opener:
    """``open_browser()`` gives a new page with its own cookies (one person) at the journey's size.

    The journey's last page (``open_browser.last_page``, else the last page
    opened) is screenshot at the end of the test, passed or failed. Every
    question a page asks (``window.confirm``) is accepted and kept, in order,
    in ``open_browser.dialogs``.
    """

    def __init__(self, browser, viewport, base_url):
        self.browser, self.viewport, self.base_url = browser, viewport, base_url
        self.contexts = []
        self.last_page = None
        self.dialogs: list[str] = []

    def __call__(self, **options):
        """``options``: more of Playwright's context options (``service_workers="block"``…)."""
        context = self.browser.new_context(
            base_url=self.base_url, locale="fr-FR", **VIEWPORTS[self.viewport], **options
        )
        context.set_default_timeout(15_000)
        self.contexts.append(context)
        page = context.new_page()
        page.on("dialog", self._accept)  # "Clôturer la manche ?" and the like
        return page

    def _accept(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.accept()

    def finish(self, name: str) -> None:
        page = self.last_page
        if page is None and self.contexts and self.contexts[-1].pages:
            page = self.contexts[-1].pages[-1]
        if page is not None:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
        for context in self.contexts:
            context.close()


@pytest.fixture
def open_browser(browser, viewport, live_server, request, settings):
    settings.ALLOWED_HOSTS = ["*"]
    opener = Opener(browser, viewport, live_server.url)
    yield opener
    opener.finish(re.sub(r"[^A-Za-z0-9_.-]+", "-", request.node.name).strip("-"))

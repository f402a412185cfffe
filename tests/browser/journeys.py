"""What the browser journeys share: Chromium and its flags, the two sizes, where screenshots go,
and signing in through the form."""

import os
from pathlib import Path

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORTS = {
    "phone": {"viewport": {"width": 375, "height": 812}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
SCREENSHOTS = Path(os.environ.get("ARTIFACTS_DIR", "artifacts")) / "screenshots"


def sign_in(page, username: str, password: str | None = None, next_path: str = "/") -> None:
    """Through the sign-in form, like a member does."""
    page.goto(f"/comptes/connexion/?next={next_path}")
    page.fill("#id_username", username)
    page.fill("#id_password", password or f"pw-{username}")
    page.get_by_role("button", name="Se connecter").click()
    page.wait_for_url(lambda url: "/comptes/connexion/" not in url)

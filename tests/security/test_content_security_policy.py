"""Every page sends a Content-Security-Policy (pictures from this site only, no inline script) and a Permissions-Policy.

The policy forbids inline scripts, so no template may carry one: behaviours
are declared in the markup (``data-confirm``, ``data-print``) and wired by
``static/js/site.js``.
"""

import re
from pathlib import Path

from django.urls import reverse

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)


def test_pages_send_a_policy_allowing_pictures_from_this_site_only(client, db):
    response = client.get(reverse("accounts:login"))
    policy = response["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["img-src"] == "'self' data:"
    assert directives["script-src"] == "'self'"
    assert "camera=()" in response["Permissions-Policy"]


def test_no_page_template_carries_an_inline_script_or_handler():
    """Emails are not pages (no policy applies there) and are left out."""
    offenders = [
        str(path.relative_to(TEMPLATES))
        for path in TEMPLATES.rglob("*.html")
        if "emails" not in path.parts
        and (INLINE_HANDLER.search(path.read_text()) or INLINE_SCRIPT.search(path.read_text()))
    ]
    assert offenders == []

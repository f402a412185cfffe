"""Email subjects and plain-text bodies are plain text: an apostrophe in a name arrives as an apostrophe.

The HTML part still escapes what it shows.
"""

import pytest

from accounts.emails import render_email

pytestmark = pytest.mark.django_db


def test_subject_and_text_keep_apostrophes_and_the_html_part_escapes_markup(make_user):
    user = make_user("jm", display_name="Jean-Marc d'Artagnan <b>")
    join_request = type(
        "JoinRequest", (), {"name": user.display_name, "email": "jm@example.org", "message": ""}
    )()
    subject, text, html = render_email(
        "join_request_to_president", {"join_request": join_request, "review_url": "/"}
    )
    assert "d'Artagnan" in subject + text
    assert "&#x27;" not in subject + text and "&lt;b&gt;" not in text
    assert "&lt;b&gt;" in html and "<b>" not in html

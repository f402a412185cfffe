"""A classified line's explanation as the reader reads it: one definition for the
standings table's unfolded lines, the fragment an unfolded line loads and its page.

Made in Python, not by a template: a club's standings page carries every
line's explanation, and including a template per line, with a filter per
message, was a third of its rendering (at 50 × 10 the first rendering after
a change went from 0.65× ``compute_season`` to 0.41×).
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from html import escape

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from league import rules
from league.templatetags.numbers import signed
from league.wording import message_text


def explanation_html(
    lines: Iterable[rules.Message],
    participation: Decimal | None,
    minimum: int | None,
    words: dict | None = None,
) -> SafeString:
    """The engine's explanation of a line (``lines``), each line in the reader's words;
    in an open season, the participation malus he would get if it closed tonight.
    ``words``: what the page translated and wrote already (``league.wording.message_text``),
    kept by the table for all its lines."""
    if words is None:
        words = {}
    # Escaped as Django's escape does (a message's text is never HTML), without its check for lazy text.
    items = [f"<li>{escape(message_text(line, words))}</li>" for line in lines]
    if participation is not None:
        what_if = gettext(
            "Si la saison s'arrêtait ce soir : %(malus)s de participation (moins de %(minimum)s manches)."
        ) % {"malus": conditional_escape(signed(participation)), "minimum": conditional_escape(minimum)}
        items.append(f'<li class="text-danger">{what_if}</li>')
    return mark_safe(  # noqa: S308 (each message and number is escaped above)
        '<ul class="list-unstyled mb-1 explain-line">' + "".join(items) + "</ul>"
    )

"""The engine's messages as the reader reads them: one way for every page, email and error.

The engine (``league.rules``) words its messages in English with their
numbers, counts and instants as parameters; here the template is translated
and every parameter written in the reader's notation: ``−0,5`` and ``1,5`` in
French (a true minus, a decimal comma), ``1 bout`` / ``2 bouts`` as the
language counts, an instant as ``24 nov. 2026 à 21:00`` on the club's wall
clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from fractions import Fraction

from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext

from config.typography import date_format
from league import rules
from league.templatetags.numbers import num


def _translated(text: str, params: dict) -> str:
    return gettext(text) % params if params else gettext(text)


_translated_later = lazy(_translated, str)


def translated_later(text: str, params: dict | None = None):
    """``text`` (a msgid marked with ``gettext_noop``) translated when it is written, with
    ``params``, rather than now: a site notice is written once in each of the site's
    languages, so a subject translated when the notice was made read French on the
    English site. A param that is itself lazy (a choice's label) follows the same language."""
    return _translated_later(text, params or {})


def instant(moment: datetime) -> str:
    """An instant in the reader's notation, on the wall clock it carries (no conversion)."""
    return date_format(moment, "DATETIME_FORMAT")


#: A donne's JSON lists whose entries each name a player, in the order a donne's line says them.
SIDE_LISTS = ("poignees", "miseres", "penalties")


def side_entry_text(field: str, item: Mapping, who: str) -> str:
    """One entry of a donne's poignées, misères or penalties (``field``) as stored, ``who`` its
    player's name, as the sheet's lines and the manche's history both write it:
    ``poignée double (Anne)``, ``misère de tête Anne`` (``(fausse)`` after a false one),
    ``pénalité 20 (Anne)``."""
    if field == "poignees":
        return gettext("poignée %(level)s (%(who)s)") % {"level": item.get("level", ""), "who": who}
    if field == "miseres":
        kind = gettext("misère de tête") if item.get("kind") == "tete" else gettext("misère d'atout")
        return f"{kind} {who}" if item.get("valid", True) else f"{kind} {who} ({gettext('fausse')})"
    return gettext("pénalité %(amount)s (%(who)s)") % {"amount": num(item.get("amount")), "who": who}


def card_points_text(points, who: str) -> str:
    """A player's card points in the misère game, as the sheet and the manche's history both write
    them: ``Anne 20,5``."""
    return f"{who} {num(points)}"


def message_text(message: rules.Message, words: dict | None = None) -> str:
    """``message`` translated, its numbers, counts and instants in the reader's notation.

    ``words``: what a page that writes many messages in one language has translated and
    written already (a dict it keeps for them, empty at first): the standings carry some
    700 explanation lines at 50 × 10 in six wordings, with the same places, counts and
    numbers again and again, and translating and writing each again was most of their
    rendering."""
    if words is None:
        words = {}
    text = message.text
    if text:
        template = words.get(text)
        if template is None:
            template = words[text] = gettext(text)
    else:
        template = ""
    params = {}
    for key, value in message.params.items():
        if isinstance(value, rules.Message):
            value = message_text(value, words)
        elif isinstance(value, rules.Plural):
            plural = (value.singular, value.plural, type(value.n), str(value.n))
            written = words.get(plural)
            if written is None:
                written = words[plural] = ngettext(value.singular, value.plural, value.n) % {
                    "n": num(value.n)
                }
            value = written
        elif isinstance(value, datetime):
            value = instant(value)
        elif (
            isinstance(value, int | float | Decimal | Fraction)
            and not isinstance(value, bool)
            and f"%({key})s" in template
        ):
            if type(value) is int:
                value = num(value)
            else:  # by its type and exact writing: 1.0 and 1, 0.5 and 1/2 stay apart
                number = ("#", type(value), str(value))
                written = words.get(number)
                if written is None:
                    written = words[number] = num(value)
                value = written
        params[key] = value
    return template % params

"""Punctuation and dates as each language writes them: ``Vainqueur : Anne`` in French,
``Winner: Anne`` in English; ``jeudi 1er octobre`` in French, where Django writes ``1 octobre``.

French puts a (no-break) space before a colon, English none. A label built
from a translated word and a colon writes ``{% translate "Vainqueur" %}{% colon %}``
(a template builtin, no ``{% load %}`` needed); Python code calls :func:`colon`.

French writes the first day of a month as an ordinal, « le 1er octobre », which no
date format can say: the templates' ``date`` filter is this module's (a builtin
too, in place of Django's, so every ``|date:"l j F"`` reads right), and Python code
calls :func:`date_format`.
"""

import re

from django import template
from django.template.defaultfilters import date as django_date
from django.utils import formats
from django.utils.translation import get_language

register = template.Library()

#: What goes before the value after a label, by language (English and the rest: no space).
COLONS = {"fr": "\u00a0:"}


def colon() -> str:
    """``" :"`` (a no-break space, so the colon never starts a line) in French, ``":"`` in English."""
    return COLONS.get((get_language() or "fr").split("-")[0], ":")


register.simple_tag(colon, name="colon")


#: "1" as a day of the month, before the month's French name or its abbreviation.
_FIRST_OF_THE_MONTH = re.compile(
    r"(?<![\d,.])1(?= (?:janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc))", re.IGNORECASE
)


def _french_first(text: str) -> str:
    if text and (get_language() or "fr").split("-")[0] == "fr":
        return _FIRST_OF_THE_MONTH.sub("1er", text)
    return text


def date_format(value, format: str | None = None) -> str:
    """``django.utils.formats.date_format``, the first of a month written « 1er » in French."""
    return _french_first(formats.date_format(value, format))


@register.filter(expects_localtime=True, is_safe=False)
def date(value, arg=None):
    """Django's ``date`` filter, the first of a month written « 1er » in French."""
    return _french_first(django_date(value, arg))

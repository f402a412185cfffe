"""Punctuation as each language writes it: ``Vainqueur : Anne`` in French, ``Winner: Anne`` in English.

French puts a (no-break) space before a colon, English none. A label built
from a translated word and a colon writes ``{% translate "Vainqueur" %}{% colon %}``
(a template builtin, no ``{% load %}`` needed); Python code calls :func:`colon`.
"""

from django import template
from django.utils.translation import get_language

register = template.Library()

#: What goes before the value after a label, by language (English and the rest: no space).
COLONS = {"fr": "\u00a0:"}


def colon() -> str:
    """``" :"`` (a no-break space, so the colon never starts a line) in French, ``":"`` in English."""
    return COLONS.get((get_language() or "fr").split("-")[0], ":")


register.simple_tag(colon, name="colon")

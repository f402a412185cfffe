"""Template filters of the reports: engine messages, numbers, titles' and accessits' names
(``league.labels``), in the reader's language."""

from fractions import Fraction

from django import template

from league import rules
from league.labels import ACCESSIT_LABELS, TITLE_LABELS
from league.templatetags import numbers
from league.wording import message_text

register = template.Library()
# One way of writing numbers for the whole site (league's numbers.py).
num = register.filter("num", numbers.num)
signed = register.filter("signed", numbers.signed)
average = register.filter("average", numbers.average)


@register.filter
def message(value) -> str:
    """An engine :class:`~league.rules.Message` in the reader's language and notation (``−0,5``, ``1 bout``)."""
    if isinstance(value, rules.Message):
        return message_text(value)
    return str(value)


@register.filter
def percent(value) -> str:
    """A ratio (Fraction) as a whole percentage."""
    if value is None:
        return "—"
    return f"{round(Fraction(value) * 100)} %"


@register.filter
def title_label(code) -> str:
    return str(TITLE_LABELS.get(code, "")) if code else ""


@register.filter
def accessit_label(code) -> str:
    return str(ACCESSIT_LABELS.get(code, code))


@register.filter
def get(mapping, key):
    """``mapping[key]`` in a template (None when absent)."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None

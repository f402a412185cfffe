"""Template filters of the reports: engine messages, numbers, titles' and accessits' names
(``league.labels``), in the reader's language."""

from decimal import Decimal
from fractions import Fraction

from django import template
from django.utils.translation import gettext

from league import rules
from league.labels import ACCESSIT_LABELS, TITLE_LABELS
from league.templatetags import numbers

register = template.Library()
# One way of writing numbers for the whole site (league's numbers.py).
num = register.filter("num", numbers.num)
signed = register.filter("signed", numbers.signed)
average = register.filter("average", numbers.average)


@register.filter
def message(value) -> str:
    """An engine :class:`~league.rules.Message`: its msgid translated, then its parameters filled in."""
    if isinstance(value, rules.Message):
        template = gettext(value.text)
        # Numbers written with %(x)s read in the reader's notation (−550, 1,5).
        params = {
            key: message(v)
            if isinstance(v, rules.Message)
            else num(v)
            if isinstance(v, int | float | Decimal | Fraction)
            and not isinstance(v, bool)
            and f"%({key})s" in template
            else v
            for key, v in value.params.items()
        }
        return template % params
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

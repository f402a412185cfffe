"""The site's one way of writing a number: the reader's notation (``2,5`` in French), a true minus sign.

Every page loads these filters (directly, or through ``sheet_tags`` and
``reports_extras``, which register the same functions), so a score, a bonus
and an average read the same everywhere. Exact values stay in the exports
and the API; the pages round averages to two places.
"""

from decimal import ROUND_HALF_UP, Decimal

from django import template
from django.conf import settings
from django.utils import formats

from league import rules

register = template.Library()

MINUS = "\u2212"


def _decimal(value) -> Decimal | None:
    if value is None or value == "" or isinstance(value, bool):
        return None
    try:
        return Decimal(str(rules.json_number(value if not isinstance(value, str) else Decimal(value))))
    except (TypeError, ValueError, ArithmeticError):
        return None


def _written(d: Decimal, places: int | None) -> str:
    if places is not None:
        d = d.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    elif d == d.to_integral_value():
        d = d.quantize(Decimal(1))
    return formats.number_format(abs(d), decimal_pos=places, use_l10n=True)


@register.filter
def num(value, places=None) -> str:
    """``1,5`` / ``−20`` / ``0``; ``places`` fixes the decimals (``num:2`` → ``1,42``); ``—`` for nothing."""
    if type(value) is int and places in (None, "") and not settings.USE_THOUSAND_SEPARATOR:
        # A whole number is its digits in every language when no thousands are
        # grouped (as ``number_format`` writes it, without its three lookups of the
        # language's formats): nearly every number of an explanation, 9 µs → 0.5.
        return MINUS + str(-value) if value < 0 else str(value)
    d = _decimal(value)
    if d is None:
        return "—"
    places = None if places in (None, "") else int(places)
    text = _written(d, places)
    return MINUS + text if d < 0 and text.strip("0,.") else text


@register.filter
def signed(value, places=None) -> str:
    """``+80`` / ``−0,5`` / ``0``: a score or a bonus, its sign always written."""
    text = num(value, places)
    d = _decimal(value)
    if d is not None and d > 0 and text.strip("0,."):
        return "+" + text
    return text


@register.filter
def average(value) -> str:
    """An average as the pages show it: two decimals (``1,42``)."""
    return num(value, 2)

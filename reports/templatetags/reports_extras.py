"""Template filters of the reports: engine messages and numbers, in the reader's language."""

from decimal import Decimal
from fractions import Fraction

from django import template
from django.utils import formats
from django.utils.translation import gettext

from league import rules

from ..selectors.labels import ACCESSIT_LABELS, CONTRACT_LABELS, TITLE_LABELS

register = template.Library()


@register.filter
def message(value) -> str:
    """An engine :class:`~league.rules.Message`: its msgid translated, then its parameters filled in."""
    if isinstance(value, rules.Message):
        template = gettext(value.text)
        # Numbers written with %(x)s read in the reader's notation (−550, 1,5).
        params = {
            key: num(v)
            if isinstance(v, int | float | Decimal | Fraction)
            and not isinstance(v, bool)
            and f"%({key})s" in template
            else v
            for key, v in value.params.items()
        }
        return template % params
    return str(value)


def _decimal(value) -> Decimal | None:
    if value is None or value == "":
        return None
    return Decimal(str(rules.json_number(value)))


@register.filter
def num(value) -> str:
    """A number as the season format rounds it (4 places at most), in local notation."""
    d = _decimal(value)
    if d is None:
        return "—"
    text = formats.number_format(d, use_l10n=True)
    return text.replace("-", "−")


@register.filter
def signed(value) -> str:
    """``+0,5`` / ``−1`` / ``0``."""
    d = _decimal(value)
    if d is None:
        return "—"
    text = formats.number_format(abs(d), use_l10n=True)
    if d > 0:
        return "+" + text
    if d < 0:
        return "−" + text
    return text


@register.filter
def percent(value) -> str:
    """A ratio (Fraction) as a whole percentage."""
    if value is None:
        return "—"
    return f"{round(Fraction(value) * 100)} %"


@register.filter
def ratio(value, places: int = 2) -> str:
    if value is None:
        return "—"
    return formats.number_format(round(float(value), int(places)), int(places), use_l10n=True)


@register.filter
def title_label(code) -> str:
    return str(TITLE_LABELS.get(code, "")) if code else ""


@register.filter
def accessit_label(code) -> str:
    return str(ACCESSIT_LABELS.get(code, code))


@register.filter
def contract_label(code) -> str:
    return str(CONTRACT_LABELS.get(code, code))


@register.filter
def get(mapping, key):
    """``mapping[key]`` in a template (None when absent)."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None

"""Small display helpers of the feuille de marque (numbers as the table reads them)."""

from django import template
from django.utils.translation import gettext_lazy as _

from . import numbers

register = template.Library()
# One way of writing numbers for the whole site (see numbers.py).
register.filter("signed", numbers.signed)
register.filter("num", numbers.num)

BONUS_LABELS = {
    "seul_positif": _("seul positif"),
    "bouts_sur_prise": _("bouts sur prise"),
    "defensif": _("défensif"),
}


@register.filter
def score_class(value) -> str:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return ""
    return "score-pos" if number > 0 else "score-neg" if number < 0 else ""


@register.filter
def bonus_label(kind: str) -> str:
    return BONUS_LABELS.get(kind, kind)

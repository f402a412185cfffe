"""Small display helpers of the feuille de marque (numbers as the table reads them)."""

from django import template
from django.utils.translation import gettext_lazy as _

register = template.Library()

BONUS_LABELS = {
    "seul_positif": _("seul positif"),
    "bouts_sur_prise": _("bouts sur prise"),
    "defensif": _("défensif"),
}


@register.filter
def signed(value) -> str:
    """``+80``, ``−30``, ``0``; empty for None."""
    if value is None or value == "":
        return ""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return str(value)
    if number > 0:
        return f"+{number}"
    if number < 0:
        return f"−{-number}"
    return "0"


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


@register.filter
def points(value) -> str:
    """Place points and bonuses: ``3``, ``2,5``, ``−1`` (French decimal comma)."""
    if value is None:
        return ""
    text = format(value.normalize(), "f") if hasattr(value, "normalize") else str(value)
    if text.startswith("-"):
        text = "−" + text[1:]
    return text.replace(".", ",")

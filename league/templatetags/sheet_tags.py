"""Small display helpers of the feuille de marque: numbers as the table reads them, a score's
colour, a bonus's name (``league.labels``), and the offline queue's words for its script."""

from django import template
from django.utils.translation import gettext

from ..labels import BONUS_LABELS
from . import numbers

register = template.Library()
# One way of writing numbers for the whole site (see numbers.py).
register.filter("signed", numbers.signed)
register.filter("num", numbers.num)


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


@register.simple_tag
def offline_strings() -> dict:
    """The words of the offline queue (static/js/sheet_offline.js), translated here once."""
    return {
        "pending": gettext("En attente d'envoi ({n})"),
        "toCompute": gettext("à calculer"),
        "bouts": gettext("{n} bout(s)"),
        "points": gettext("{n} pts"),
        "offline": gettext(
            "Hors ligne : les donnes restent sur ce téléphone et partiront d'elles-mêmes au retour du réseau."
        ),
        "sending": gettext("Envoi en cours…"),
        "blocked": gettext("Envoi arrêté : corrigez ou abandonnez la donne refusée."),
        "refused": gettext("Refusée par le site :"),
        "failed": gettext("Envoi impossible (réponse {status}) : rechargez la page, puis corrigez la donne."),
        "fix": gettext("Corriger"),
        "drop": gettext("Abandonner"),
        "confirmDrop": gettext("Abandonner les donnes de ce téléphone ? Elles ne seront pas enregistrées."),
        "conflictTitle": gettext("La feuille a changé sur un autre appareil"),
        "conflictText": gettext(
            "Pendant que ce téléphone était hors ligne, la feuille a été modifiée ailleurs. "
            "Rien n'a été enregistré ni écrasé : choisissez."
        ),
        "site": gettext("Sur le site"),
        "siteText": gettext(
            "La feuille ci-dessous ; les donnes ajoutées par l'autre appareil sont surlignées."
        ),
        "phone": gettext("Sur ce téléphone"),
        "keepBoth": gettext("Garder les deux (mes donnes à la suite)"),
        "keepSite": gettext("Garder la version du site (abandonner les miennes)"),
        "elsewhere": gettext("autre appareil"),
    }

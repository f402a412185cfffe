"""Small display helpers of the feuille de marque: numbers as the table reads them, a score's
colour, a bonus's name (``league.labels``), and the offline queue's words for its script."""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
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


def _errors(field) -> str:
    return "".join(
        f'<div class="invalid-feedback d-block">{conditional_escape(e)}</div>' for e in field.errors
    )


@register.simple_tag
def sheet_radios(field, style: str = "primary") -> SafeString:
    """A choice of the entry form as a row of buttons (the taker, the contract, the bouts…).

    Written here, not by a template looping over the field's radios: the capitaine's
    sheet is rendered again after every donne, and its nine such fields through
    templates were a third of the page. Django's own subwidgets say which is checked
    (a value is checked when its text is among the field's values).
    """
    invalid = " is-invalid" if field.errors else ""
    buttons = []
    for radio in field.subwidgets:
        data = radio.data
        checked = " checked" if data["selected"] else ""
        identifier = conditional_escape(radio.id_for_label)
        buttons.append(
            f'\n  <input type="radio" class="btn-check" name="{conditional_escape(data["name"])}" '
            f'id="{identifier}" value="{conditional_escape(data["value"])}" autocomplete="off"{checked}>'
            f'\n  <label class="btn btn-outline-{conditional_escape(style)} btn-tap flex-fill" for="{identifier}">'
            f"{conditional_escape(radio.choice_label)}</label>"
        )
    return mark_safe(  # noqa: S308 (every value above is escaped)
        f'<div class="btn-group-wrap d-flex flex-wrap gap-1{invalid}" role="group" '
        f'aria-label="{conditional_escape(field.label)}">{"".join(buttons)}\n</div>{_errors(field)}\n'
    )


@register.simple_tag
def sheet_select(field, errors_id: str = "") -> SafeString:
    """A small select of the entry form's player rows (poignée, misère): written here for the
    same reason as :func:`sheet_radios`, three of them per player. Its errors are written in
    the row under the player's (``errors_id``), the whole panel's width: a phone's column
    is a third of it."""
    value = field.value()
    value = "" if value is None else value
    options = "".join(
        f'<option value="{conditional_escape(choice)}"{" selected" if value == choice else ""}>'
        f"{conditional_escape(label)}</option>"
        for choice, label in field.field.choices
    )
    invalid = " is-invalid" if field.errors else ""
    described = f' aria-describedby="{conditional_escape(errors_id)}"' if field.errors and errors_id else ""
    return mark_safe(  # noqa: S308 (every value above is escaped)
        f'<select name="{conditional_escape(field.html_name)}" id="{conditional_escape(field.id_for_label)}" '
        f'class="form-select form-select-sm{invalid}" aria-label="{conditional_escape(field.label)}"{described}>'
        f"{options}</select>{'' if errors_id else _errors(field)}\n"
    )

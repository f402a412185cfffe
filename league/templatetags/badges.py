"""Badge colours and names of the league's states: ``{% load badges %}``.

The colours and names live in :mod:`league.presentation`; templates only show
them (``<span class="badge text-bg-{{ season|season_badge }}">``).
"""

from django import template

from .. import presentation

register = template.Library()


@register.filter
def season_badge(season) -> str:
    return presentation.SEASON_BADGES[season.state]


@register.filter
def compte_rendu_badge(cr) -> str:
    return presentation.COMPTE_RENDU_BADGES[cr.status]


@register.filter
def cr_situation_badge(situation) -> str:
    return presentation.CR_SITUATION_BADGES[situation.state]


@register.filter
def cr_situation_label(situation) -> str:
    return presentation.CR_SITUATION_LABELS[situation.state]

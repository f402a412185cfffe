"""The manche page: one page, one section per area (table, sheet and ranking, compte-rendu).

Each area contributes its context through one function of its own views
module, so the sections evolve independently.
"""

from django.shortcuts import render

from ..selectors.seasons import manche_or_404
from . import comptes_rendus, registrations, sheet


def manche_detail(request, season_name: str, number: int):
    manche = manche_or_404(season_name, number)
    context = {"manche": manche, "season": manche.season}
    context.update(registrations.manche_section_context(request, manche))
    context.update(sheet.manche_section_context(request, manche))
    context.update(comptes_rendus.manche_section_context(request, manche))
    return render(request, "league/manche/detail.html", context)

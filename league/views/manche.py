"""The manche page: one page, one section per area (table, sheet and ranking, compte-rendu).

Each area contributes its context through one function of its own views
module, so the sections evolve independently.
"""

from django.shortcuts import get_object_or_404, render

from ..models import Manche
from . import comptes_rendus, seasons, sheet, signatures


def get_manche(season_name: str, number: int) -> Manche:
    return get_object_or_404(
        Manche.objects.select_related("season", "capitaine", "absent"),
        season__name=season_name,
        number=number,
    )


def manche_detail(request, season_name: str, number: int):
    manche = get_manche(season_name, number)
    context = {"manche": manche, "season": manche.season}
    context.update(seasons.manche_section_context(request, manche))
    context.update(sheet.manche_section_context(request, manche))
    context.update(signatures.signatures_section_context(request, manche))
    context.update(comptes_rendus.manche_section_context(request, manche))
    return render(request, "league/manche/detail.html", context)

"""The palmarès: every season's podium and accessits, the all-time records, the printable page."""

from django.shortcuts import render
from django.utils import timezone

from league.selectors.seasons import season_or_404

from ..selectors.readings import palmares as palmares_data
from ..selectors.readings import season_standings


def palmares(request):
    return render(request, "reports/palmares.html", {"palmares": palmares_data(now=timezone.now())})


def palmares_print(request, season_name: str):
    """One season's end: titles, accessits with their citations, the final table; made for paper."""
    season = season_or_404(season_name)
    data = season_standings(season, now=timezone.now())
    return render(request, "reports/palmares_print.html", {"season": season, "data": data})

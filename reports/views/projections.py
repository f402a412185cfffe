"""Ce qu'il me faut: what every player needs from the manches left in the season."""

from django.shortcuts import redirect, render
from django.utils import timezone

from league.selectors.seasons import current_season, listed_seasons, season_or_404

from ..projections import goal_lines
from ..selectors.readings import season_projections, season_standings


def projections_current(request):
    """The projections of the season being played (else the last one closed)."""
    current = current_season()
    if current is None:
        return render(request, "reports/projections.html", {"season": None})
    return redirect("reports:projections", season_name=current.name)


def projections(request, season_name: str):
    season = season_or_404(season_name)
    now = timezone.now()
    data = season_standings(season, now=now)
    found = season_projections(season, now=now)
    names = data.names
    players = [
        (line, goal_lines(found.players[line.player], names))
        for line in data.lines
        if line.player in found.players
    ]
    me = request.user.username if request.user.is_authenticated else None
    mine = next((item for item in players if item[0].player == me), None)
    context = {
        "season": season,
        "seasons": listed_seasons(),
        "remaining": found.remaining,
        "players": players,
        "mine": mine,
        "min_manches": data.min_manches,
        "problems": data.problems,
    }
    return render(request, "reports/projections.html", context)

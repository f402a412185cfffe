"""Ce qu'il me faut: what every player needs from the manches left in the season."""

from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from league.selectors.seasons import current_season, listed_seasons, season_or_404

from ..projections import goal_lines
from ..selectors.cache import memo, reading_name
from ..selectors.readings import player_projection, season_projections, season_standings


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
    context = {
        "season": season,
        "seasons": listed_seasons(),
        "min_manches": data.min_manches,
        "problems": data.problems,
    }
    if not data.problems and not season.is_closed:
        context.update(_players(season, data, now), mine=_mine(request.user, season, data, now))
    return render(request, "reports/projections.html", context)


def _mine(user, season, data, now):
    """The reader's own line and goals, shown above everyone's (None when he has none)."""
    if not user.is_authenticated:
        return None
    line = data.line_of(user.username)
    goals = player_projection(season, user.username, now=now) if line is not None else None
    return (line, goal_lines(goals.projection, goals.names)) if goals is not None else None


def _players(season, data, now) -> dict:
    """Every player's goals, the same for every reader: rendered once per revision of
    the season and language (200 players' goals took some 60 ms to phrase and render)."""

    def compute():
        found = season_projections(season, now=now)
        players = [
            (line, goal_lines(found.players[line.player], data.names))
            for line in data.lines
            if line.player in found.players
        ]
        html = render_to_string("reports/_projections_list.html", {"players": players})
        return {"remaining": found.remaining, "html": str(html)}, data.valid_until

    kept = memo(season, reading_name("projections-html", get_language()), now, compute)
    return {"remaining": kept["remaining"], "players_html": mark_safe(kept["html"])}  # noqa: S308 (our own template's rendering)

"""The read-only JSON API: a season's standings and accessits as the season format writes them."""

from django.conf import settings
from django.http import JsonResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from ..selectors import season_standings, standings_document
from .common import get_season


@require_GET
def api_standings(request, season_name: str):
    """``{"season", "standings", "accessits"}``; 409 with the problems when the season's data is refused."""
    season = get_season(season_name)
    data = season_standings(season, now=timezone.now())
    if data.problems:
        response = JsonResponse(
            {
                "season": season.name,
                "errors": [f"{p.field}: {p.message}" for p in data.problems],
            },
            status=409,
        )
    else:
        response = JsonResponse(standings_document(data), json_dumps_params={"ensure_ascii": False})
    if not settings.MEMBERS_ONLY_READING:
        # Public data, meant to be embedded in other sites.
        response["Access-Control-Allow-Origin"] = "*"
    return response

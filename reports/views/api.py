"""The read-only JSON API: a season's standings and accessits as the season format writes them."""

import json

from django.conf import settings
from django.http import Http404, HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from league.selectors.seasons import season_or_404

from ..selectors.cache import memo, reading_name
from ..selectors.readings import season_standings
from ..selectors.standings import standings_document


@require_GET
def api_standings(request, season_name: str):
    """``{"season", "standings", "accessits"}``; 409 with the problems when the season's data is
    refused, 404 with ``errors`` too when no season has that name (a program reads JSON, not a page).

    The serialized document is cached under the season's revision, so a warm
    request is one query and one cache read.
    """
    try:
        season = season_or_404(season_name)
    except Http404:
        body = {"season": season_name, "errors": [f"season: no season is named “{season_name}”"]}
        return _json_response(404, json.dumps(body, ensure_ascii=False))
    now = timezone.now()

    def compute():
        data = season_standings(season, now=now)
        if data.problems:
            body = {"season": season.name, "errors": [f"{p.field}: {p.message}" for p in data.problems]}
            return (409, json.dumps(body, ensure_ascii=False)), data.valid_until
        return (200, json.dumps(standings_document(data), ensure_ascii=False)), data.valid_until

    return _json_response(*memo(season, reading_name("api"), now, compute))


def _json_response(status: int, body: str) -> HttpResponse:
    response = HttpResponse(body, status=status, content_type="application/json")
    if not settings.MEMBERS_ONLY_READING:
        # Public data, meant to be embedded in other sites.
        response["Access-Control-Allow-Origin"] = "*"
    return response

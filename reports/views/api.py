"""The read-only JSON API: a season's standings and accessits as the season format writes them."""

import json

from django.conf import settings
from django.http import HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from league.selectors.seasons import season_or_404

from ..selectors.cache import memo, reading_name
from ..selectors.readings import season_standings
from ..selectors.standings import standings_document


@require_GET
def api_standings(request, season_name: str):
    """``{"season", "standings", "accessits"}``; 409 with the problems when the season's data is refused.

    The serialized document is cached under the season's revision, so a warm
    request is one query and one cache read.
    """
    season = season_or_404(season_name)
    now = timezone.now()

    def compute():
        data = season_standings(season, now=now)
        if data.problems:
            body = {"season": season.name, "errors": [f"{p.field}: {p.message}" for p in data.problems]}
            return (409, json.dumps(body, ensure_ascii=False)), data.valid_until
        return (200, json.dumps(standings_document(data), ensure_ascii=False)), data.valid_until

    status, body = memo(season, reading_name("api"), now, compute)
    response = HttpResponse(body, status=status, content_type="application/json")
    if not settings.MEMBERS_ONLY_READING:
        # Public data, meant to be embedded in other sites.
        response["Access-Control-Allow-Origin"] = "*"
    return response

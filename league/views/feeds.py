"""iCalendar feeds: a season's manches, and each member's own (a secret address per member).

Phones subscribe to these addresses and poll them, without signing in: the
personal feed is found by ``User.calendar_token`` (which the member can
renew from his profile), and the ``feeds`` namespace stays reachable when the
site is members-only for reading. The season feed follows that switch.
Events keep a stable UID per manche, so a moved manche moves in the phone's
calendar and a cancelled one shows as cancelled.

A feed is written once per change (``league.selectors.feeds``) and carries its
ETag: an application that polls with ``If-None-Match`` is answered 304 until
something the feed shows changes.
"""

from django.conf import settings
from django.http import Http404, HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from accounts.models import User

from ..models import Season
from ..selectors import feeds
from ..selectors.seasons import current_season
from ..tagged import Tagged
from .common import tagged_response


def _response(request, feed: Tagged, filename: str) -> HttpResponse:
    """The feed, or 304 when the application already holds these bytes (its ``If-None-Match``)."""
    headers = {
        "Content-Disposition": f'inline; filename="{filename}"',
        "Cache-Control": "private, max-age=900",
    }
    return tagged_response(request, feed, content_type="text/calendar; charset=utf-8", headers=headers)


def _season_feed(request, season: Season) -> HttpResponse:
    """``season`` comes with the calendar's mark (``selectors.feeds.with_marks``)."""
    if settings.MEMBERS_ONLY_READING and not request.user.is_authenticated:
        raise Http404
    feed = feeds.season_feed(season, now=timezone.now())
    return _response(request, feed, f"tarot-biere-{season.name}.ics")


@require_GET
def season_feed(request, season_name: str):
    return _season_feed(request, feeds.season_or_404(season_name))


@require_GET
def current_feed(request):
    season = current_season()
    if season is None:
        raise Http404
    return _season_feed(request, feeds.season_with_marks(season))


@require_GET
def personal_feed(request, token: str):
    """The manches the member is registered to (waiting ones marked tentative), all seasons."""
    user = User.objects.filter(calendar_token=token, is_active=True).first()
    if user is None or not token:
        raise Http404
    return _response(request, feeds.member_feed(user, now=timezone.now()), "tarot-biere-mes-manches.ics")

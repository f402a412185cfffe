"""iCalendar feeds: a season's manches, and each member's own (a secret address per member).

Phones subscribe to these addresses and poll them, without signing in: the
personal feed is found by ``User.calendar_token`` (which the member can
renew from his profile), and the ``feeds`` namespace stays reachable when the
site is members-only for reading. The season feed follows that switch.
Events keep a stable UID per manche, so a moved manche moves in the phone's
calendar and a cancelled one shows as cancelled.
"""

from datetime import timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.http import Http404, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from icalendar import Calendar, Event

from accounts.models import User

from ..models import Manche, Registration, Season
from ..rules import calendar as cal
from ..selectors.seasons import current_season, season_or_404

#: A manche lasts from 21:00 to about midnight.
MANCHE_LENGTH = timedelta(hours=3)


def _calendar(title: str) -> Calendar:
    calendar = Calendar()
    calendar.add("prodid", "-//Tarot-Biere//Championnat du Monde//FR")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", title)
    calendar.add("x-wr-timezone", cal.CLUB_TIMEZONE)
    calendar.add("refresh-interval", timedelta(hours=6), parameters={"VALUE": "DURATION"})
    return calendar


def _host() -> str:
    return settings.SITE_URL.split("://", 1)[-1].split("/", 1)[0] or "tarot-biere"


def _event(manche: Manche, *, seated: list[str], waiting: bool = False, now) -> Event:
    event = Event()
    event.add("uid", f"manche-{manche.pk}@{_host()}")
    event.add("dtstamp", now)
    start = timezone.localtime(manche.starts_at, ZoneInfo(cal.CLUB_TIMEZONE))
    event.add("dtstart", start)
    event.add("dtend", start + MANCHE_LENGTH)
    summary = _("Tarot-Bière : manche %(n)s") % {"n": manche.number}
    if waiting:
        summary += " " + _("(liste d'attente)")
    event.add("summary", summary)
    if manche.location:
        event.add("location", manche.location)
    url = settings.SITE_URL + manche.get_absolute_url()
    event.add("url", url)
    lines = [_("Saison %(season)s") % {"season": manche.season.name}]
    if manche.capitaine_id:
        lines.append(_("Capitaine de soirée : %(name)s") % {"name": manche.capitaine})
    if seated:
        lines.append(_("À la table : %(names)s") % {"names": ", ".join(seated)})
    if manche.status == Manche.Status.CANCELLED and manche.cancelled_reason:
        lines.append(_("Annulée : %(reason)s") % {"reason": manche.cancelled_reason})
    lines.append(url)
    event.add("description", "\n".join(lines))
    if manche.status == Manche.Status.CANCELLED:
        event.add("status", "CANCELLED")
    elif waiting:
        event.add("status", "TENTATIVE")
    else:
        event.add("status", "CONFIRMED")
    # A new sequence each time the manche changes, so clients update it.
    event.add("sequence", max(manche.history.count() - 1, 0))
    return event


def _tables(manche_ids) -> dict[int, list[str]]:
    tables: dict[int, list[str]] = {}
    for reg in (
        Registration.objects.filter(manche_id__in=manche_ids, seat__isnull=False)
        .select_related("player")
        .order_by("seat")
    ):
        tables.setdefault(reg.manche_id, []).append(str(reg.player))
    return tables


def _response(calendar: Calendar, filename: str) -> HttpResponse:
    calendar.add_missing_timezones()
    response = HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["Cache-Control"] = "private, max-age=900"
    return response


def _season_feed(request, season: Season) -> HttpResponse:
    if settings.MEMBERS_ONLY_READING and not request.user.is_authenticated:
        raise Http404
    now = timezone.now()
    manches = list(season.manches.select_related("season", "capitaine").order_by("starts_at"))
    tables = _tables([m.pk for m in manches])
    calendar = _calendar(_("Tarot-Bière %(season)s") % {"season": season.name})
    for manche in manches:
        calendar.add_component(_event(manche, seated=tables.get(manche.pk, []), now=now))
    return _response(calendar, f"tarot-biere-{season.name}.ics")


@require_GET
def season_feed(request, season_name: str):
    return _season_feed(request, season_or_404(season_name))


@require_GET
def current_feed(request):
    season = current_season()
    if season is None:
        raise Http404
    return _season_feed(request, season)


@require_GET
def personal_feed(request, token: str):
    """The manches the member is registered to (waiting ones marked tentative), all seasons."""
    user = User.objects.filter(calendar_token=token, is_active=True).first()
    if user is None or not token:
        raise Http404
    now = timezone.now()
    registrations = list(
        Registration.objects.filter(player=user, manche__starts_at__gte=now - timedelta(days=366))
        .select_related("manche__season", "manche__capitaine")
        .order_by("manche__starts_at")
    )
    tables = _tables([r.manche_id for r in registrations])
    calendar = _calendar(_("Mes manches de Tarot-Bière"))
    for registration in registrations:
        manche = registration.manche
        calendar.add_component(
            _event(manche, seated=tables.get(manche.pk, []), waiting=registration.is_waiting, now=now)
        )
    return _response(calendar, "tarot-biere-mes-manches.ics")

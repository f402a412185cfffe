"""The home page: the current season at a glance."""

from django.shortcuts import render
from django.utils import timezone

from league.models import Manche
from league.presentation import inbox_html, my_deadlines_html
from league.rules import calendar as cal
from league.selectors.comptes_rendus import my_open_deadlines
from league.selectors.dashboard import managed_seasons
from league.selectors.inbox import president_inbox
from league.selectors.registrations import my_place
from league.selectors.seasons import current_season, seasons_in_progress, with_counts

from ..selectors.readings import season_standings
from .common import highlight_style

#: How many lines of the standings the home page shows.
TOP = 5
#: How many of a member's comptes-rendus to write it lists, soonest deadline first: they
#: pile up with the manches he won and did not write (the others, on the comptes-rendus page).
MY_DEADLINES = 3


def next_manche(season, now, reader):
    """The next manche still to be played, with how many are seated and waiting and the
    ``reader``'s place among them (counted for it alone: :func:`with_counts`)."""
    upcoming = (
        Manche.objects.filter(season=season, status__in=Manche.TO_PLAY, starts_at__gte=now)
        .order_by("starts_at", "number")
        .first()
    )
    if upcoming is None:
        return None
    upcoming.season = season  # its links and the sign-up rules read it: not read again
    return with_counts([upcoming], reader=reader)[0]


def home(request):
    now = timezone.now()
    in_progress = seasons_in_progress()  # the current season, the President's, the member's deadlines
    season = current_season(in_progress)
    context = {"season": season, "now": now, "highlight": highlight_style(request)}
    if season is not None:
        upcoming = next_manche(season, now, request.user) if not season.is_closed else None
        data = season_standings(season, now=now)
        me = data.line_of(request.user.username) if request.user.is_authenticated else None
        context.update(
            {
                "next_manche": upcoming,
                "seats": cal.SEATS,
                "free_seats": cal.open_seats(upcoming.seated) if upcoming else 0,
                "standings": data,
                "top": data.lines[:TOP],
                "me": me if me is not None and me not in data.lines[:TOP] else None,
            }
        )
    if request.user.is_authenticated:
        if context.get("next_manche"):
            context.update(my_place(context["next_manche"], request.user))
        inbox = president_inbox(request.user, now=now, seasons=managed_seasons(request.user, in_progress))
        context["inbox"] = inbox if len(inbox) else None
        context["inbox_html"] = inbox_html(inbox) if len(inbox) else ""
        mine = my_open_deadlines(request.user, now, in_progress)
        context["my_deadlines"], context["my_deadlines_more"] = mine[:MY_DEADLINES], mine[MY_DEADLINES:]
        context["my_deadlines_html"] = my_deadlines_html(
            context["my_deadlines"], context["my_deadlines_more"], now=now
        )
    return render(request, "reports/home.html", context)

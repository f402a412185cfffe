"""The home page: the current season at a glance."""

from django.db.models import Count, Q
from django.shortcuts import render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils import timezone

from league.models import Manche, Registration
from league.permissions import Action, can
from league.selectors_inbox import president_inbox
from league.services.registrations import waiting_rank

from ..selectors import current_season, season_standings
from .common import highlight_style

MY_DEADLINES_TEMPLATE = "league/comptes_rendus/_my_deadlines.html"
TOP = 5


def _optional_template(name: str) -> str | None:
    """``name`` if another area already provides it (the home page includes it then)."""
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return None
    return name


def my_deadlines(user, now) -> list:
    """The comptes-rendus the member still has to write (the comptes-rendus area's reading)."""
    try:
        from league.selectors_comptes_rendus import my_open_deadlines
    except ImportError:  # that area not installed yet
        return []
    return my_open_deadlines(user, now)


def next_manche(season, now):
    """The next manche still to be played, with how many are seated and waiting."""
    return (
        Manche.objects.filter(
            season=season, status__in=(Manche.Status.PLANNED, Manche.Status.OPEN), starts_at__gte=now
        )
        .annotate(
            seated=Count("registrations", filter=Q(registrations__seat__isnull=False)),
            waiting=Count("registrations", filter=Q(registrations__seat__isnull=True)),
        )
        .order_by("starts_at", "number")
        .first()
    )


def my_next_manche(upcoming, user) -> dict:
    """The member's own standing at the next manche: his seat, his rank on the waiting list, or a sign-up."""
    mine = Registration.objects.filter(manche=upcoming, player=user).first()
    return {
        "my_registration": mine,
        "my_rank": waiting_rank(mine) if mine and mine.seat is None else None,
        "can_register": mine is None and can(user, Action.REGISTER_SELF, upcoming),
    }


def home(request):
    now = timezone.now()
    season = current_season()
    context = {"season": season, "now": now, "highlight": highlight_style(request)}
    if season is not None:
        upcoming = next_manche(season, now) if not season.is_closed else None
        data = season_standings(season, now=now)
        me = data.line_of(request.user.username) if request.user.is_authenticated else None
        context.update(
            {
                "next_manche": upcoming,
                "free_seats": max(0, 5 - upcoming.seated) if upcoming else 0,
                "standings": data,
                "top": data.lines[:TOP],
                "me": me if me is not None and me not in data.lines[:TOP] else None,
            }
        )
    if request.user.is_authenticated:
        if context.get("next_manche"):
            context.update(my_next_manche(context["next_manche"], request.user))
        inbox = president_inbox(request.user, now=now)
        context["inbox"] = inbox if inbox.to_judge or inbox.overdue or inbox.lacking else None
        template = _optional_template(MY_DEADLINES_TEMPLATE)
        if template:
            context["my_deadlines_template"] = template
            context["my_deadlines"] = my_deadlines(request.user, now)
    return render(request, "reports/home.html", context)

"""Reads of the seasons area: the current season, the lookups every page shares, a season's manches.

``current_season`` is the one definition of "the current season" for the
whole site (the season pages, the calendar, the comptes-rendus, the
iCalendar feed and the standings): the season being played, else the last
one closed. A season in preparation is never current: readers do not see it
yet, even when it is the newest.
"""

from django.db.models import Count, Q
from django.shortcuts import get_object_or_404

from ..models import Manche, Registration, Season
from ..presentation import manche_state
from ..rules import calendar as cal


def current_season() -> Season | None:
    """The season being played (the newest by name if several are), else the last one closed."""
    return (
        Season.objects.filter(state=Season.State.OPEN).order_by("-name").first()
        or Season.objects.filter(state=Season.State.CLOSED).order_by("-name").first()
    )


def listed_seasons() -> list[Season]:
    """Seasons a reader can look at (not those still in preparation), newest first."""
    return list(Season.objects.exclude(state=Season.State.PREPARATION).order_by("-name"))


def season_or_404(name: str) -> Season:
    """The season named ``name`` with its officers, or a 404."""
    return get_object_or_404(Season.objects.select_related("president", "vice_president"), name=name)


def manche_or_404(season_name: str, number: int) -> Manche:
    """Manche ``number`` of the season named ``season_name`` with its season and people, or a 404."""
    return get_object_or_404(
        Manche.objects.select_related("season", "capitaine", "absent", "closed_by"),
        season__name=season_name,
        number=number,
    )


def with_fill(queryset):
    """Manches with ``seated`` and ``waiting`` counts."""
    return queryset.annotate(
        seated=Count("registrations", filter=Q(registrations__seat__isnull=False), distinct=True),
        waiting=Count("registrations", filter=Q(registrations__seat__isnull=True), distinct=True),
    )


def manche_rows(season: Season, user) -> list[dict]:
    """The season's manches in date order, each with its fill, state and ``user``'s own place."""
    manches = with_fill(season.manches.select_related("capitaine", "absent")).order_by("starts_at", "number")
    mine = {}
    if user.is_authenticated:
        mine = dict(
            Registration.objects.filter(manche__season=season, player=user).values_list("manche_id", "seat")
        )
    rows = []
    for manche in manches:
        registered = manche.pk in mine
        rows.append(
            {
                "manche": manche,
                "state": manche_state(manche, manche.seated),
                "seated": manche.seated,
                "waiting": manche.waiting,
                "seats": cal.SEATS,
                "mine": ("seated" if mine[manche.pk] else "waiting") if registered else None,
            }
        )
    return rows

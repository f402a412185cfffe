"""Reads of the seasons area: the current season, the lookups every page shares, a season's manches.

``current_season`` is the one definition of "the current season" for the
whole site (the season pages, the calendar, the comptes-rendus, the
iCalendar feed and the standings): the season being played, else the last
one closed. A season in preparation is never current: readers do not see it
yet, even when it is the newest.
"""

from datetime import datetime

from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404

from ..models import Manche, Registration, Season
from ..presentation import manche_state
from ..rules import calendar as cal
from .sheet import sheet_started


def seasons_in_progress() -> list[Season]:
    """The seasons not closed (in preparation or being played): a page that needs them for
    several things (the home page: the current season, the President's, the member's
    comptes-rendus to write) reads them once."""
    return list(Season.objects.exclude(state=Season.State.CLOSED))


def current_season(in_progress: list[Season] | None = None) -> Season | None:
    """The season being played (the newest by name if several are), else the last one closed.

    ``in_progress``: :func:`seasons_in_progress`, when the page read them already.
    """
    if in_progress is None:
        playing = Season.objects.filter(state=Season.State.OPEN).order_by("-name").first()
    else:
        playing = max(
            (s for s in in_progress if s.state == Season.State.OPEN), key=lambda s: s.name, default=None
        )
    return playing or Season.objects.filter(state=Season.State.CLOSED).order_by("-name").first()


def seasons_with_manche_counts():
    """Every season with the number of its manches (``manche_count``), a cancelled one not
    counted: the season list says how many nights a season has, as its calendar shows them."""
    counted = Count("manches", filter=~Q(manches__status=Manche.Status.CANCELLED))
    return Season.objects.select_related("president").annotate(manche_count=counted)


def listed_seasons() -> list[Season]:
    """Seasons a reader can look at (not those still in preparation), newest first."""
    return list(Season.objects.exclude(state=Season.State.PREPARATION).order_by("-name"))


def season_or_404(name: str) -> Season:
    """The season named ``name`` with its officers, or a 404."""
    return get_object_or_404(Season.objects.select_related("president", "vice_president"), name=name)


def manche_or_404(season_name: str, number: int) -> Manche:
    """Manche ``number`` of the season named ``season_name`` with its season and people, or a 404
    (the manche page reads its own: ``manche.manche_page_or_404``)."""
    return get_object_or_404(
        Manche.objects.select_related("season", "capitaine", "absent", "closed_by"),
        season__name=season_name,
        number=number,
    )


def with_counts(manches, *, reader=None) -> list[Manche]:
    """``manches`` (read), each with its ``seated`` and ``waiting`` counts and, for a
    signed-in ``reader``, his own place among them (``mine``: ``"seated"``, ``"waiting"``
    or None), by one query of their registrations' manche, seat and player, counted
    here. Annotated to a query of manches, they were counted for every manche it
    matched before it was sorted and cut (the President's desk shows 34 of a season's
    800 planned manches: 3.4 ms); counted by the database, then read again for the
    reader's own, a page of 20 manches took two queries, the first one long to build."""
    manches = list(manches)
    if not manches:
        return manches
    counts = {manche.pk: {"seated": 0, "waiting": 0} for manche in manches}
    own = {}
    reader_pk = reader.pk if reader is not None and reader.is_authenticated else None
    registrations = (
        Registration.objects.filter(manche__in=manches)
        .order_by()  # not by their manches' order: it joined the manches
        .values_list("manche_id", "seat", "player_id")
    )
    for manche_id, seat, player_id in registrations:
        place = "waiting" if seat is None else "seated"
        counts[manche_id][place] += 1
        if player_id == reader_pk:
            own[manche_id] = place
    for manche in manches:
        manche.seated, manche.waiting = counts[manche.pk]["seated"], counts[manche.pk]["waiting"]
        manche.mine = own.get(manche.pk)
    return manches


#: Manches per page of the season and calendar pages (about five months of a
#: club's season): each row costs as much to render as a small page, so a
#: season of 1,600 manches is never rendered whole.
MANCHES_PER_PAGE = 20


#: The columns a page of manches reads (the season page's and the calendar's rows).
PAGE_FIELDS = (
    "season",
    "number",
    "starts_at",
    "location",
    "is_extra",
    "status",
    "capitaine__username",
    "capitaine__display_name",
    "absent__username",
    "absent__display_name",
)


class _CountedPaginator(Paginator):
    """A paginator told its count (read with another one in a single query)."""

    def __init__(self, object_list, per_page, *, count: int):
        super().__init__(object_list, per_page)
        self.__dict__["count"] = count  # Paginator.count is a cached property: known, not queried


def manche_page(season: Season, number: str | None, *, now: datetime):
    """Page ``number`` of the season's manches in date order; by default the one holding the next manche.

    How many manches there are, and how many are past, are one query."""
    manches = (
        season.manches.select_related("capitaine", "absent")
        .only(*PAGE_FIELDS)  # what a row shows: not every column of the manche and its two members
        .order_by("starts_at", "number")
    )
    counts = season.manches.order_by().aggregate(
        total=Count("pk"), before=Count("pk", filter=Q(starts_at__lt=now))
    )
    paginator = _CountedPaginator(manches, MANCHES_PER_PAGE, count=counts["total"])
    if number is None:
        number = min(counts["before"] // MANCHES_PER_PAGE + 1, paginator.num_pages)
    return paginator.get_page(number)


def manche_rows(season: Season, user, manches, *, now: datetime) -> list[dict]:
    """The rows of ``manches`` (a page of the season's): fill, state and ``user``'s own place
    (one query over the page's registrations: :func:`with_counts`), said only of a manche still
    to play: a cancelled one's sign-ups stay on record, but he plays nothing there."""
    return [
        {
            "manche": manche,
            "state": manche_state(manche, manche.seated, now=now),
            "seated": manche.seated,
            "waiting": manche.waiting,
            "seats": cal.SEATS,
            "mine": manche.mine if manche.status in Manche.TO_PLAY else None,
        }
        for manche in with_counts(manches, reader=user)
    ]


def new_season_name(now: datetime) -> str:
    """The name the new-season form offers: the season of ``now`` (``rules.calendar.season_year``),
    or, when it exists already, the first later one that does not."""
    year = cal.season_year(now)
    taken = set(Season.objects.filter(name__regex=r"^[0-9]{4}-[0-9]{4}$").values_list("name", flat=True))
    while f"{year}-{year + 1}" in taken:
        year += 1
    return f"{year}-{year + 1}"


def manches_left_to_play(season: Season) -> list[Manche]:
    """The season's manches still to play (planned or open for sign-up), in date order, each
    with its ``seated`` and ``waiting`` counts and whether its sheet is ``started`` (donnes
    or quick results entered): what closing the season does to them
    (``services.seasons.season_close``)."""
    manches = (
        season.manches.filter(status__in=Manche.TO_PLAY)
        .annotate(started=sheet_started())
        .order_by("starts_at", "number")
    )
    return with_counts(manches)


def rules_history(season: Season, limit: int = 10) -> list:
    """The season's recorded changes of rules and state (newest first): when, who, why, and the params then."""
    return list(
        season.history.filter(history_change_reason__isnull=False)
        .exclude(history_change_reason="")
        .select_related("history_user")
        .order_by("-history_date")[:limit]
    )

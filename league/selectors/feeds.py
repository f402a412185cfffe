"""The iCalendar feeds: a season's events written once per change, a member's picked from them.

Calendar applications poll the feeds, every subscriber every few hours, so a
feed stays the same bytes until something it shows changes. A season's
events are kept under the season's revision and the language, with the
calendar's mark (:func:`with_marks`): a sign-up changes a feed without
changing the revision. The season's feed is kept whole beside them, with its
ETag. A member's feed is his manches' events taken from their seasons' kept
events: his sign-ups are one query, and the events are written once for
every member of the season.

An event's DTSTAMP is when its season's events were written (with
``METHOD:PUBLISH``, when the calendar object was made), so the bytes stay the
same until a change and a polling application is answered « not modified ».

At 200 players × 40 manches the season's feed took 1,000 ms per request
(400× the sign-in page): a query per manche for its history (the event's
SEQUENCE), the manche's address reversed for each, and the ``icalendar``
objects (:mod:`league.ical`). Written again after a change it takes about
85 ms, and read from the cache under 1× the sign-in page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db.models import Count, QuerySet, Subquery
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from accounts.models import User

from .. import ical, revision_cache
from ..models import Manche, Registration, Season
from ..rules import calendar as cal
from ..tagged import Tagged

#: A manche lasts from 21:00 to about midnight.
MANCHE_LENGTH = timedelta(hours=3)
#: A member's feed holds his manches of the past year and to come.
PERSONAL_SPAN = timedelta(days=366)


@dataclass(frozen=True)
class SeasonEvents:
    """A season's events written once: each manche's as the season's feed and a seated member
    show it (its pk to its VEVENT, in date order), and, for the manches with a waiting
    list, as a waiting member's feed shows it."""

    events: dict[int, bytes]
    waiting: dict[int, bytes]


def _newest_change(model) -> Subquery:
    """The newest line of ``model``'s history (django-simple-history writes one at every save and
    deletion): the primary key's last entry, one index lookup whatever the size of the history."""
    return Subquery(model.history.model.objects.order_by("-history_id").values("history_id")[:1])


def with_marks(queryset: QuerySet) -> QuerySet:
    """``queryset`` (of seasons, of sign-ups) with the calendar's mark: the newest change of any
    manche and of any sign-up.

    A sign-up, a withdrawal, a capitaine designated, a manche's sign-ups
    opened change a feed (a name at the table, an event's SEQUENCE) without
    changing the season's revision; every one of them writes a line of its
    row's history. The newest line of all seasons, not of this season's
    manches: one index lookup, where the season's own would read all of its
    sign-ups' history. A change in another season only has this one's feed written again.
    """
    return queryset.annotate(
        manches_changed=_newest_change(Manche), registrations_changed=_newest_change(Registration)
    )


def season_or_404(name: str) -> Season:
    """The season named ``name`` with the calendar's mark (:func:`with_marks`), or a 404."""
    return get_object_or_404(with_marks(Season.objects.all()), name=name)


def season_with_marks(season: Season) -> Season:
    """``season`` read again with the calendar's mark (:func:`with_marks`), its revision with it."""
    return with_marks(Season.objects.filter(pk=season.pk)).get()


def _kept_at_mark(
    season_pk: int, revision: int, name: str, mark: tuple, *, now: datetime, write: Callable[[], Any]
) -> Any:
    """``write()`` kept under ``name`` at ``revision`` with the calendar's ``mark``, written again
    when the mark changed. One entry per season and language, overwritten at each change: a
    name per mark (``revision_cache.kept``) would leave every sign-up's feed in the cache,
    1.5 MB each at 200 × 40."""
    stored = revision_cache.read_many(season_pk, revision, [name], now=now).get(name)
    if stored is not None and stored[0] == mark:
        return stored[1]
    value = write()
    revision_cache.store(season_pk, revision, {name: (mark, value)}, now=now, valid_until=None)
    return value


def _manche_paths(season: Season) -> Callable[[int], str]:
    """The address of the season's manche by its number, reversed once: the number is the
    address's last part (``Manche.get_absolute_url`` reverses it for each manche, 28 ms
    of a 1,600-manche feed)."""
    probe = 987654321
    before, _found, after = Manche(season=season, number=probe).get_absolute_url().rpartition(str(probe))
    return lambda number: f"{before}{number}{after}"


def _host() -> str:
    return settings.SITE_URL.split("://", 1)[-1].split("/", 1)[0] or "tarot-biere"


def _write_events(season: Season, *, now: datetime) -> SeasonEvents:
    """Every manche's event, in a fixed number of queries."""
    manches = list(
        season.manches.order_by("starts_at", "number").values_list(
            "pk", "number", "starts_at", "location", "capitaine_id", "status", "cancelled_reason"
        )
    )
    tables: dict[int, list[int]] = {}
    with_waiting: set[int] = set()
    for manche_id, seat, player_id in (
        Registration.objects.filter(manche__season=season)
        .order_by("manche_id", "seat")
        .values_list("manche_id", "seat", "player_id")
    ):
        if seat is None:
            with_waiting.add(manche_id)
        else:
            tables.setdefault(manche_id, []).append(player_id)
    named = {player_id for table in tables.values() for player_id in table}
    named |= {row[4] for row in manches if row[4]}
    names = {user.pk: str(user) for user in User.objects.filter(pk__in=named).only("pk", *User.NAME_FIELDS)}
    # A new SEQUENCE each time the manche changes, so clients update it.
    changes = dict(
        Manche.history.model.objects.filter(id__in=season.manches.values("pk"))
        .order_by()
        .values("id")
        .annotate(n=Count("history_id"))
        .values_list("id", "n")
    )
    path = _manche_paths(season)
    host, zone, season_line = (
        _host(),
        ZoneInfo(cal.CLUB_TIMEZONE),
        _("Saison %(season)s") % {"season": season.name},
    )

    def write(row: tuple, *, waiting: bool) -> bytes:
        pk, number, starts_at, location, capitaine_id, status, cancelled_reason = row
        summary = _("Tarot-Bière : manche %(n)s") % {"n": number}
        if waiting:
            summary += " " + _("(liste d'attente)")
        url = settings.SITE_URL + path(number)
        lines = [season_line]
        if capitaine_id:
            lines.append(_("Capitaine de soirée : %(name)s") % {"name": names[capitaine_id]})
        seated = [names[player_id] for player_id in tables.get(pk, [])]
        if seated:
            lines.append(_("À la table : %(names)s") % {"names": ", ".join(seated)})
        cancelled = status == Manche.Status.CANCELLED
        if cancelled and cancelled_reason:
            lines.append(_("Annulée : %(reason)s") % {"reason": cancelled_reason})
        lines.append(url)
        start = timezone.localtime(starts_at, zone)
        return ical.event(
            uid=f"manche-{pk}@{host}",
            stamp=now,
            start=start,
            end=start + MANCHE_LENGTH,
            summary=summary,
            description="\n".join(lines),
            location=location,
            status="CANCELLED" if cancelled else "TENTATIVE" if waiting else "CONFIRMED",
            url=url,
            sequence=max(changes.get(pk, 0) - 1, 0),
        )

    return SeasonEvents(
        events={row[0]: write(row, waiting=False) for row in manches},
        waiting={row[0]: write(row, waiting=True) for row in manches if row[0] in with_waiting},
    )


def _season_events(season_pk: int, revision: int, mark: tuple, *, now: datetime) -> SeasonEvents:
    return _kept_at_mark(
        season_pk,
        revision,
        f"feed-events:{get_language()}",
        mark,
        now=now,
        write=lambda: _write_events(Season.objects.get(pk=season_pk), now=now),
    )


def season_feed(season: Season, *, now: datetime) -> Tagged:
    """The season's feed, written once per revision, language and calendar mark.

    ``season`` comes with its mark (:func:`with_marks`), read before anything the feed shows.
    """
    mark = (season.manches_changed, season.registrations_changed)

    def write() -> Tagged:
        events = _season_events(season.pk, season.revision, mark, now=now)
        title = _("Tarot-Bière %(season)s") % {"season": season.name}
        return Tagged.of(
            ical.calendar(title=title, tzid=cal.CLUB_TIMEZONE, events=list(events.events.values()))
        )

    return _kept_at_mark(season.pk, season.revision, f"feed:{get_language()}", mark, now=now, write=write)


def _picked(rows: Iterable[tuple], *, now: datetime) -> list[bytes]:
    events: dict[int, SeasonEvents] = {}
    picked = []
    for manche_id, seat, season_pk, revision, manches_changed, registrations_changed in rows:
        if season_pk not in events:
            mark = (manches_changed, registrations_changed)
            events[season_pk] = _season_events(season_pk, revision, mark, now=now)
        written = events[season_pk]
        # A sign-up changed since it was read: the events, written since, say what it became.
        event = (written.waiting.get(manche_id) if seat is None else None) or written.events.get(manche_id)
        if event is not None:
            picked.append(event)
    return picked


def member_feed(member: User, *, now: datetime) -> Tagged:
    """The manches ``member`` signed up for, of the past year and to come (a waiting one tentative),
    in date order, each event taken from its season's kept events."""
    rows = (
        with_marks(Registration.objects.filter(player=member, manche__starts_at__gte=now - PERSONAL_SPAN))
        .order_by("manche__starts_at", "manche_id")
        .values_list(
            "manche_id",
            "seat",
            "manche__season_id",
            "manche__season__revision",
            "manches_changed",
            "registrations_changed",
        )
    )
    events = _picked(rows, now=now)
    return Tagged.of(
        ical.calendar(title=_("Mes manches de Tarot-Bière"), tzid=cal.CLUB_TIMEZONE, events=events)
    )

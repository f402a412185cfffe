"""Reads of the President's desk: the coming manches of the seasons he manages, with what needs doing.

The desk's rules live here, not in the view: a manche lacking players
(danger within ``SOON`` of its date), played at 4 for want of one absent
player, registrations still closed, no capitaine designated.
"""

import functools
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import connection
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from config.statement_rows import Columns

from ..models import Manche, Registration, Season
from ..permissions import Action, can
from ..presentation import manche_state
from ..rules import calendar as cal
from .seasons import seasons_in_progress, with_counts

#: A manche this close still lacking players is flagged as urgent.
SOON = timedelta(days=14)
#: A manche started less than this long ago still shows on the desk.
STARTED_GRACE = timedelta(hours=6)
#: How many manches beyond ``SOON`` the desk lists (folded away): a calendar of the
#: whole season ahead (800 manches of a big season) made it 340 ms and 700 KB.
LATER_SHOWN = 20
#: How many planned manches the desk offers to open registrations for, soonest first (the
#: season page, a page of manches at a time, offers every one).
OPENED_SHOWN = 12


def managed_seasons(user, in_progress: list[Season] | None = None) -> list[Season]:
    """The seasons not yet closed that ``user`` runs (President or vice-president, or the club's
    officers); ``in_progress``: the seasons not closed, when the page read them already."""
    if in_progress is None:
        in_progress = seasons_in_progress()
    return [s for s in in_progress if can(user, Action.MANAGE_SEASON, s)]


@dataclass
class Desk:
    """The desk's coming manches: those within ``SOON`` (``soon``), the next
    :data:`LATER_SHOWN` after them (``later``), and how many more there are (``unshown``)."""

    soon: list[dict]
    later: list[dict]
    unshown: int

    @property
    def manches(self) -> list[Manche]:
        return [row["manche"] for row in self.soon + self.later]

    def shown(self) -> list:
        """All the desk's rows show (``league/seasons/_desk.html``), for keeping their rendering
        (``config.remembered.rendered``): a sign-up, a capitaine, a date changes it."""
        rows = [
            (
                m.pk,
                m.number,
                m.season.name,
                m.starts_at.isoformat(),
                row["seated"],
                row["seats"],
                row["waiting"],
                row["flags"],
                row["lacking"],
                row["urgent"],
            )
            for row in self.soon + self.later
            for m in [row["manche"]]
        ]
        return [len(self.soon), self.unshown, rows]


@dataclass
class ToOpen:
    """A season's planned manches the desk offers to open: the first :data:`OPENED_SHOWN`
    (``shown``, soonest first) and how many more there are (``unshown``)."""

    shown: list[Manche] = field(default_factory=list)
    unshown: int = 0


@dataclass
class DeskReading:
    """All the desk reads of the manches of its seasons: its coming manches (``desk``) and, for
    each season (by pk), the planned manches it offers to open (``to_open``)."""

    desk: Desk
    to_open: dict[int, ToOpen]


def desk_reading(seasons: list[Season], *, now: datetime) -> DeskReading:
    """The desk of ``seasons`` (their coming manches, each with its fill, state and flags:
    :func:`desk_rows`) and, for each season, its first :data:`OPENED_SHOWN` planned manches in
    date order and how many more (the desk's form to open registrations), in one statement
    built once per process (:func:`_desk_statement`).

    Written with the ORM, the desk's three queries (how many manches are coming, the first of
    them, their sign-ups) and the form's two (its planned manches, how many) were built and
    compiled at each view, 34 manches made through the querysets' machinery: at 100 × 20 in
    progress, the desk and the form took 11.5 ms of the page's CPU (2.95× the sign-in page),
    for 0.5 ms in the database; read here, 4.3 ms. The same rows, counts and order."""
    if not seasons:
        return DeskReading(Desk([], [], 0), {})
    statement = _desk_statement(len(seasons))
    adapt = connection.ops.adapt_datetimefield_value
    params = {
        "since": adapt(now - STARTED_GRACE),
        "soon": adapt(now + SOON),
        "planned": Manche.Status.PLANNED,
        "open": Manche.Status.OPEN,
        "later_shown": LATER_SHOWN,
        "opened_shown": OPENED_SHOWN,
        **{f"season_{i}": season.pk for i, season in enumerate(seasons)},
    }
    with connection.cursor() as cursor:
        cursor.execute(statement.sql, params)
        read = cursor.fetchall()
    by_pk = {season.pk: season for season in seasons}
    to_open = {season.pk: ToOpen() for season in seasons}
    make, made, soon, coming, coming_count = statement.manche.reader(), {}, [], [], 0
    for row in read:
        # A planned manche of the next weeks is read twice: on the desk and as one to open.
        manche = made.get(row[0])
        if manche is None:
            manche = made[row[0]] = make(row)
            manche.season = by_pk[manche.season_id]
        part, planned_count, manche.seated, manche.waiting, coming_count = row[len(statement.manche.fields) :]
        if part == _SOON:
            soon.append(manche)
        elif part == _LATER:
            coming.append(manche)
        else:
            season_to_open = to_open[manche.season_id]
            season_to_open.shown.append(manche)
            season_to_open.unshown = planned_count - len(season_to_open.shown)
    rows = desk_rows(soon + coming, now=now)
    return DeskReading(Desk(rows[: len(soon)], rows[len(soon) :], coming_count - len(rows)), to_open)


#: The parts of :func:`_desk_statement`'s rows: the coming manches within ``SOON``, the next
#: ``LATER_SHOWN`` after them, and each season's first ``OPENED_SHOWN`` planned manches.
_SOON, _LATER, _TO_OPEN = 0, 1, 2


@dataclass(frozen=True)
class _DeskStatement:
    sql: str
    #: The manche's columns, first in each row; then its part, its season's planned manches'
    #: count (in the part to open), its sign-ups (seated, waiting), how many are coming.
    manche: Columns


@functools.cache
def _desk_statement(seasons: int) -> _DeskStatement:
    """The statement of :func:`desk_reading` for so many seasons, built once per process (the
    models' names never change): the seasons' coming manches (planned or open, from
    ``STARTED_GRACE`` ago on) within ``SOON``, the next ``LATER_SHOWN`` after them, and each
    season's first ``OPENED_SHOWN`` planned manches with how many it has, each part read in
    date order along the index (a window over every coming manche sorted them all: 3 ms at 200
    ahead); each manche with its sign-ups counted (seated, waiting), and how many are coming."""
    quote = connection.ops.quote_name
    meta, registration = Manche._meta, Registration._meta
    # In the model's order, as ``Model.from_db`` takes them.
    fields = tuple(f for f in meta.concrete_fields if f.name in ("id", *DESK_FIELDS))

    def column(name: str, model=Manche) -> str:
        return quote(model._meta.get_field(name).column)

    table, manche_columns = quote(meta.db_table), ", ".join(column(f.name) for f in fields)
    starts_at, status, season, pk = column("starts_at"), column("status"), column("season"), column("id")
    in_order = f"ORDER BY {starts_at}, {pk}"
    seasons_in = ", ".join(f"%(season_{i})s" for i in range(seasons))
    coming = (
        f"{season} IN ({seasons_in}) AND {status} IN (%(planned)s, %(open)s) AND {starts_at} >= %(since)s"
    )
    # Names from the models' meta; values are parameters.
    parts = [
        f"SELECT {manche_columns}, {_SOON} AS part, 0 AS planned_count"  # noqa: S608
        f" FROM {table} WHERE {coming} AND {starts_at} <= %(soon)s",
        f"SELECT * FROM (SELECT {manche_columns}, {_LATER}, 0 FROM {table}"  # noqa: S608
        f" WHERE {coming} AND {starts_at} > %(soon)s {in_order} LIMIT %(later_shown)s) desk_later",
    ]
    for i in range(seasons):
        planned = f"{season} = %(season_{i})s AND {status} = %(planned)s"
        parts.append(
            f"SELECT * FROM (SELECT {manche_columns}, {_TO_OPEN},"  # noqa: S608
            f" (SELECT COUNT(*) FROM {table} WHERE {planned})"
            f" FROM {table} WHERE {planned} {in_order} LIMIT %(opened_shown)s) desk_to_open_{i}"
        )
    registrations = quote(registration.db_table)
    of_the_manche = f"{registrations}.{column('manche', Registration)} = desk_read.{pk}"
    signed_up = f"SELECT COUNT(*) FROM {registrations} WHERE {of_the_manche}"  # noqa: S608
    seat = f"{registrations}.{column('seat', Registration)}"
    sql = (
        f"SELECT desk_read.*,"  # noqa: S608
        f" ({signed_up} AND {seat} IS NOT NULL), ({signed_up} AND {seat} IS NULL),"
        f" (SELECT COUNT(*) FROM {table} WHERE {coming})"
        f" FROM ({' UNION ALL '.join(parts)}) desk_read"
        f" ORDER BY part, {starts_at}, {pk}"
    )
    return _DeskStatement(sql, Columns(Manche, meta.db_table, 0, fields))


#: What the desk and the inbox read of a coming manche (``Manche.get_absolute_url`` takes its
#: season from the seasons read already).
DESK_FIELDS = ("season", "number", "starts_at", "status", "capitaine", "absent")


def coming_manches(manches, seasons: list[Season], *, limit: int | None = None) -> list[Manche]:
    """``manches`` (a query of them, of ``seasons``; the first ``limit``) in date order, as the
    desk and the inbox show them: what they show read (:data:`DESK_FIELDS`), their sign-ups
    counted (:func:`with_counts`), their seasons taken from ``seasons``. Joined to their
    season, capitaine and absent player, 34 manches were 136 rows made into instances (34
    copies of one season) for a few names."""
    manches = manches.only(*DESK_FIELDS).order_by("starts_at")
    if limit is not None:
        manches = manches[:limit]
    manches = with_counts(manches)
    by_pk = {season.pk: season for season in seasons}
    for manche in manches:
        manche.season = by_pk[manche.season_id]
    return manches


def desk_rows(manches: list[Manche], *, now: datetime) -> list[dict]:
    """``manches`` (read as :func:`coming_manches` reads them), each with its fill, state and
    flags (level, text)."""
    rows = []
    absent = {m.absent_id for m in manches if m.absent_id}
    absent = {user.pk: user for user in User.objects.filter(pk__in=absent)} if absent else {}
    # Put in words once for all the rows (34 rows asked them 54 times).
    closed, no_capitaine = _("Inscriptions fermées"), _("Pas de capitaine")
    lacking = functools.cache(
        lambda missing: (
            ngettext("Il manque %(count)s joueur", "Il manque %(count)s joueurs", missing)
            % {"count": missing}
        )
    )
    soon = now + SOON
    for manche in manches:
        if manche.absent_id:
            manche.absent = absent[manche.absent_id]
        missing = cal.missing_players(manche.seated, absent=bool(manche.absent_id))
        at_four = bool(manche.absent_id) and manche.seated == cal.SEATS - 1
        flags = []
        if at_four:
            flags.append(("warning", _("Jeu à 4 (%(absent)s absent)") % {"absent": manche.absent}))
        elif missing:
            flags.append(("danger" if manche.starts_at <= soon else "warning", lacking(missing)))
        if manche.status == Manche.Status.PLANNED:
            flags.append(("secondary", closed))
        if manche.capitaine_id is None:
            flags.append(("info", no_capitaine))
        rows.append(
            {
                "manche": manche,
                "state": manche_state(manche, manche.seated, now=now),
                "seated": manche.seated,
                "waiting": manche.waiting,
                "seats": cal.SEATS,
                "flags": flags,
                "lacking": bool(missing) and not at_four,
                # Red on the desk: lacking players within ``SOON`` (further away, the flags say it calmly).
                "urgent": bool(missing) and not at_four and manche.starts_at <= soon,
            }
        )
    return rows

"""The manche page's manche, read by one statement built once per process.

The manche page is the most read page of a game night. Its manche comes with
its season, its capitaine's and absent player's names (only what names them:
their other fields are deferred, read on first use) and the marks of its
signatures, contests and comments, which tell the page whether what it keeps
of them is still current. Written with the ORM, building and compiling that
query took three quarters of its 1.1 ms, on every view, for a statement that
never changes: it is built here once from the models' meta, and a view only
runs it (its rows made into instances as the ORM makes them: :mod:`config.statement_rows`).
"""

import functools
from dataclasses import dataclass
from datetime import datetime

from django.db import connection
from django.http import Http404
from django.utils.translation import get_language

from accounts.models import User
from config.statement_rows import Columns

from .. import revision_cache
from ..models import Donne, Manche, QuickResult, Season, Seat, SheetConflict
from .audit import AuditEntry, audit_entries
from .comptes_rendus import comments_mark_sql
from .signatures import night_mark_sql


@dataclass(frozen=True)
class _Statement:
    sql: str
    manche: Columns
    marks: int  # where the night's and the comments' marks are in the row
    season: Columns
    capitaine: Columns
    absent: Columns


@functools.cache
def _statement() -> _Statement:
    """Built once per process: the models' names never change."""
    quote = connection.ops.quote_name
    manche_table = Manche._meta.db_table
    named = tuple(User._meta.get_field(name) for name in ("id", *User.NAME_FIELDS))
    manche = Columns(Manche, manche_table, 0, tuple(Manche._meta.concrete_fields))
    marks = len(manche.fields)
    season = Columns(Season, "season", marks + 2, tuple(Season._meta.concrete_fields))
    capitaine = Columns(User, "capitaine", season.start + len(season.fields), named)
    absent = Columns(User, "absent", capitaine.start + len(named), named)

    def joined(part: Columns, foreign_key: str, *, kind: str) -> str:
        key = quote(Manche._meta.get_field(foreign_key).column)
        target = quote(part.model._meta.pk.column)
        table = quote(part.model._meta.db_table)
        return f" {kind} JOIN {table} {quote(part.alias)} ON {quote(manche_table)}.{key} = {quote(part.alias)}.{target}"

    sql = (
        f"SELECT {manche.selected()}, {night_mark_sql(manche_table)}, {comments_mark_sql(manche_table)},"  # noqa: S608
        f" {season.selected()}, {capitaine.selected()}, {absent.selected()}"
        f" FROM {quote(manche_table)}"
        + joined(season, "season", kind="INNER")
        + joined(capitaine, "capitaine", kind="LEFT OUTER")
        + joined(absent, "absent", kind="LEFT OUTER")
        + f" WHERE {quote(season.alias)}.{quote(Season._meta.get_field('name').column)} = %s"
        f" AND {quote(manche_table)}.{quote(Manche._meta.get_field('number').column)} = %s"
    )
    return _Statement(sql, manche, marks, season, capitaine, absent)


def manche_page_or_404(season_name: str, number: int) -> Manche:
    """Manche ``number`` of the season named ``season_name``, for its page, or a 404: with its
    season, its capitaine's and absent player's names, and its ``night_mark`` and
    ``comments_mark`` (``signatures.night_mark_sql``, ``comptes_rendus.comments_mark_sql``)."""
    statement = _statement()
    with connection.cursor() as cursor:
        cursor.execute(statement.sql, [season_name, number])
        row = cursor.fetchone()
    if row is None:
        raise Http404(Manche._meta.object_name)
    manche = statement.manche.instance(row)
    manche.night_mark, manche.comments_mark = row[statement.marks : statement.marks + 2]
    manche.season = statement.season.instance(row)
    manche.capitaine = statement.capitaine.instance(row)
    manche.absent = statement.absent.instance(row)
    return manche


#: What the manche's audit list is made of (``audit.audit_entries``): the history rows of the
#: manche, its seats, donnes and quick results, each with the column naming the manche, and
#: its sheet conflicts.
_AUDITED = (
    (Manche.history.model, "id"),
    (Seat.history.model, "manche"),
    (Donne.history.model, "manche"),
    (QuickResult.history.model, "manche"),
    (SheetConflict, "manche"),
)


@functools.cache
def _audit_mark_sql() -> str:
    """One statement, built once per process: for each table of :data:`_AUDITED`, how many rows
    the manche has there and the newest one's id. History rows are only ever added (a change,
    a deletion too, is a new row) and a conflict is recorded once, so a new mark is a new change."""
    quote = connection.ops.quote_name
    parts = []
    for model, manche_field in _AUDITED:
        table, pk = quote(model._meta.db_table), quote(model._meta.pk.column)
        column = quote(model._meta.get_field(manche_field).column)
        parts.append(
            f"COALESCE((SELECT COUNT(*) || '.' || MAX({pk}) FROM {table} WHERE {column} = %s), '')"  # noqa: S608
        )
    return "SELECT " + " || '/' || ".join(parts)


def audit_mark(manche: Manche) -> str:
    """What the manche's audited rows are now, in a few characters (:func:`_audit_mark_sql`)."""
    with connection.cursor() as cursor:
        cursor.execute(_audit_mark_sql(), [manche.pk] * len(_AUDITED))
        return cursor.fetchone()[0]


def kept_audit_entries(manche: Manche, *, limit: int | None, now: datetime) -> list[AuditEntry]:
    """The manche's ``limit`` newest audit entries (``audit.audit_entries``; None: all of them,
    for the manche's history page), for the President's manche page: built once per mark of its history (:func:`audit_mark`), revision of its
    season (a renamed member bumps it) and language (their labels are translated), and read
    from the cache after. Built at each view, the four history reads and the conflicts' cost
    the page more than all the rest it shows (5 of its 10 ms at 200 × 40), for a list that
    changes only with the manche."""
    season = manche.season
    name = f"manche-audit:{manche.pk}:{limit}:{audit_mark(manche)}:{get_language()}"
    return revision_cache.kept(
        season.pk, season.revision, name, now=now, read=lambda: audit_entries(manche, limit=limit)
    )

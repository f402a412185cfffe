"""Bulk writes of plain rows, with the history rows django-simple-history would have written.

A season of 1,600 manches is some 45,000 rows (and as many history rows).
Building a model instance per row and letting the ORM prepare every value
costs more than the database work itself, so rows here are dicts keyed by
the fields' ``attname``; only values that need it (dates, decimals, JSON)
go through the field's own ``get_db_prep_save``, everything else is handed
to the driver as it is. Columns come from the models' ``_meta``, so a field
added to a model later is written too (with its default). On PostgreSQL the
rows are streamed with ``COPY``; elsewhere (SQLite) they go in multi-row
``INSERT`` statements.

History stays complete: every inserted row gets its ``+`` history row and
every deleted row its ``-`` one, with the importer as the history user, each
copied by the database from the row itself (``INSERT … SELECT``).

Why not the ORM's ``bulk_create`` with django-simple-history's
``bulk_create_with_history`` (issue 19 asked for them unless the numbers
said otherwise)? ``bench/bench_import_writes.py`` imports the same exported
season both ways in one run; the import as a multiple of ``compute_season``
in client CPU time (the shared machine's load, 10 to 12 on 2 CPUs, made
wall times swing several-fold), wall time at 200×40 below:

==========  ===========  ==========  ===========  ==========
size        SQLite raw   SQLite ORM  PostgreSQL   PostgreSQL
                                     raw (COPY)   ORM
==========  ===========  ==========  ===========  ==========
100×20      0.96×        2.48×       0.84×        2.10×
200×40      1.86×        4.62×       1.85×        4.57×
200×40 s    16.8 s       30.4 s      8.5 s        18.0 s
==========  ===========  ==========  ===========  ==========

The ORM builds a model instance per row and per history row and prepares
every value through its field: 2.5× the CPU of these rows on both
databases, and on PostgreSQL 5.6× ``compute_season`` in wall time at 200×40,
past the target of 5. New accounts and first-season updates, a few hundred
rows, do go through the bulk helpers (:mod:`.build`,
:mod:`league.services.first_seasons`). Run again on PostgreSQL once the keys of
the rows under the manches were left to the database (:func:`fill_with_history`),
each import with the recomputation its commit sets off under the local-memory
cache: raw 1.59 s against ORM 2.83 s at 100×20, 6.05 s against 10.84 s at 200×40.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime

from django.db import connections, models

PASSTHROUGH = {
    "AutoField",
    "BigAutoField",
    "BigIntegerField",
    "BooleanField",
    "CharField",
    "ForeignKey",
    "IntegerField",
    "PositiveIntegerField",
    "PositiveSmallIntegerField",
    "SmallIntegerField",
    "TextField",
}


def _fields(model: type[models.Model]) -> list[models.Field]:
    return [f for f in model._meta.concrete_fields if not f.primary_key]


def _complete(fields, rows: Iterable[dict], now: datetime) -> None:
    """Give every row a value for every field (its default, ``now`` for automatic dates), in place."""
    fixed, fresh = {}, []
    for f in fields:
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False):
            fixed[f.attname] = now
        elif f.has_default() and callable(f.default):
            fresh.append(f)  # computed per row (e.g. a fresh token)
        else:
            fixed[f.attname] = f.get_default()
    for row in rows:
        for attname, value in fixed.items():
            row.setdefault(attname, value)
        for f in fresh:
            if f.attname not in row:
                row[f.attname] = f.get_default()


def _converter(field: models.Field, connection):
    """How a field's values reach the driver: as they are, or through the field (memoised when hashable:
    a season's rows share a few instants, like the import's own time in every history row)."""
    if field.get_internal_type() in PASSTHROUGH:
        return None
    prepare = field.get_db_prep_save
    if field.get_internal_type() == "JSONField":
        if connection.vendor == "postgresql":
            # COPY reads a JSON value from its text: written here, not wrapped for the
            # driver to write it again row by row.
            def prepare(value, _connection, encoder=field.encoder):
                return json.dumps(value, cls=encoder)

        # Most of a sheet's lists (poignées, misères, penalties) are empty: prepared once.
        empty = {list: prepare([], connection), dict: prepare({}, connection)}
        return lambda value: (
            empty[type(value)] if not value and type(value) in empty else prepare(value, connection)
        )
    if field.get_internal_type() not in ("DateTimeField", "DateField", "DecimalField"):
        return lambda value: prepare(value, connection)
    memo: dict = {}

    def convert(value):
        try:
            return memo[value]
        except KeyError:
            memo[value] = done = prepare(value, connection)
            return done

    return convert


def _values(fields, rows: Iterable[dict], connection) -> list[list]:
    """Each (complete) row's values in column order, ready for the driver."""
    plan = [(f.attname, _converter(f, connection)) for f in fields]
    return [
        [
            convert(row[attname]) if convert is not None and row[attname] is not None else row[attname]
            for attname, convert in plan
        ]
        for row in rows
    ]


def insert(
    model: type[models.Model],
    rows: list[dict],
    *,
    now: datetime,
    using: str = "default",
    keys: bool = True,
) -> list[int]:
    """Insert ``rows`` (dicts by attname; a field left out gets its default); the new primary keys,
    in order. Without ``keys`` the database draws them as it writes the rows, and none is read
    back (an empty list)."""
    if not rows:
        return []
    connection = connections[using]
    qn = connection.ops.quote_name
    fields = _fields(model)
    columns = ", ".join(qn(f.column) for f in fields)
    table = qn(model._meta.db_table)
    _complete(fields, rows, now)
    params = _values(fields, rows, connection)
    one = "(" + ", ".join(["%s"] * len(fields)) + ")"
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            return _copy(cursor, model, columns, params, keys=keys)
        pk = qn(model._meta.pk.column)
        returning = f" RETURNING {pk}" if keys else ""
        limit = connection.features.max_query_params or 30000
        batch = max(1, min(500, limit // max(1, len(fields))))
        ids: list[int] = []
        for start in range(0, len(params), batch):
            chunk = params[start : start + batch]
            sql = f"INSERT INTO {table} ({columns}) VALUES {', '.join([one] * len(chunk))}{returning}"  # noqa: S608
            cursor.execute(sql, [v for values in chunk for v in values])
            if keys:
                ids.extend(r[0] for r in cursor.fetchall())
        return ids


def _copy(cursor, model: type[models.Model], columns: str, params: list[list], *, keys: bool) -> list[int]:
    """PostgreSQL: the rows through one ``COPY … FROM STDIN`` (psycopg 3); with ``keys``, their
    keys drawn from the sequence first (else the table's default draws them as they are written).

    Measured on a season of 1,600 manches, sending rows as ``INSERT … VALUES``
    statements of 500 rows made the client build and the server re-parse
    every statement; COPY streams them.
    """
    qn = connections[cursor.db.alias].ops.quote_name
    meta = model._meta
    ids: list[int] = []
    if keys:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
            [meta.db_table, meta.pk.column, len(params)],
        )
        ids = [r[0] for r in cursor.fetchall()]
        columns = f"{qn(meta.pk.column)}, {columns}"
        params = [[pk, *values] for pk, values in zip(ids, params, strict=True)]
    with cursor.cursor.copy(f"COPY {qn(meta.db_table)} ({columns}) FROM STDIN") as copy:
        for values in params:
            copy.write_row(values)
    return ids


def _copied_history(
    model: type[models.Model],
    where: str,
    params: list,
    *,
    kind: str,
    by_id: int | None,
    now: datetime,
    reason: str,
    using: str,
) -> None:
    """The history rows (``+`` created, ``-`` deleted) of the rows of ``model`` that ``where``
    selects (SQL on its primary key, with ``params``), copied by the database from the rows
    themselves, in their keys' order: each value as stored, and none of them read back to
    Python and sent again (a season's history rows, built and bound here, were a fifth
    of its import)."""
    manager = getattr(model, "history", None)
    if manager is None:
        return
    historical = manager.model
    connection = connections[using]
    qn = connection.ops.quote_name
    source = {f.attname: f.column for f in historical.tracked_fields}
    extra = {
        "history_date": now,
        "history_type": kind,
        "history_user_id": by_id,
        "history_change_reason": reason,
    }
    fields = _fields(historical)
    copied = [f for f in fields if f.attname in source]
    own = [f for f in fields if f.attname not in source]
    _complete(own, [extra], now)  # any other field of the history row: its default, as an insert gives it
    (values,) = _values(own, [extra], connection)
    columns = ", ".join(qn(f.column) for f in (*copied, *own))
    selected = ", ".join([*(qn(source[f.attname]) for f in copied), *(["%s"] * len(own))])
    pk = qn(model._meta.pk.column)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {qn(historical._meta.db_table)} ({columns}) "  # noqa: S608
            f"SELECT {selected} FROM {qn(model._meta.db_table)} WHERE {pk} IN ({where}) ORDER BY {pk}",
            [*values, *params],
        )


def insert_with_history(
    model: type[models.Model],
    rows: list[dict],
    *,
    by_id: int | None,
    now: datetime,
    reason: str,
    using: str = "default",
) -> list[int]:
    """Insert ``rows`` and their ``+`` history rows; the new primary keys, in order."""
    ids = insert(model, rows, now=now, using=using)
    # Half the driver's limit on a statement's values: the history row's own (its date,
    # type, user and reason) go in the same statement.
    batch = (connections[using].features.max_query_params or 30000) // 2
    for start in range(0, len(ids), batch):
        chunk = ids[start : start + batch]
        _copied_history(
            model,
            ", ".join(["%s"] * len(chunk)),
            chunk,
            kind="+",
            by_id=by_id,
            now=now,
            reason=reason,
            using=using,
        )
    return ids


def fill_with_history(
    queryset: models.QuerySet,
    rows: list[dict],
    *,
    by_id: int | None,
    now: datetime,
    reason: str,
    using: str = "default",
) -> None:
    """Insert ``rows`` into the table of ``queryset``, which selects them and nothing else once
    they are in (the rows under manches just created), and their ``+`` history rows.

    The database draws their keys as it writes them, and the history rows are copied from
    what ``queryset`` selects: a season's 32,000 donnes are neither given a key drawn
    beforehand nor named one by one again in the copy (at 50 × 10 on PostgreSQL, writing
    the rows and their history went from 1.49 to 1.27 × ``compute_season``, of an import
    of about 5.5).
    """
    insert(queryset.model, rows, now=now, using=using, keys=False)
    if rows:
        sql, params = queryset.values("pk").query.sql_with_params()
        _copied_history(
            queryset.model, sql, list(params), kind="+", by_id=by_id, now=now, reason=reason, using=using
        )


def delete_with_history(
    queryset: models.QuerySet, *, by_id: int | None, now: datetime, reason: str, using: str = "default"
) -> int:
    """Delete the rows of ``queryset`` in one statement, after writing their ``-`` history rows.

    The caller deletes the rows that point to these first: nothing cascades here.
    """
    model = queryset.model
    connection = connections[using]
    sql, params = queryset.values("pk").query.sql_with_params()
    _copied_history(model, sql, list(params), kind="-", by_id=by_id, now=now, reason=reason, using=using)
    qn = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"DELETE FROM {qn(model._meta.db_table)} WHERE {qn(model._meta.pk.column)} IN ({sql})",  # noqa: S608
            params,
        )
        return cursor.rowcount

"""Model instances from the rows of a statement built once per process.

The pages read most often (the manche page, the President's desk) and every
signed-in member's request (his own row: ``accounts.backends``) run a
statement built from the models' meta once, instead of having the ORM build
and compile the same query at every view. Their rows become instances here
as the ORM would make them: each value through the same converters (a JSON
field's text, SQLite's dates), asked of this request's connection as the ORM
asks them per query, then ``Model.from_db``.
"""

import functools
from collections.abc import Callable
from dataclasses import dataclass

from django.db import connection
from django.db.models import Field, Model


@dataclass(frozen=True)
class Columns:
    """One model's columns in a statement's rows: where they start, and their fields (the
    model's others are deferred, read on first use)."""

    model: type[Model]
    alias: str
    start: int
    fields: tuple[Field, ...]

    @functools.cached_property
    def columns(self) -> tuple:
        """Each field as the ORM's column expression under ``alias`` (what its converters are given)."""
        return tuple(field.get_col(self.alias) for field in self.fields)

    def selected(self) -> str:
        """These columns as a statement selects them: each one's column under ``alias``, quoted."""
        quote = connection.ops.quote_name
        return ", ".join(f"{quote(self.alias)}.{quote(field.column)}" for field in self.fields)

    @functools.cached_property
    def attnames(self) -> list[str]:
        return [field.attname for field in self.fields]

    def reader(self) -> Callable[[tuple], Model | None]:
        """What makes the instance these columns of a row hold (None for a LEFT JOIN that found
        no row), for the rows of one query: its converters asked of the connection once."""
        converters = [
            (position, column, found)
            for position, (field, column) in enumerate(zip(self.fields, self.columns, strict=True))
            if (found := connection.ops.get_db_converters(column) + field.get_db_converters(connection))
        ]
        start, end, attnames = self.start, self.start + len(self.fields), self.attnames

        def instance(row: tuple) -> Model | None:
            values = list(row[start:end])
            if values[0] is None:
                return None
            for position, column, convert_all in converters:
                for convert in convert_all:
                    values[position] = convert(values[position], column, connection)
            return self.model.from_db(connection.alias, attnames, values)

        return instance

    def instance(self, row: tuple) -> Model | None:
        """The instance these columns of the one row of a query hold (see :meth:`reader`)."""
        return self.reader()(row)

"""Members listed by name as a French reader expects: Éric between Denis and Fanny, not after Stéphane.

Both databases compare a name's bytes by default (PostgreSQL with the C
collation its clusters are often made with, SQLite always), which puts every
accented capital after Z. Names are ordered under the collation ``und-x-icu``:
PostgreSQL's ICU collation for the root locale (accents and case only break
ties), and on SQLite a collation of the same name that this module gives each
connection, comparing names without their accents and case first.
"""

import functools
import unicodedata

from django.db.models.functions import Collate

COLLATION = "und-x-icu"


def by_name(field: str = "display_name") -> Collate:
    """``field`` (a name) in the order a reader expects, for ``order_by``."""
    return Collate(field, COLLATION)


@functools.lru_cache(maxsize=4096)
def sort_key(name: str) -> tuple[str, str]:
    """The name without its accents, case-folded; then the name itself, to break ties:
    :func:`by_name`'s order for a list sorted in Python.

    Kept per name: sorting a list compares each name many times, and normalizing it at
    every comparison made reading 200 members in order 2.5 ms instead of 0.4 (0.8 kept)."""
    letters = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return letters.casefold(), name


def _compare(a: str, b: str) -> int:
    first, second = sort_key(a), sort_key(b)
    return (first > second) - (first < second)


def give_sqlite_the_collation(sender, connection, **kwargs) -> None:
    """Connected to ``connection_created``: SQLite learns :data:`COLLATION` (PostgreSQL has it)."""
    if connection.vendor == "sqlite":
        connection.connection.create_collation(COLLATION, _compare)

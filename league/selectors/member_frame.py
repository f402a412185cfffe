"""What every page shows a signed-in member around its content, read in one query.

His offices (the permission rules ask them; the menu shows the Présidence
entries to an officer) and how many of his site notices are unread (the
menu's badge). Both are tiny reads that every page of a member needs; each
query costs far more in the framework than in the database, so they are
folded into one statement (``league.middleware.MemberFrameMiddleware`` makes
it when the request starts). Raw SQL: the same union written with the ORM
cost more to build than the two queries it replaces.
"""

import functools
from dataclasses import dataclass

from django.db import connection

from accounts.models import Mandate

from ..models import SiteNotice


@dataclass(frozen=True)
class MemberFrame:
    offices: frozenset[str]
    unread_notices: int


def member_frame(user) -> MemberFrame:
    """``user``'s open mandates' roles and his unread site notices' count."""
    with connection.cursor() as cursor:
        cursor.execute(_frame_sql(), [user.pk, user.pk])
        rows = cursor.fetchall()
    # One row per open mandate (its role, no count), then one row with the count (no role).
    return MemberFrame(
        offices=frozenset(role for role, _count in rows if role is not None),
        unread_notices=next(count for role, count in rows if role is None),
    )


@functools.cache
def _frame_sql() -> str:
    """Built once per process: its names never change, and every member's request runs it."""
    quote = connection.ops.quote_name
    mandate, notice = Mandate._meta, SiteNotice._meta
    # The names come from the models' meta, quoted; the values are parameters.
    return (
        f"SELECT {quote(mandate.get_field('role').column)}, NULL FROM {quote(mandate.db_table)}"  # noqa: S608
        f" WHERE {quote(mandate.get_field('user').column)} = %s"
        f" AND {quote(mandate.get_field('ended_at').column)} IS NULL"
        f" UNION ALL SELECT NULL, COUNT(*) FROM {quote(notice.db_table)}"
        f" WHERE {quote(notice.get_field('recipient').column)} = %s"
        f" AND {quote(notice.get_field('read_at').column)} IS NULL"
    )

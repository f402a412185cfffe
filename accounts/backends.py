"""How a member is signed in, and found again at each of his requests.

Django's ``ModelBackend``, with one change: the signed-in member's row is read
by a statement built once per process (its row made an instance as the ORM
makes it: :mod:`config.statement_rows`). Through the ORM, building and
compiling the same query at every request of every member took half a
millisecond on PostgreSQL, twice the statement, about a tenth of the sign-in
page under the production settings.
"""

import functools

from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.db import connection

from config.statement_rows import Columns

from .models import User


class MemberBackend(ModelBackend):
    """The site's backend: ``ModelBackend``'s passwords and rules, its member read by one statement.

    Sessions opened before it name ``ModelBackend``, which the settings list
    after it so that nobody is signed out; refused credentials end the attempt
    here (``PermissionDenied``), or that backend would hash the password a
    second time for nothing.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        user = super().authenticate(request, username=username, password=password, **kwargs)
        # Whether ModelBackend hashed the password: it does whenever both are given.
        given = username if username is not None else kwargs.get(User.USERNAME_FIELD)
        if user is None and given is not None and password is not None:
            raise PermissionDenied
        return user

    def get_user(self, user_id):
        sql, columns = _member_statement()
        with connection.cursor() as cursor:
            cursor.execute(sql, [user_id])
            row = cursor.fetchone()
        if row is None:
            return None
        user = columns.instance(row)
        return user if self.user_can_authenticate(user) else None


@functools.cache
def _member_statement() -> tuple[str, Columns]:
    """Built once per process: the model's names never change."""
    quote = connection.ops.quote_name
    meta = User._meta
    columns = Columns(User, meta.db_table, 0, tuple(meta.concrete_fields))
    sql = f"SELECT {columns.selected()} FROM {quote(meta.db_table)} WHERE {quote(meta.pk.column)} = %s"  # noqa: S608
    return sql, columns

"""On PostgreSQL a query a connection runs again and again is prepared, so it is planned once;
``DB_PREPARED_STATEMENTS=0`` turns that off for a pooler that cannot keep prepared statements."""

import pytest
from django.db import connection

from accounts.models import User
from tests.support.settings_process import settings_read


def _database_options(**env: str) -> dict:
    return settings_read("settings.DATABASES['default']['OPTIONS']", **env)


def test_postgresql_prepares_repeated_queries_unless_told_not_to():
    url = "postgres://club@db.example.org:5432/tarot"  # only read, never connected to
    assert _database_options(DATABASE_URL=url) == {"server_side_binding": True, "prepare_threshold": 5}
    assert _database_options(DATABASE_URL=url, DB_PREPARED_STATEMENTS="0") == {}


def test_sqlite_has_no_such_option():
    assert "prepare_threshold" not in _database_options(DATABASE_URL="sqlite:///tmp-never-opened.sqlite3")


@pytest.mark.postgres
@pytest.mark.django_db
def test_a_query_run_five_times_is_prepared(player):
    def prepared() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_prepared_statements")
            return cursor.fetchone()[0]

    before = prepared()
    for _ in range(6):
        User.objects.filter(pk=player.pk, is_active=True).exists()
    assert prepared() > before

"""The next manche to play is read from the index of the manches to play alone: the played
ones dated after now (an imported season's, a night played early) are not passed over one
by one on every view of the home page."""

from datetime import UTC, datetime, timedelta

from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Manche
from reports.views.home import next_manche

NOW = datetime(2030, 1, 10, 20, tzinfo=UTC)


def plan_of(sql: str) -> str:
    """How the database reads the query ``sql`` (as run, its parameters in it)."""
    explain = "EXPLAIN QUERY PLAN " if connection.vendor == "sqlite" else "EXPLAIN "
    with connection.cursor() as cursor:
        cursor.execute(explain + sql)
        return "\n".join(str(row) for row in cursor.fetchall())


def test_the_next_manche_is_read_from_the_manches_to_play(season):
    Manche.objects.bulk_create(
        Manche(season=season, number=n, starts_at=NOW + timedelta(days=n), status=Manche.Status.PLAYED)
        for n in range(1, 301)
    )
    planned = Manche.objects.create(
        season=season, number=301, starts_at=NOW + timedelta(days=400), status=Manche.Status.PLANNED
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    with CaptureQueriesContext(connection) as queries:
        assert next_manche(season, NOW, AnonymousUser()) == planned
    (found,) = [q["sql"] for q in queries.captured_queries if 'FROM "league_manche"' in q["sql"]]
    assert "manche_to_play" in plan_of(found)

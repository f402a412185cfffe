"""Concurrency counters move only by their conditional updates, never back through a stale save."""

from datetime import UTC, datetime

from league.models import Manche, Season
from league.services.revision import invalidate
from tests.support.seasons import make_manche, make_season


def test_a_stale_season_save_keeps_the_newer_revision(db):
    season = make_season("2025-2026", state=Season.State.PREPARATION)
    stale = Season.objects.get(pk=season.pk)
    invalidate(season)
    newer = Season.objects.get(pk=season.pk).revision
    stale.default_location = "Chez Ben"
    stale.save()
    fresh = Season.objects.get(pk=season.pk)
    assert fresh.revision == newer > 0
    assert fresh.default_location == "Chez Ben"


def test_a_stale_manche_save_keeps_the_newer_sheet_version(db):
    season = make_season("2025-2026", state=Season.State.PREPARATION)
    manche = make_manche(
        season, 1, starts_at=datetime(2025, 9, 4, 19, tzinfo=UTC), status=Manche.Status.PLANNED
    )
    stale = Manche.objects.get(pk=manche.pk)
    Manche.objects.filter(pk=manche.pk).update(sheet_version=3)
    stale.location = "Chez Fifi"
    stale.save()
    fresh = Manche.objects.get(pk=manche.pk)
    assert (fresh.sheet_version, fresh.location) == (3, "Chez Fifi")

"""An import changes everything or nothing, even when the problem is found late."""

import pytest
from django.db import IntegrityError

from league.models import Donne, Season
from league.services.transfer import ImportRefused, import_season
from league.transfer import rows
from tests.support.documents import random_season


def thirty_manches():
    document = random_season(
        30, manches=32, donnes=(3, 6), quick_share=0, cancelled_share=0, planned_share=0, comptes_rendus=False
    )
    document["manches"].sort(key=lambda m: m["number"])
    return document


@pytest.mark.django_db
def test_a_problem_in_the_30th_manche_leaves_everything_unchanged(now, snapshot):
    document = thirty_manches()
    document["manches"][29]["donnes"][-1]["bouts"] = 4
    before = snapshot()
    with pytest.raises(ImportRefused) as info:
        import_season(document=document, now=now)
    assert info.value.lines() == [
        f"manches[29].donnes[{len(document['manches'][29]['donnes']) - 1}].bouts: must be 0..3, got 4"
    ]
    assert snapshot() == before
    assert not Season.objects.exists()


@pytest.mark.django_db
def test_a_database_failure_while_writing_rolls_everything_back(now, snapshot, monkeypatch):
    """The document is valid, but the database fails after the season, manches, seats and new accounts are written."""
    document = thirty_manches()
    real_fill = rows.fill_with_history

    def failing(queryset, batch, **kwargs):
        if queryset.model is Donne:
            raise IntegrityError("disk on fire")
        return real_fill(queryset, batch, **kwargs)

    monkeypatch.setattr(rows, "fill_with_history", failing)
    before = snapshot()
    with pytest.raises(IntegrityError):
        import_season(document=document, now=now)
    assert snapshot() == before


@pytest.mark.django_db
def test_a_refused_replacement_keeps_the_season_as_it_was(example_doc, now, snapshot):
    import_season(document=example_doc, now=now)
    example_doc["manches"][0]["donnes"][0]["bouts"] = 4
    before = snapshot()
    with pytest.raises(ImportRefused):
        import_season(document=example_doc, replace=True, now=now)
    assert snapshot() == before


@pytest.mark.django_db
def test_a_replacement_failing_in_the_database_keeps_the_old_season(example_doc, now, snapshot, monkeypatch):
    import_season(document=example_doc, now=now)

    def failing(*args, **kwargs):
        raise IntegrityError("disk on fire")

    monkeypatch.setattr(rows, "insert_with_history", failing)
    before = snapshot()
    with pytest.raises(IntegrityError):
        import_season(document=example_doc, replace=True, now=now)
    assert snapshot() == before

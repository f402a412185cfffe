"""The manche page reads its manche in one statement built once (``league.selectors.manche``):
the instances are those the ORM makes, with the names and marks the page shows."""

from datetime import timedelta

import pytest
from django.db import connection
from django.http import Http404
from django.test.utils import CaptureQueriesContext

from league.models import Manche, Season, SheetSignature
from league.selectors.comptes_rendus import NO_COMMENT
from league.selectors.manche import manche_page_or_404
from league.selectors.signatures import NO_SIGNATURE_NOR_CONTEST
from tests.support.seasons import NIGHT, make_manche, seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def played_at_six(season, capitaine, player, others, make_user):
    """Manche 2, played at six (fred sat out), closed, its playing order and the season's parameters set."""
    Season.objects.filter(pk=season.pk).update(params={"lateness_malus": "0.5"}, contest_hours=36)
    fred = make_user("fred", display_name="Frédéric")
    manche = make_manche(
        season,
        2,
        status=Manche.Status.PLAYED,
        capitaine=capitaine,
        is_extra=True,
        closed_at=NIGHT + timedelta(hours=4),
        closed_by=capitaine,
        order=["bruno", "anne"],
    )
    return seat(manche, [capitaine, player, *others], absent=fred)


def _fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def test_the_manche_and_its_season_read_as_the_orm_reads_them(played_at_six):
    read = manche_page_or_404(played_at_six.season.name, 2)
    orm = Manche.objects.select_related("season").get(pk=played_at_six.pk)
    assert _fields(read) == _fields(orm)
    assert _fields(read.season) == _fields(orm.season)
    assert read.season.params == {"lateness_malus": "0.5"}  # a JSON field, parsed
    assert read.starts_at == NIGHT and read.starts_at.tzinfo is not None  # an aware date, on SQLite too
    assert read.is_extra is True


def test_the_capitaine_and_the_absent_player_come_with_their_names_only(played_at_six):
    read = manche_page_or_404(played_at_six.season.name, 2)
    with CaptureQueriesContext(connection) as captured:
        names = (str(read.capitaine), str(read.absent), read.season.name)
    assert names == ("Bruno", "Frédéric", "2025-2026")
    assert len(captured) == 0
    assert read.capitaine.get_deferred_fields() >= {"email", "password"}
    assert read.absent.email == played_at_six.absent.email  # another field: read on first use


def test_a_manche_without_capitaine_nor_absent_player_has_none(season):
    make_manche(season, 3)
    read = manche_page_or_404(season.name, 3)
    with CaptureQueriesContext(connection) as captured:
        assert (read.capitaine, read.absent) == (None, None)
    assert len(captured) == 0


def test_the_page_reads_its_manche_in_one_statement(played_at_six):
    manche_page_or_404(played_at_six.season.name, 2)
    with CaptureQueriesContext(connection) as captured:
        manche_page_or_404(played_at_six.season.name, 2)
    assert len(captured) == 1


def test_the_marks_say_nobody_signed_nor_commented(played_at_six):
    read = manche_page_or_404(played_at_six.season.name, 2)
    assert read.night_mark == NO_SIGNATURE_NOR_CONTEST
    assert read.comments_mark == NO_COMMENT


def test_the_night_mark_changes_with_a_signature(played_at_six, player):
    signature = SheetSignature.objects.create(manche=played_at_six, player=player, signed_at=NIGHT)
    read = manche_page_or_404(played_at_six.season.name, 2)
    assert read.night_mark == f"1.{signature.pk}/"


@pytest.mark.parametrize(("season_name", "number"), [("2025-2026", 9), ("1999-2000", 2)])
def test_an_unknown_manche_is_not_found(played_at_six, season_name, number):
    with pytest.raises(Http404):
        manche_page_or_404(season_name, number)

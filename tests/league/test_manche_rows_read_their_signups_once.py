"""A page of manches counts each one's sign-ups (seated, waiting) and finds the reader's
own among them from one read of the page's registrations."""

from datetime import datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Manche, Registration
from league.selectors.seasons import manche_rows
from tests.support.seasons import PARIS, make_manche, make_season

NOW = datetime(2031, 1, 6, 12, tzinfo=PARIS)


@pytest.fixture
def three_manches(make_user):
    """Manche 1: five seated and two waiting, the reader among the waiting; manche 2: the
    reader seated with one other; manche 3: nobody yet."""
    season = make_season("2030-2031")
    members = [make_user(f"m{i}") for i in range(7)]
    reader = make_user("lecteur")
    first, second, third = (make_manche(season, n, starts_at=NOW + timedelta(days=7 * n)) for n in (1, 2, 3))
    for seat, member in enumerate(members[:5], start=1):
        Registration.objects.create(manche=first, player=member, seat=seat, created_at=NOW)
    Registration.objects.create(manche=first, player=members[5], created_at=NOW)
    Registration.objects.create(manche=first, player=reader, created_at=NOW + timedelta(minutes=1))
    Registration.objects.create(manche=second, player=reader, seat=1, created_at=NOW)
    Registration.objects.create(manche=second, player=members[0], seat=2, created_at=NOW)
    return season, reader, [first, second, third]


def test_each_row_counts_its_seated_and_waiting_and_says_where_the_reader_is(three_manches):
    season, reader, manches = three_manches
    rows = manche_rows(season, reader, Manche.objects.filter(season=season).order_by("number"), now=NOW)
    assert [(r["seated"], r["waiting"], r["mine"]) for r in rows] == [
        (5, 2, "waiting"),
        (2, 0, "seated"),
        (0, 0, None),
    ]


def test_a_visitor_has_no_place_of_his_own(three_manches):
    from django.contrib.auth.models import AnonymousUser

    season, _reader, _manches = three_manches
    rows = manche_rows(season, AnonymousUser(), Manche.objects.filter(season=season), now=NOW)
    assert [r["mine"] for r in rows] == [None, None, None]


def test_the_page_s_registrations_are_read_once(three_manches):
    season, reader, manches = three_manches
    with CaptureQueriesContext(connection) as captured:
        manche_rows(season, reader, manches, now=NOW)
    assert len([q for q in captured.captured_queries if "league_registration" in q["sql"]]) == 1

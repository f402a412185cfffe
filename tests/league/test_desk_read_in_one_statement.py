"""The President's desk reads its coming manches (with their sign-ups counted, how many are within
two weeks and how many in all) and each season's planned manches it offers to open (and how many
more) in one statement built once per process (``selectors.dashboard.desk_reading``): through the
ORM, its five queries cost a season in progress 7 ms to build at each view, 0.4 ms in the database.
It reads what those queries read: the same rows, counts and flags, in the same order."""

from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Manche
from league.selectors.dashboard import (
    LATER_SHOWN,
    OPENED_SHOWN,
    SOON,
    STARTED_GRACE,
    coming_manches,
    desk_reading,
    desk_rows,
)
from tests.conftest import IN_SEASON
from tests.support.seasons import make_manche, make_season, register

pytestmark = [pytest.mark.django_db]

#: The instant every test of this module runs at, the clock stopped.
NOW = IN_SEASON


@pytest.fixture
def stopped_clock():
    with time_machine.travel(NOW, tick=False):
        yield NOW


def _calendar(season, other, president, player, members):
    """Of ``season``: a planned manche ten days ago (offered to open, not coming), open ones
    started three and eight hours ago (the first still on the desk), one in two days with five
    seated and one waiting, one in four days at four with an absent player and a capitaine, one
    cancelled ahead (on neither list), then a planned one every week from the
    third on, more than the desk lists and the form offers. Of ``other``: three planned and one
    open with a player short."""
    numbers = iter(range(1, 100))

    def manche(at, status=Manche.Status.OPEN, of=season, **fields):
        return make_manche(of, next(numbers), starts_at=NOW + at, status=status, **fields)

    manche(-timedelta(days=10), Manche.Status.PLANNED)
    manche(-STARTED_GRACE + timedelta(hours=3))
    manche(-STARTED_GRACE - timedelta(hours=2))
    full = manche(timedelta(days=2))
    register(full, player, *members, now=NOW - timedelta(days=1))
    at_four = manche(timedelta(days=4), capitaine=player)
    register(at_four, *members[:4], now=NOW - timedelta(days=1))
    at_four.absent = members[5]
    at_four.save()
    manche(timedelta(days=6), Manche.Status.CANCELLED)
    for week in range(2, 2 + LATER_SHOWN + OPENED_SHOWN):
        manche(timedelta(weeks=week, hours=1), Manche.Status.PLANNED)
    for day in (3, 9, 40):
        manche(timedelta(days=day, hours=2), Manche.Status.PLANNED, of=other)
    short = manche(timedelta(days=8), of=other)
    register(short, *members[:4], now=NOW - timedelta(days=1))


def _shown(rows) -> list:
    return [
        (r["manche"].pk, r["seated"], r["waiting"], r["flags"], r["lacking"], r["state"]["code"])
        for r in rows
    ]


def test_the_desk_reads_the_rows_counts_and_manches_to_open_the_orm_queries_read(
    stopped_clock, season, president, player, members
):
    other = make_season("2026-2027", president=president, state="preparation")
    _calendar(season, other, president, player, members)
    seasons = [season, other]

    reading = desk_reading(seasons, now=NOW)

    coming = Manche.objects.filter(
        season__in=seasons,
        status__in=(Manche.Status.PLANNED, Manche.Status.OPEN),
        starts_at__gte=NOW - STARTED_GRACE,
    )
    soon = coming.filter(starts_at__lte=NOW + SOON).count()
    rows = desk_rows(coming_manches(coming, seasons, limit=soon + LATER_SHOWN), now=NOW)
    assert soon == 6 and len(rows) == soon + LATER_SHOWN  # the case: more coming than listed
    assert _shown(reading.desk.soon) == _shown(rows[:soon])
    assert _shown(reading.desk.later) == _shown(rows[soon:])
    assert reading.desk.unshown == coming.count() - len(rows) > 0
    assert [(r["manche"].season.name, str(r["manche"].starts_at)) for r in reading.desk.soon] == [
        (r["manche"].season.name, str(r["manche"].starts_at)) for r in rows[:soon]
    ]
    for each in seasons:
        planned = each.manches.filter(status=Manche.Status.PLANNED).order_by("starts_at")
        to_open = reading.to_open[each.pk]
        assert [m.pk for m in to_open.shown] == [m.pk for m in planned[:OPENED_SHOWN]]
        assert to_open.unshown == planned.count() - len(to_open.shown)
    assert reading.to_open[season.pk].unshown > 0  # the case: more planned than offered


def test_the_desk_reads_nothing_coming_and_nothing_to_open_of_a_season_without_manches(stopped_clock, season):
    reading = desk_reading([season], now=NOW)
    assert (reading.desk.soon, reading.desk.later, reading.desk.unshown) == ([], [], 0)
    assert (reading.to_open[season.pk].shown, reading.to_open[season.pk].unshown) == ([], 0)


def test_a_warm_desk_reads_its_manches_and_those_to_open_in_one_statement(
    client, stopped_clock, season, president, player, members
):
    other = make_season("2026-2027", president=president, state="preparation")
    _calendar(season, other, president, player, members)
    client.force_login(president)
    url = reverse("league:president_dashboard")
    first = client.get(url)
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url)
    assert again.status_code == 200
    assert again.content.decode().count('name="manches"') == OPENED_SHOWN + 3
    of_manches = [q["sql"] for q in queries.captured_queries if '"league_manche"' in q["sql"]]
    assert len(of_manches) == 1  # nor whether a season has manches: it read some of each
    assert [r["manche"].pk for r in again.context["desk"].soon] == [
        r["manche"].pk for r in first.context["desk"].soon
    ]


def test_only_a_season_with_no_manche_at_all_is_offered_its_calendar_generated(
    client, stopped_clock, season, president
):
    empty = make_season("2026-2027", president=president, state="preparation")
    played = make_season("2024-2025", president=president)
    make_manche(played, 1, starts_at=NOW - timedelta(days=30), status=Manche.Status.PLAYED)
    make_manche(season, 1, starts_at=NOW + timedelta(days=3))
    client.force_login(president)
    body = client.get(reverse("league:president_dashboard")).content.decode()
    generate = [
        name
        for name in (season.name, empty.name, played.name)
        if reverse("league:calendar_generate", args=[name]) in body
    ]
    assert generate == [empty.name]

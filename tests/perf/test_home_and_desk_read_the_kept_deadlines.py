"""The home page and the President's desk read the comptes-rendus' deadlines kept per revision:
a warm view makes the situation of no manche, and costs the same queries on a small and a larger season.

Every played manche's situation (its outcome, its comptes-rendus, its deadline) was
made at each view of a member's home page (his deadlines) and of the President's
(his inbox's overdue comptes-rendus): at 1,600 manches, 75× the sign-in page.
"""

from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

import league.selectors.comptes_rendus as selectors
from accounts.models import User
from league.selectors.inbox import OVERDUE_SHOWN
from tests.support.seasongen import START

#: Ten days into the generated seasons: every vainqueur has a deadline ahead (nobody posted).
DURING = START + timedelta(days=10, hours=2)


@pytest.fixture
def clock():
    with time_machine.travel(DURING, tick=False):
        yield DURING


@pytest.fixture
def situations_made(monkeypatch):
    """The number of each manche whose compte-rendu situation is made."""
    made = []
    make = selectors.situations_of

    def counted(season, manches, **kwargs):
        manches = list(manches)
        made.extend(m.number for m in manches)
        return make(season, manches, **kwargs)

    monkeypatch.setattr(selectors, "situations_of", counted)
    return made


def warm_view(client, url, made) -> tuple[object, int]:
    """The response to a second view of ``url``, and how many queries it took."""
    assert client.get(url).status_code == 200
    made.clear()
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return response, len(queries)


def the_vainqueurs_deadlines(season, username):
    """Every played manche's situation made, those with a deadline ahead of ``username``."""
    return [
        (s.manche.number, s.open_deadline)
        for s in selectors.season_comptes_rendus(season, now=DURING)
        if s.open_deadline and username in s.vainqueurs
    ]


def test_a_members_home_page_makes_no_situation_and_lists_his_deadlines(
    client, clock, small_season, larger_season, situations_made
):
    queries = []
    for season, prefix in ((small_season, "p"), (larger_season, "q")):
        winner = next(
            u
            for u in User.objects.filter(username__startswith=prefix).order_by("username")
            if the_vainqueurs_deadlines(season, u.username)
        )
        client.force_login(winner)
        response, count = warm_view(client, reverse("home"), situations_made)
        assert situations_made == []
        mine = response.context["my_deadlines"] + response.context["my_deadlines_more"]
        shown = [(d.number, d.open_deadline) for d in mine]
        assert shown == sorted(
            the_vainqueurs_deadlines(season, winner.username), key=lambda found: found[1].deadline
        )
        queries.append(count)
    assert queries[0] == queries[1]


@pytest.mark.parametrize("page", ["home", "league:president_dashboard"])
def test_the_presidents_pages_make_no_situation_to_list_the_overdue_comptes_rendus(
    client, clock, small_season, larger_season, president, situations_made, page
):
    """Both seasons are his: his inbox lists the first of the small season's manches whose
    every deadline passed with nothing posted (all but its last), as every manche's situation
    says, and how many more."""
    client.force_login(president)
    response, _count = warm_view(client, reverse(page), situations_made)
    assert situations_made == []
    overdue = [
        s.manche
        for season in (small_season, larger_season)
        for s in selectors.season_comptes_rendus(season, now=DURING)
        if s.state == "awaiting" and not s.open_deadline
    ]
    assert len(overdue) == 7
    inbox = response.context["inbox"]
    assert inbox.overdue == overdue[:OVERDUE_SHOWN]
    assert [(season.name, more) for season, more in inbox.overdue_more] == [
        (overdue[0].season.name, 7 - OVERDUE_SHOWN)
    ]


def test_the_home_page_reads_the_seasons_in_progress_once(
    client, clock, small_season, larger_season, president
):
    """The current season, the seasons the President runs and those where the member has
    comptes-rendus to write are the same rows: one query finds them all."""
    client.force_login(president)
    client.get(reverse("home"))
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("home"))
    assert response.context["season"] == larger_season  # the newest of the two being played
    assert response.context["inbox"] is not None  # his desk's part was read from the same rows
    from_seasons = [q["sql"] for q in queries if q["sql"].lstrip().startswith('SELECT "league_season"')]
    assert len(from_seasons) == 1, from_seasons


def test_a_members_home_page_links_his_deadlines_manches_without_reading_them(client, clock, larger_season):
    """The kept deadlines say each manche's number: the links need no row (the one manche
    read is the next to be played)."""
    winner = next(
        u
        for u in User.objects.filter(username__startswith="q").order_by("username")
        if the_vainqueurs_deadlines(larger_season, u.username)
    )
    client.force_login(winner)
    client.get(reverse("home"))
    with CaptureQueriesContext(connection) as queries:
        html = client.get(reverse("home")).content.decode()
    number = the_vainqueurs_deadlines(larger_season, winner.username)[0][0]
    assert reverse("league:manche_detail", args=[larger_season.name, number]) in html
    assert reverse("league:cr_write", args=[larger_season.name, number]) in html
    manche_reads = [q["sql"] for q in queries if 'FROM "league_manche"' in q["sql"]]
    assert len(manche_reads) == 1, manche_reads


def test_a_members_next_manche_is_shown_without_reading_its_season_again(client, clock, larger_season):
    """The next manche is read from the season the page holds, and the member's sign-up to it
    alone (not joined to the manches to sort it: a member signs up once to a manche)."""
    from league.models import Manche, Registration

    member = User.objects.filter(username__startswith="q").order_by("username").first()
    number = larger_season.manches.count() + 1
    manche = Manche.objects.create(
        season=larger_season, number=number, starts_at=DURING + timedelta(days=3), status=Manche.Status.OPEN
    )
    Registration.objects.create(manche=manche, player=member, created_at=DURING)
    client.force_login(member)
    client.get(reverse("home"))
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("home"))
    assert response.context["next_manche"] == manche and response.context["my_registration"].player == member
    assert manche.get_absolute_url() in response.content.decode()
    from_seasons = [q["sql"] for q in queries if q["sql"].lstrip().startswith('SELECT "league_season"')]
    assert len(from_seasons) == 1, from_seasons
    registrations = [q["sql"] for q in queries if 'FROM "league_registration"' in q["sql"]]
    assert registrations and not [sql for sql in registrations if 'JOIN "league_manche"' in sql], (
        registrations
    )

"""The President's desk and the home page count the sign-ups of the manches they show, not of
every manche to come: counted in the query of the manches (annotated to it), the database counted
the registrations of the whole calendar ahead before it sorted it and kept the few shown (800
planned manches of a big season: 3.4 ms of the desk, 1 ms of the home page). The desk reads
of its manches what it shows, not their seasons, capitaines and absent players joined to each:
in one statement (``selectors.dashboard.desk_reading``), each manche it returns with its sign-ups
counted, and those it offers to open."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Manche
from tests.support.seasons import make_manche, register, thursday_21h

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


def _statements(client, url) -> list[str]:
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return [q["sql"] for q in queries.captured_queries]


def _season_ahead(season, player, members):
    """Ten weekly manches ahead, the first open with four signed up, the others planned."""
    first = make_manche(season, 1, starts_at=thursday_21h(3))
    for week in range(1, 10):
        make_manche(season, week + 1, starts_at=thursday_21h(3 + 7 * week), status=Manche.Status.PLANNED)
    register(first, player, *members[:3])
    return first


def _counted_with_the_manches(statements) -> list[str]:
    """The statements that read manches and count their registrations in the same query."""
    return [sql for sql in statements if 'FROM "league_manche"' in sql and '"league_registration"' in sql]


def _counts(statements) -> list[str]:
    return [sql for sql in statements if sql.startswith('SELECT "league_registration"."manche_id"')]


def _desk_statement(statements) -> str:
    """The desk's one statement of its manches (:func:`league.selectors.dashboard.desk_reading`)."""
    (desk,) = [sql for sql in statements if 'FROM "league_manche"' in sql]
    return desk


def test_the_desk_counts_the_sign_ups_of_the_manches_it_shows(client, season, president, player, members):
    first = _season_ahead(season, player, members)
    client.force_login(president)
    statements = _statements(client, reverse("league:president_dashboard"))
    desk = _desk_statement(statements)
    # Counted for each manche read (the rows it returns), not grouped over a join of them all.
    assert '"league_registration"."manche_id" = desk_read."id"' in desk
    assert "JOIN" not in desk and "GROUP BY" not in desk
    assert len([sql for sql in statements if '"league_registration"' in sql]) == 1
    response = client.get(reverse("league:president_dashboard"))
    assert response.context["desk"].soon[0]["manche"] == first
    assert response.context["desk"].soon[0]["seated"] == 4


def test_the_home_page_counts_the_sign_ups_of_the_next_manche_alone(
    client, season, president, player, members
):
    _season_ahead(season, player, members)
    client.force_login(player)
    statements = _statements(client, reverse("home"))
    assert not _counted_with_the_manches(statements)
    response = client.get(reverse("home"))
    assert response.context["next_manche"].number == 1
    assert (response.context["next_manche"].seated, response.context["free_seats"]) == (4, 1)


def test_the_desk_reads_its_manches_without_their_season_and_members(
    client, season, president, player, members
):
    first = _season_ahead(season, player, members)
    first.absent = members[3]
    first.save()
    client.force_login(president)
    desk = _desk_statement(_statements(client, reverse("league:president_dashboard")))
    assert "JOIN" not in desk
    assert '"location"' not in desk
    body = client.get(reverse("league:president_dashboard")).content.decode()
    assert f"Jeu à 4 ({members[3]} absent)" in body
    assert f'href="{first.get_absolute_url()}"' in body


def test_the_presidents_home_page_reads_the_next_two_weeks_as_the_desk_does(
    client, season, president, player, members
):
    _season_ahead(season, player, members)
    client.force_login(president)
    statements = _statements(client, reverse("home"))
    assert not _counted_with_the_manches(statements)
    assert not [sql for sql in statements if 'FROM "league_manche"' in sql and 'JOIN "league_season"' in sql]
    response = client.get(reverse("home"))
    assert [
        (m.number, missing, no_capitaine) for m, missing, no_capitaine in response.context["inbox"].lacking
    ] == [(1, 1, True)]


def test_the_desk_reads_the_planned_manches_it_offers_to_open_once(
    client, season, president, player, members
):
    _season_ahead(season, player, members)
    client.force_login(president)
    statements = _statements(client, reverse("league:president_dashboard"))
    planned = [sql for sql in statements if "'planned'" in sql or "%(planned)s" in sql]
    assert planned == [_desk_statement(statements)]  # with the desk's manches
    body = client.get(reverse("league:president_dashboard")).content.decode()
    assert body.count('name="manches"') == 9

"""The deadlines the home page and the President's inbox list are made once per revision of the
season (not from every played manche's situation at each view), and read right all the same:
after a deadline falls, after a compte-rendu is posted."""

from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse

import league.selectors.comptes_rendus as selectors
from league.selectors.comptes_rendus import my_open_deadlines
from league.templatetags.comptes_rendus import countdown
from tests.support.seasons import paris

START, NEXT, THIRD = paris(2025, 10, 2, 21), paris(2025, 10, 16, 21), paris(2025, 10, 30, 21)
DURING = paris(2025, 10, 5, 18)
AFTER_NEXT = paris(2025, 10, 18, 12)
#: More than the last manche's 14 days after it.
AFTER_THE_LAST = paris(2025, 11, 20, 12)


@pytest.fixture
def computations(monkeypatch):
    """The instants at which the season's deadlines are made (not read from the cache)."""
    calls = []
    make = selectors._season_deadlines

    def counted(season, now):
        calls.append(now)
        return make(season, now)

    monkeypatch.setattr(selectors, "_season_deadlines", counted)
    return calls


def home(client, user):
    client.force_login(user)
    response = client.get(reverse("home"))
    assert response.status_code == 200
    return response


def listed(response) -> list[tuple[int, object, bool]]:
    return [(d.number, d.open_deadline.deadline, d.pending) for d in response.context["my_deadlines"]]


def test_the_vainqueurs_deadline_is_made_once_and_read_at_the_next_views(
    client, played, manche_at, players, computations
):
    played(1, START)
    manche_at(2, NEXT)
    with time_machine.travel(DURING, tick=False):
        assert listed(home(client, players["anne"])) == [(1, NEXT, False)]
        assert listed(home(client, players["anne"])) == [(1, NEXT, False)]
        assert listed(home(client, players["bruno"])) == []
    assert computations == [DURING]


def test_once_a_deadline_falls_the_home_page_shows_the_next_one(client, played, manche_at, players):
    played(1, START)
    manche_at(2, NEXT)
    manche_at(3, THIRD)
    with time_machine.travel(DURING, tick=False):
        assert listed(home(client, players["anne"])) == [(1, NEXT, False)]
    with time_machine.travel(AFTER_NEXT, tick=False):
        assert listed(home(client, players["anne"])) == [(1, THIRD, False)]


def test_a_posted_compte_rendu_leaves_the_vainqueurs_list(client, played, manche_at, players, post):
    manche = played(1, START)
    manche_at(2, NEXT)
    with time_machine.travel(DURING, tick=False):
        assert listed(home(client, players["anne"])) == [(1, NEXT, False)]
        post(manche, players["anne"], DURING)
        assert listed(home(client, players["anne"])) == []
        assert my_open_deadlines(players["anne"], DURING) == []


def test_the_inbox_lists_a_manche_overdue_until_its_compte_rendu_is_posted(client, played, players, post):
    manche = played(1, START)
    with time_machine.travel(AFTER_THE_LAST, tick=False):
        client.force_login(players["ben"])
        response = client.get(reverse("league:president_dashboard"))
        assert response.context["inbox"].overdue == [manche]
        assert "Manche 1 : compte-rendu en retard" in response.content.decode()
        post(manche, players["anne"], AFTER_THE_LAST)
        response = client.get(reverse("league:president_dashboard"))
        assert response.context["inbox"].overdue == []
        assert [cr.manche for cr in response.context["inbox"].to_judge] == [manche]


def test_the_home_page_lists_the_three_soonest_and_links_to_the_others(client, played, manche_at, players):
    """They pile up with the manches he won and did not write: the comptes-rendus page lists them all."""
    for number in range(1, 6):
        played(number, START + timedelta(days=number - 1))
    manche_at(6, NEXT)
    with time_machine.travel(DURING, tick=False):
        response = home(client, players["anne"])
    assert [d.number for d in response.context["my_deadlines"]] == [1, 2, 3]
    html = response.content.decode()
    assert "Manche 4 (" not in html
    cr_list = reverse("league:cr_list", args=[response.context["my_deadlines"][0].season.name])
    assert f'<a href="{cr_list}">et 2 autres comptes-rendus à écrire →</a>' in html


def rendered_sections(response) -> int:
    return [t.name for t in response.templates].count("league/comptes_rendus/_my_deadlines.html")


def test_the_members_deadlines_are_rendered_once_while_what_they_show_is_the_same(
    client, played, manche_at, players
):
    played(1, START)
    manche_at(2, NEXT)
    with time_machine.travel(DURING, tick=False):
        first, second = home(client, players["anne"]), home(client, players["anne"])
    assert (rendered_sections(first), rendered_sections(second)) == (1, 0)
    assert countdown(NEXT, DURING) in second.content.decode()


def test_the_kept_deadlines_count_down_at_each_view(client, played, manche_at, players):
    """The section is kept with its countdowns' texts: an hour later, it reads an hour less."""
    played(1, START)
    manche_at(2, NEXT)
    moments = (NEXT - timedelta(hours=5), NEXT - timedelta(hours=4), NEXT - timedelta(hours=4, minutes=-1))
    for moment in moments:
        with time_machine.travel(moment, tick=False):
            assert countdown(NEXT, moment) in home(client, players["anne"]).content.decode()
    assert len({countdown(NEXT, moment) for moment in moments}) == 3

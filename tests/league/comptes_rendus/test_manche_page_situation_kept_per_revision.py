"""The manche page's compte-rendu section is computed once per revision of the season,
and reads right all the same: after a deadline falls, after a compte-rendu is posted,
and with the members' names as they are now."""

import pytest
import time_machine
from django.urls import reverse

import league.selectors.comptes_rendus as selectors
from accounts.models import User
from accounts.signals import display_name_changed
from tests.support.seasons import paris

START, NEXT, THIRD = paris(2025, 10, 2, 21), paris(2025, 10, 16, 21), paris(2025, 10, 30, 21)
DURING = paris(2025, 10, 5, 18)
AFTER_NEXT = paris(2025, 10, 18, 12)


@pytest.fixture
def manche(played, manche_at):
    m1 = played(1, START)
    manche_at(2, NEXT)
    manche_at(3, THIRD)
    return m1


@pytest.fixture
def computations(monkeypatch):
    """How many times the situation is computed (not read from the cache)."""
    calls = []
    compute = selectors.manche_comptes_rendus

    def counted(*args, **kwargs):
        calls.append(kwargs.get("now"))
        return compute(*args, **kwargs)

    monkeypatch.setattr(selectors, "manche_comptes_rendus", counted)
    return calls


def situation(client, manche):
    response = client.get(reverse("league:manche_detail", args=[manche.season.name, manche.number]))
    assert response.status_code == 200
    return response.context["cr_situation"], response.content.decode()


def test_a_second_view_reads_the_kept_situation(client, manche, computations):
    with time_machine.travel(DURING, tick=False):
        first, _html = situation(client, manche)
        again, _html = situation(client, manche)
    assert len(computations) == 1
    assert again.open_deadline == first.open_deadline


def test_once_a_deadline_falls_the_page_shows_the_next_one(client, manche, computations):
    with time_machine.travel(DURING, tick=False):
        before, _html = situation(client, manche)
    with time_machine.travel(AFTER_NEXT, tick=False):
        after, _html = situation(client, manche)
        fresh = selectors.manche_comptes_rendus(manche, now=AFTER_NEXT)
    assert before.open_deadline.deadline != after.open_deadline.deadline
    assert after.open_deadline == fresh.open_deadline
    assert after.adjustments == fresh.adjustments  # the late malus, as the engine counts it now


def test_a_posted_compte_rendu_shows_at_once(client, manche, players, post, computations):
    with time_machine.travel(DURING, tick=False):
        before, _html = situation(client, manche)
        post(manche, players["anne"], DURING, title="Soirée mémorable")
        after, html = situation(client, manche)
    assert before.main is None
    assert after.main is not None and "Soirée mémorable" in html
    assert len(computations) == 2  # the post bumped the revision


def test_a_new_display_name_shows_at_once(client, manche, players, post):
    with time_machine.travel(DURING, tick=False):
        post(manche, players["anne"], DURING)
        situation(client, manche)
        players["anne"].display_name = "Anne la Grande"
        players["anne"].save()
        display_name_changed.send(sender=User, user=players["anne"])  # as the profile's service does
        kept, html = situation(client, manche)
    assert [str(u) for u in kept.vainqueur_users] == ["Anne la Grande"]
    assert str(kept.main.author) == "Anne la Grande"
    assert "Par Anne la Grande" in html


def test_a_rejection_reads_the_same_kept_as_fresh_without_the_seasons_other_dates(
    client, manche, players, post, computations
):
    from league.services.comptes_rendus import compte_rendu_reject

    with time_machine.travel(DURING, tick=False):
        cr = post(manche, players["anne"], DURING)
        compte_rendu_reject(compte_rendu=cr, judge=players["ben"], reason="Trop court.", now=DURING)
        situation(client, manche)
        kept, _html = situation(client, manche)
        assert len(computations) == 1  # the second view read the kept one
        fresh = selectors.manche_comptes_rendus(manche, now=DURING)
    assert kept.state == fresh.state == "replacement"
    assert kept.rejection == fresh.rejection and kept.open_deadline == fresh.open_deadline
    assert tuple(kept.deadlines) == (fresh.rejection[1],)  # not every later manche's start
    assert len(fresh.deadlines) == 2

"""The manche page reads a played manche's signatures and contests only when they changed:
the manche comes with a mark of them (how many, the newest, how many ruled), and what was
read under a mark is kept in the season's cache. Every signature, contest and ruling shows
on the next view all the same, and the members in it under their names of now."""

from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import User
from league.models import Manche
from league.services import signatures
from tests.support.seasons import NIGHT
from tests.support.sheet import add, close, contract

CLOSED = NIGHT + timedelta(hours=4)


@pytest.fixture
def closed(manche, capitaine, player):
    add(manche, capitaine, contract(capitaine, "garde", partner=player, bouts=2, points=49), now=NIGHT)
    close(manche, capitaine, now=CLOSED)
    return Manche.objects.select_related("season").get(pk=manche.pk)


def _view(client, manche):
    """The page during the contest period (who has not confirmed yet is listed), and how
    many of its queries read the signatures or the contests."""
    url = reverse("league:manche_detail", args=[manche.season.name, manche.number])
    with (
        time_machine.travel(CLOSED + timedelta(hours=1), tick=False),
        CaptureQueriesContext(connection) as captured,
    ):
        response = client.get(url)
    assert response.status_code == 200
    reads = sum(
        1
        for q in captured.captured_queries
        if 'FROM "league_sheetsignature"' in q["sql"].split("WHERE")[0]
        or 'FROM "league_donnecontest"' in q["sql"].split("WHERE")[0]
    )
    return response.content.decode(), reads


def test_nobody_signed_nothing_is_read(client, closed):
    html, reads = _view(client, closed)
    assert reads == 0
    assert html.count("pas encore validée") == 5


def test_a_signature_shows_on_the_next_view_then_is_not_read_again(client, closed, player, capitaine):
    _view(client, closed)
    signatures.sheet_sign(manche=closed, by=player, now=CLOSED)
    html, reads = _view(client, closed)
    assert reads == 2 and html.count("pas encore validée") == 4
    html, reads = _view(client, closed)
    assert reads == 0 and html.count("pas encore validée") == 4
    signatures.table_signed(manche=closed, by=capitaine, now=CLOSED)
    html, reads = _view(client, closed)
    assert "pas encore validée" not in html and html.count("signée à la table") >= 4


def test_a_contest_and_its_ruling_show_on_the_next_view(client, closed, player, president):
    _view(client, closed)
    contest = signatures.donne_contest(
        manche=closed, index=1, reason="49 points, pas 59", by=player, now=CLOSED
    )
    html, _reads = _view(client, closed)
    assert "49 points, pas 59" in html and "résultat provisoire" in html
    _html, reads = _view(client, closed)
    assert reads == 0
    signatures.contest_rule(contest=contest, ruling="upheld", note="Feuille juste.", by=president, now=CLOSED)
    html, _reads = _view(client, closed)
    assert "Feuille juste." in html and "résultat provisoire" not in html
    assert str(president) in html  # who ruled


def test_who_ruled_is_named_as_he_is_now(client, closed, player, president):
    contest = signatures.donne_contest(
        manche=closed, index=1, reason="49 points, pas 59", by=player, now=CLOSED
    )
    signatures.contest_rule(contest=contest, ruling="upheld", note="Feuille juste.", by=president, now=CLOSED)
    _view(client, closed)
    User.objects.filter(pk=president.pk).update(display_name="Benoît le Grand")
    html, _reads = _view(client, closed)
    assert "Benoît le Grand" in html

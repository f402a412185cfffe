"""The manche page counts the compte-rendu's comments without reading them on every view:
the manche comes with a mark of its comments (how many, the newest), and the counts read
under a mark are kept in the season's cache. A new comment shows in the count on the next
view all the same."""

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.services import comptes_rendus as services
from tests.support.seasons import paris

START, NEXT = paris(2025, 10, 2, 21), paris(2025, 10, 16, 21)
DURING = paris(2025, 10, 5, 18)


@pytest.fixture
def posted(played, manche_at, players):
    manche = played(1, START)
    manche_at(2, NEXT)
    return services.compte_rendu_post(
        manche=manche, author=players["anne"], title="La nuit", text="Une belle nuit.", now=DURING
    )


def _view(client, manche):
    """The page, and how many of its queries read the comments."""
    url = reverse("league:manche_detail", args=[manche.season.name, manche.number])
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    reads = sum(1 for q in captured.captured_queries if 'FROM "league_comment"' in q["sql"].split("WHERE")[0])
    return response.content.decode(), reads


@pytest.fixture(autouse=True)
def during():
    with time_machine.travel(DURING, tick=False):
        yield


def test_without_comments_none_is_read(client, posted):
    html, reads = _view(client, posted.manche)
    assert reads == 0
    assert "Commentaires (0)" in html


def test_a_comment_shows_in_the_count_on_the_next_view_then_is_not_read_again(client, posted, players):
    _view(client, posted.manche)
    services.comment_post(compte_rendu=posted, author=players["bruno"], text="Bravo !", now=DURING)
    html, reads = _view(client, posted.manche)
    assert reads == 1 and "Commentaires (1)" in html
    html, reads = _view(client, posted.manche)
    assert reads == 0 and "Commentaires (1)" in html
    services.comment_post(compte_rendu=posted, author=players["carole"], text="Et la garde !", now=DURING)
    html, _reads = _view(client, posted.manche)
    assert "Commentaires (2)" in html


def test_a_deleted_comment_leaves_the_count_on_the_next_view(client, posted, players):
    services.comment_post(compte_rendu=posted, author=players["bruno"], text="Bravo !", now=DURING)
    second = services.comment_post(
        compte_rendu=posted, author=players["carole"], text="Hors sujet", now=DURING
    )
    html, _reads = _view(client, posted.manche)
    assert "Commentaires (2)" in html
    second.delete()  # from the admin
    html, _reads = _view(client, posted.manche)
    assert "Commentaires (1)" in html

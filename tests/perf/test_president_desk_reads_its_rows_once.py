"""The President's desk reads his seasons and their coming manches once: its inbox takes them
from the desk (it read them again, with the fill of the next two weeks' manches); and it reads
no compte-rendu while none awaits judgement."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Manche
from tests.support.seasons import make_manche, register, thursday_21h

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


def test_the_desk_and_its_inbox_read_the_seasons_and_the_coming_manches_once(
    client, season, president, player, members
):
    soon = make_manche(season, 1, starts_at=thursday_21h(3))
    make_manche(season, 2, starts_at=thursday_21h(31), status=Manche.Status.PLANNED)
    register(soon, player, *members[:3])
    client.force_login(president)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("league:president_dashboard"))
    assert response.status_code == 200
    assert response.context["inbox"].lacking == [(soon, 1, True)]
    statements = [q["sql"] for q in queries.captured_queries]
    assert len([sql for sql in statements if sql.startswith('SELECT "league_season"."id"')]) == 1
    assert len([sql for sql in statements if '"league_registration"' in sql]) == 1


def test_a_warm_desk_reads_no_compte_rendu_while_none_awaits_judgement(client, season, president):
    """Which comptes-rendus await judgement is kept per revision (every write to one bumps it)."""
    make_manche(season, 1, starts_at=thursday_21h(3))
    client.force_login(president)
    url = reverse("league:president_dashboard")
    assert client.get(url).status_code == 200
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.context["inbox"].to_judge == []
    assert not [q["sql"] for q in queries.captured_queries if '"league_compterendu"' in q["sql"]]

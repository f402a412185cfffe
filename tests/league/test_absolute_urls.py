"""A season and a manche each know their page; following it shows them."""

from datetime import UTC, datetime

import pytest

from league.models import Manche
from tests.support.seasons import make_manche, make_season


@pytest.mark.django_db
def test_a_season_and_a_manche_link_to_their_own_pages(client):
    season = make_season("2031-2032")
    manche = make_manche(
        season, 3, starts_at=datetime(2031, 10, 2, 19, tzinfo=UTC), status=Manche.Status.PLANNED
    )
    assert season.get_absolute_url() == "/saisons/2031-2032/"
    assert manche.get_absolute_url() == "/saisons/2031-2032/manches/3/"
    assert client.get(season.get_absolute_url()).status_code == 200
    page = client.get(manche.get_absolute_url())
    assert page.status_code == 200 and page.context["manche"] == manche

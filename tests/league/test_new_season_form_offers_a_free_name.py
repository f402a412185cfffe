"""The new-season form offers the name of a season that does not exist yet: submitting its
defaults creates it."""

import pytest
from django.urls import reverse

from league.models import Season
from tests.support.seasons import make_season

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]  # in 2025-2026


def offered_name(client) -> str:
    return client.get(reverse("league:season_create")).context["form"].initial["name"]


def test_the_form_offers_the_season_of_today_when_it_does_not_exist(client, president):
    client.force_login(president)
    assert offered_name(client) == "2025-2026"


def test_the_form_offers_the_next_season_not_taken_and_its_defaults_create_it(client, president):
    make_season("2025-2026", president=president)
    make_season("2026-2027", president=president, state=Season.State.PREPARATION)
    client.force_login(president)
    name = offered_name(client)
    assert name == "2027-2028"
    response = client.post(
        reverse("league:season_create"), {"name": name, "family": "tarot-biere", "president": president.pk}
    )
    assert response.status_code == 302
    assert Season.objects.filter(name="2027-2028").exists()

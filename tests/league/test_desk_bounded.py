"""The President's desk lists the manches of the next two weeks and the next few after them,
and offers to open registrations for the soonest planned ones: a calendar of a whole season
ahead (hundreds of manches) made it hundreds of ms and KB. It says how many more there are
and where they are; opening registrations for any planned manche still works."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Manche
from league.selectors.dashboard import LATER_SHOWN, OPENED_SHOWN
from tests.support.seasons import make_manche, thursday_21h

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


def calendar_ahead(season, weeks: int) -> None:
    """A planned manche every Thursday for ``weeks`` weeks, the first three days ahead."""
    for week in range(weeks):
        make_manche(season, week + 1, starts_at=thursday_21h(3 + 7 * week), status=Manche.Status.PLANNED)


def desk_view(client):
    """The desk, viewed a second time (what is kept per revision read from the cache), and its queries."""
    client.get(reverse("league:president_dashboard"))
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("league:president_dashboard"))
    assert response.status_code == 200
    return response, len(queries)


def test_the_desk_lists_the_next_two_weeks_and_the_next_later_manches_then_how_many_more(
    client, season, president
):
    calendar_ahead(season, 40)
    client.force_login(president)
    response, _count = desk_view(client)
    desk = response.context["desk"]
    # From the Wednesday of the clock, the first Thursday is 8 days ahead, the next 15.
    assert [r["manche"].number for r in desk.soon] == [1]
    assert [r["manche"].number for r in desk.later] == list(range(2, 2 + LATER_SHOWN))
    assert desk.unshown == 40 - 1 - LATER_SHOWN
    body = response.content.decode()
    assert f"{40 - 1} manches plus lointaines" in body
    assert f"Et {desk.unshown} autres manches à venir" in body
    assert reverse("league:calendar", args=[season.name]) in body


def test_the_desk_offers_the_soonest_planned_manches_and_sends_to_the_season_page_for_the_others(
    client, season, president
):
    calendar_ahead(season, 40)
    client.force_login(president)
    response, _count = desk_view(client)
    ((_season, form),) = response.context["season_forms"]
    assert [m.number for m in form.fields["manches"].queryset] == list(range(1, 1 + OPENED_SHOWN))
    body = response.content.decode()
    assert body.count('name="manches"') == OPENED_SHOWN
    assert f"Les {40 - OPENED_SHOWN} manches prévues suivantes" in body
    assert f'href="{season.get_absolute_url()}"' in body


def test_registrations_open_for_a_planned_manche_the_desk_does_not_list(client, season, president):
    calendar_ahead(season, 40)
    last = season.manches.get(number=40)
    client.force_login(president)
    response = client.post(
        reverse("league:registrations_open", args=[season.name]),
        {"manches": [last.pk], "next": reverse("league:president_dashboard")},
    )
    assert response.status_code == 302
    last.refresh_from_db()
    assert last.status == Manche.Status.OPEN


def test_the_desk_costs_the_same_with_a_season_ahead_of_thirty_or_of_eighty_manches(
    client, season, president
):
    client.force_login(president)
    calendar_ahead(season, 30)
    small, small_queries = desk_view(client)
    Manche.objects.all().delete()
    calendar_ahead(season, 80)
    big, big_queries = desk_view(client)
    assert big_queries == small_queries
    assert len(big.content) < 2 * len(small.content)

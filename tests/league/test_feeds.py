"""iCalendar feeds: the season's manches, and each member's own behind a secret address."""

from datetime import time, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from league.services.calendar import calendar_generate, manche_cancel, manche_move
from tests.support.seasons import PARIS, make_manche, register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


def events(response):
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    calendar = Calendar.from_ical(response.content)
    return list(calendar.walk("VEVENT"))


def test_the_season_feed_lists_every_manche_at_21h_paris(client, season, president):
    manches = calendar_generate(by=president, season=season, now=timezone.now())
    response = client.get(reverse("feeds:season", args=[season.name]))
    found = events(response)
    assert len(found) == len(manches)
    starts = [e.decoded("dtstart") for e in found]
    assert all(s.astimezone(PARIS).time() == time(21, 0) for s in starts)
    assert b"BEGIN:VTIMEZONE" in response.content and b"TZID:Europe/Paris" in response.content
    assert len({str(e["uid"]) for e in found}) == len(manches)


def test_a_cancelled_manche_stays_in_the_feed_marked_cancelled(client, open_manche, president):
    manche_cancel(by=president, manche=open_manche, reason="Hôte absent", now=timezone.now())
    (event,) = events(client.get(reverse("feeds:season", args=[open_manche.season.name])))
    assert str(event["status"]) == "CANCELLED"


def test_a_moved_manche_keeps_its_uid_and_gets_a_higher_sequence(client, open_manche, president):
    url = reverse("feeds:season", args=[open_manche.season.name])
    (before,) = events(client.get(url))
    manche_move(
        by=president,
        manche=open_manche,
        starts_at=open_manche.starts_at + timedelta(days=7),
        now=timezone.now(),
    )
    (after,) = events(client.get(url))
    assert str(after["uid"]) == str(before["uid"])
    assert int(after["sequence"]) > int(before["sequence"])
    assert after.decoded("dtstart") - before.decoded("dtstart") == timedelta(days=7)


def test_the_personal_feed_holds_only_my_manches_and_needs_no_login(
    client, open_manche, season, player, members
):
    other = make_manche(season, 2, starts_at=open_manche.starts_at + timedelta(days=14))
    register(open_manche, player)
    register(other, *members[:5])
    register(other, player)  # sixth: waiting
    found = events(client.get(reverse("feeds:personal", args=[player.calendar_token])))
    assert len(found) == 2
    by_status = {str(e["status"]) for e in found}
    assert by_status == {"CONFIRMED", "TENTATIVE"}


def test_a_wrong_token_gives_nothing(client, open_manche, player):
    register(open_manche, player)
    response = client.get(reverse("feeds:personal", args=["not-the-token"]))
    assert response.status_code == 404


def test_the_personal_feed_stays_reachable_when_reading_is_members_only(
    client, settings, open_manche, player
):
    settings.MEMBERS_ONLY_READING = True
    register(open_manche, player)
    assert len(events(client.get(reverse("feeds:personal", args=[player.calendar_token])))) == 1
    # The season feed follows the members-only switch for visitors.
    assert client.get(reverse("feeds:season", args=[open_manche.season.name])).status_code == 404


def test_the_current_season_feed_lists_its_manches(client, open_manche):
    assert len(events(client.get(reverse("feeds:current")))) == 1

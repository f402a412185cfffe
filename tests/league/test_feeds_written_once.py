"""A feed is written once per change of what it shows (``league.selectors.feeds``).

Calendar applications poll the feeds, so a poll reads the written feed from
the cache, an application holding it is answered 304, and a change (one
that bumps the season's revision or only a sign-up) shows at the next poll.
"""

from datetime import datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from league.models import Registration, Season
from league.selectors import feeds
from league.services.calendar import manche_cancel, manche_move, manche_set_capitaine
from league.services.registrations import registration_withdraw
from tests.support.seasons import PARIS, make_manche, make_season, register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


@pytest.fixture
def writes(monkeypatch):
    """The seasons whose events were written, one entry per writing."""
    written = []
    write = feeds._write_events

    def counting(season, *, now):
        written.append(season.name)
        return write(season, now=now)

    monkeypatch.setattr(feeds, "_write_events", counting)
    return written


def season_url(season) -> str:
    return reverse("feeds:season", args=[season.name])


def events(response) -> dict[str, Calendar]:
    assert response.status_code == 200
    return {str(e["uid"]): e for e in Calendar.from_ical(response.content).walk("VEVENT")}


def uid(manche) -> str:
    return f"manche-{manche.pk}@{feeds._host()}"


def test_the_season_feed_is_read_from_the_cache_until_the_season_changes(
    client, open_manche, writes, django_assert_num_queries
):
    first = client.get(season_url(open_manche.season))
    assert writes == ["2025-2026"]
    with django_assert_num_queries(1):  # the season and the calendar's mark
        again = client.get(season_url(open_manche.season))
    assert writes == ["2025-2026"]
    assert again.content == first.content

    manche_move(
        by=None, manche=open_manche, starts_at=open_manche.starts_at + timedelta(days=7), now=timezone.now()
    )
    moved = events(client.get(season_url(open_manche.season)))[uid(open_manche)]
    assert writes == ["2025-2026", "2025-2026"]
    assert moved.decoded("dtstart") == open_manche.starts_at + timedelta(days=7)


def test_the_current_season_feed_is_read_from_the_cache_too(
    client, open_manche, writes, django_assert_max_num_queries
):
    first = client.get(reverse("feeds:current"))
    with django_assert_max_num_queries(3):  # the current season (open, else closed), its mark
        again = client.get(reverse("feeds:current"))
    assert writes == ["2025-2026"]
    assert again.content == first.content


def test_writing_a_season_feed_takes_as_many_queries_for_many_manches_as_for_one(
    client, president, members, player, capitaine
):
    small = make_season("2024-2025", president=president)
    make_manche(small, 1, starts_at=datetime(2024, 11, 21, 21, tzinfo=PARIS), capitaine=capitaine)
    big = make_season("2025-2026", president=president)  # its manches in the weeks after IN_SEASON
    for number in range(1, 7):
        manche = make_manche(
            big, number, starts_at=timezone.now() + timedelta(days=7 * number), capitaine=capitaine
        )
        register(manche, *members, player)  # five seated, two waiting
        manche_move(
            by=None, manche=manche, starts_at=manche.starts_at + timedelta(hours=1), now=timezone.now()
        )

    def queries(season) -> int:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as captured:
            assert client.get(season_url(season)).status_code == 200
        return len(captured)

    assert queries(big) == queries(small)


def test_a_sign_up_shows_in_the_season_feed_at_the_next_poll(client, open_manche, player, writes):
    revision = open_manche.season.revision
    before = events(client.get(season_url(open_manche.season)))[uid(open_manche)]
    assert "Anne" not in str(before["description"])

    register(open_manche, player)
    assert Season.objects.get(pk=open_manche.season_id).revision == revision  # a sign-up changes no result
    after = events(client.get(season_url(open_manche.season)))[uid(open_manche)]
    assert "À la table : Anne" in str(after["description"])


def test_a_change_replaces_the_kept_feed_instead_of_adding_one(client, open_manche, members):
    def kept_feeds() -> set[str]:
        from django.core.cache import cache

        return {key for key in cache._cache if ":feed" in key}

    client.get(season_url(open_manche.season))
    kept = kept_feeds()
    assert len(kept) == 2  # the feed and the season's events
    for member in members:
        register(open_manche, member)
        client.get(season_url(open_manche.season))
    assert kept_feeds() == kept


def test_a_capitaine_designated_shows_with_a_new_sequence(client, open_manche, player):
    before = events(client.get(season_url(open_manche.season)))[uid(open_manche)]
    manche_set_capitaine(by=None, manche=open_manche, capitaine=player, now=timezone.now())
    after = events(client.get(season_url(open_manche.season)))[uid(open_manche)]
    assert "Capitaine de soirée : Anne" in str(after["description"])
    assert int(after["sequence"]) == int(before["sequence"]) + 1


def test_a_renamed_capitaine_shows_in_the_feed_though_he_has_no_seat(client, open_manche, capitaine):
    assert not Registration.objects.filter(player=capitaine).exists()
    assert "Bruno" in str(events(client.get(season_url(open_manche.season)))[uid(open_manche)]["description"])

    client.force_login(capitaine)
    answer = client.post(
        reverse("accounts:profile"),
        {"display_name": "Bruno le Renommé", "email": capitaine.email, "notify_deadlines": "on"},
    )
    assert answer.status_code == 302
    client.logout()
    after = events(client.get(season_url(open_manche.season)))[uid(open_manche)]
    assert "Capitaine de soirée : Bruno le Renommé" in str(after["description"])


def test_the_feed_is_written_once_per_language(client, open_manche, writes):
    assert "Saison 2025-2026" in client.get(season_url(open_manche.season)).content.decode()
    client.cookies["django_language"] = "en"
    assert "Season 2025-2026" in client.get(season_url(open_manche.season)).content.decode()
    client.get(season_url(open_manche.season))
    assert writes == ["2025-2026", "2025-2026"]


def test_an_application_holding_the_feed_is_answered_not_modified_until_it_changes(
    client, open_manche, president
):
    url = season_url(open_manche.season)
    first = client.get(url)
    etag = first["ETag"]

    held = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert held.status_code == 304
    assert held.content == b""
    assert held["ETag"] == etag

    manche_cancel(by=president, manche=open_manche, reason="Hôte absent", now=timezone.now())
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed["ETag"] != etag
    assert str(events(changed)[uid(open_manche)]["status"]) == "CANCELLED"


def test_the_personal_feed_shows_only_his_manches_and_follows_his_sign_ups(
    client, open_manche, season, player, members, writes
):
    later = make_manche(season, 2, starts_at=open_manche.starts_at + timedelta(days=14))
    elsewhere = make_manche(season, 3, starts_at=open_manche.starts_at + timedelta(days=28))
    (mine,) = register(open_manche, player)
    register(later, *members[:5])
    register(elsewhere, *members[:2])
    url = reverse("feeds:personal", args=[player.calendar_token])

    assert set(events(client.get(url))) == {uid(open_manche)}
    etag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304

    register(later, player)  # sixth: on the waiting list
    found = events(client.get(url, HTTP_IF_NONE_MATCH=etag))
    assert set(found) == {uid(open_manche), uid(later)}
    assert str(found[uid(later)]["status"]) == "TENTATIVE"
    assert str(found[uid(later)]["summary"]).endswith("(liste d'attente)")

    registration_withdraw(by=player, registration=mine, now=timezone.now())
    assert set(events(client.get(url))) == {uid(later)}
    # His events are taken from the season's, written once for every member and the season feed.
    client.get(season_url(season))
    assert len(writes) == 3

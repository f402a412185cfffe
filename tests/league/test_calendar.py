"""The season's calendar in the site: generation, extra manches, moves, cancellations, capitaines."""

import html
import re
from datetime import UTC, date, datetime, time, timedelta

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from league.models import Manche, Season
from league.services.calendar import (
    calendar_generate,
    manche_add,
    manche_cancel,
    manche_move,
    manche_set_capitaine,
    registrations_open,
)
from tests.support.seasons import PARIS, register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


def local(dt):
    return dt.astimezone(PARIS)


def test_generation_creates_thursdays_at_21h_every_14_days_numbered_in_order(season, president):
    manches = calendar_generate(by=president, season=season, now=timezone.now())
    assert [m.number for m in manches] == list(range(1, len(manches) + 1))
    assert local(manches[0].starts_at).date() == date(2025, 9, 4)
    assert local(manches[-1].starts_at).date() == date(2026, 6, 25)
    assert all(local(m.starts_at).time() == time(21, 0) for m in manches)
    assert all(local(m.starts_at).weekday() == 3 for m in manches)
    assert all(m.location == "Chez Ben" and m.status == Manche.Status.PLANNED for m in manches)
    # Winter manches are at 21:00 too, i.e. 20:00 UTC.
    december = next(m for m in manches if local(m.starts_at).month == 12)
    assert december.starts_at.astimezone(PARIS).utcoffset() == timedelta(hours=1)


def test_generation_with_the_august_and_july_options(season, president):
    manches = calendar_generate(
        by=president, season=season, start_in_august=True, end_in_july=True, now=timezone.now()
    )
    assert local(manches[0].starts_at).date() == date(2025, 8, 28)
    assert local(manches[-1].starts_at).date() == date(2026, 7, 2)


def test_generation_is_refused_when_the_season_has_manches(season, president, open_manche):
    with pytest.raises(ValidationError) as exc:
        calendar_generate(by=president, season=season, now=timezone.now())
    assert "season" in exc.value.error_dict
    assert season.manches.count() == 1


def test_an_extra_manche_is_numbered_after_the_last(season, president, open_manche):
    extra = manche_add(
        by=president, season=season, starts_at=datetime(2025, 12, 18, 21, 0, tzinfo=PARIS), now=timezone.now()
    )
    assert extra.number == 2 and extra.is_extra
    assert extra.location == "Chez Ben"


def test_a_manche_is_added_within_its_seasons_year(season, president):
    """2025-2026 runs from 8 July 2025 to 7 July 2026 (Paris): a manche of September 2026
    belongs to the next season and is refused, naming the bounds; nothing is added."""
    with pytest.raises(ValidationError) as caught:
        manche_add(
            by=president, season=season, starts_at=datetime(2026, 9, 10, 21, tzinfo=PARIS), now=timezone.now()
        )
    assert caught.value.message_dict["starts_at"] == [
        "une manche de la saison se joue entre le 8 juil. 2025 à 00:00 et le 7 juil. 2026 à 23:59"
    ]
    assert not season.manches.exists()
    last_evening = datetime(2026, 7, 7, 23, 30, tzinfo=PARIS)
    assert (
        manche_add(by=president, season=season, starts_at=last_evening, now=timezone.now()).starts_at
        == last_evening
    )


def test_a_manche_is_not_moved_out_of_its_seasons_year(client, open_manche, president):
    """The President's move form says so at the date, and the manche keeps its date."""
    client.force_login(president)
    before = open_manche.starts_at
    response = client.post(
        reverse("league:manche_edit", args=[open_manche.season.name, open_manche.number]),
        {"form": "move", "day": "2026-07-08", "at": "21:00", "location": "Chez Ben"},
    )
    assert "une manche de la saison se joue entre le 8 juil. 2025" in response.content.decode()
    open_manche.refresh_from_db()
    assert open_manche.starts_at == before


def test_moving_a_manche_emails_its_registered_players(
    open_manche, president, player, members, eager_tasks, django_capture_on_commit_callbacks
):
    register(open_manche, player, *members)  # 5 seated, 2 waiting
    mail.outbox.clear()
    new_start = open_manche.starts_at + timedelta(days=1)
    with django_capture_on_commit_callbacks(execute=True):
        manche_move(
            by=president, manche=open_manche, starts_at=new_start, location="Chez Fifi", now=timezone.now()
        )
    open_manche.refresh_from_db()
    assert open_manche.starts_at == new_start and open_manche.location == "Chez Fifi"
    assert sorted(m.to[0] for m in mail.outbox) == sorted(u.email for u in [player, *members])
    assert "Chez Fifi" in mail.outbox[0].body
    assert open_manche.history.first().history_change_reason


def test_moving_keeps_21h_paris_when_given_a_local_date(client, open_manche, president):
    client.force_login(president)
    client.post(
        reverse("league:manche_edit", args=[open_manche.season.name, open_manche.number]),
        {"form": "move", "day": "2026-01-15", "at": "21:00", "location": "Chez Ben"},
    )
    open_manche.refresh_from_db()
    assert open_manche.starts_at == datetime(2026, 1, 15, 20, 0, tzinfo=UTC)


def test_cancelling_a_manche_emails_its_registered_players(
    open_manche, president, player, members, eager_tasks, django_capture_on_commit_callbacks
):
    register(open_manche, player, members[0])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        manche_cancel(by=president, manche=open_manche, reason="L'hôte est malade", now=timezone.now())
    open_manche.refresh_from_db()
    assert open_manche.status == Manche.Status.CANCELLED
    assert open_manche.cancelled_reason == "L'hôte est malade"
    assert sorted(m.to[0] for m in mail.outbox) == sorted([player.email, members[0].email])
    assert "L'hôte est malade" in mail.outbox[0].body


def test_a_cancellation_needs_a_reason(open_manche, president):
    with pytest.raises(ValidationError) as exc:
        manche_cancel(by=president, manche=open_manche, reason="  ", now=timezone.now())
    assert "reason" in exc.value.error_dict
    open_manche.refresh_from_db()
    assert open_manche.status == Manche.Status.OPEN


def test_a_played_manche_cannot_be_moved_or_cancelled(open_manche, president):
    open_manche.status = Manche.Status.PLAYED
    open_manche.save()
    with pytest.raises(ValidationError):
        manche_move(by=president, manche=open_manche, starts_at=timezone.now(), now=timezone.now())
    with pytest.raises(ValidationError):
        manche_cancel(by=president, manche=open_manche, reason="x", now=timezone.now())


def test_the_president_designates_the_capitaine(open_manche, president, player):
    manche_set_capitaine(by=president, manche=open_manche, capitaine=player, now=timezone.now())
    open_manche.refresh_from_db()
    assert open_manche.capitaine == player


def test_opening_registrations_of_several_manches(season, president):
    manches = calendar_generate(by=president, season=season, now=timezone.now())[:3]
    registrations_open(by=president, manches=manches, now=timezone.now())
    assert {m.status for m in Manche.objects.filter(pk__in=[m.pk for m in manches])} == {Manche.Status.OPEN}
    assert Manche.objects.filter(season=season, status=Manche.Status.PLANNED).count() > 0


def test_a_closed_season_calendar_does_not_change(season, president, open_manche):
    season.state = Season.State.CLOSED
    season.save()
    with pytest.raises(ValidationError):
        manche_add(by=president, season=season, starts_at=timezone.now(), now=timezone.now())


# --- through the site -----------------------------------------------------------------


def test_the_president_generates_the_calendar_from_the_site(client, season, president):
    client.force_login(president)
    url = reverse("league:calendar_generate", args=[season.name])
    preview = client.get(url)
    assert "jeudi 4 septembre 2025" in preview.content.decode()
    assert not season.manches.exists()
    client.post(url, {"confirm": "1", "end_in_july": "on"})
    assert season.manches.count() > 20
    assert local(season.manches.order_by("-starts_at").first().starts_at).date() == date(2026, 7, 2)


def test_the_president_opens_registrations_from_the_season_page(client, season, president):
    manches = calendar_generate(by=president, season=season, now=timezone.now())
    client.force_login(president)
    client.post(
        reverse("league:registrations_open", args=[season.name]), {"manches": [manches[0].pk, manches[1].pk]}
    )
    assert list(
        season.manches.filter(status=Manche.Status.OPEN).order_by("number").values_list("number", flat=True)
    ) == [1, 2]


def test_a_member_cannot_touch_the_calendar(client, season, open_manche, player):
    client.force_login(player)
    name = season.name
    for url in (
        reverse("league:calendar_generate", args=[name]),
        reverse("league:manche_add", args=[name]),
        reverse("league:manche_edit", args=[name, 1]),
        reverse("league:manche_cancel", args=[name, 1]),
        reverse("league:registrations_open", args=[name]),
    ):
        assert (
            client.post(url, {"reason": "x", "confirm": "1", "manches": [open_manche.pk]}).status_code == 403
        )
    open_manche.refresh_from_db()
    assert open_manche.status == Manche.Status.OPEN
    assert season.manches.count() == 1


def test_the_calendar_page_lists_manches_with_their_fill_and_feeds(client, open_manche, player, members):
    register(open_manche, player, *members[:4])
    body = client.get(reverse("league:calendar", args=[open_manche.season.name])).content.decode()
    assert "5/5" in body
    assert "Complète" in body
    assert reverse("feeds:season", args=[open_manche.season.name]) in body


def test_calendar_current_redirects_to_the_season_in_progress(client, season):
    response = client.get(reverse("league:calendar_current"))
    assert response["Location"] == reverse("league:calendar", args=[season.name])


def test_the_calendar_groups_its_manches_by_month_with_the_readers_place(client, season, player, members):
    """A title per month of the page, in the reader's words, its manches under it; the
    reader's manches say whether he plays or waits."""
    from tests.support.seasons import make_manche

    first = datetime(2025, 11, 27, 21, tzinfo=PARIS)
    seated, waiting, later = (
        make_manche(season, n, starts_at=first + timedelta(days=14 * (n - 1)), status=Manche.Status.OPEN)
        for n in (1, 2, 3)
    )
    register(seated, player)
    register(waiting, *members[:5], player)
    client.force_login(player)
    body = client.get(reverse("league:calendar", args=[season.name]), {"page": 1}).content.decode()
    months = re.findall(r'<h2 class="h6 text-uppercase text-muted mt-3">([^<]+)</h2>(.*?)</ul>', body, re.S)
    assert [(title, re.findall(r"Manche (\d+)", lines)) for title, lines in months] == [
        ("novembre 2025", ["1"]),
        ("décembre 2025", ["2", "3"]),
    ]
    places = [
        html.unescape(place)
        for place in re.findall(r'class="small text-(?:success|info)">([^<]+)<', months[0][1] + months[1][1])
    ]
    assert places == ["vous jouez", "liste d'attente"]
    assert body.count("me-row") == 2


def test_a_cancelled_manche_is_not_one_the_reader_plays(client, season, player):
    """His sign-up stays on record, but the calendar and the season page no longer say he plays
    there, nor mark the line as his."""
    from tests.support.seasons import make_manche

    cancelled = make_manche(season, 1, starts_at=datetime(2025, 11, 27, 21, tzinfo=PARIS))
    register(cancelled, player)
    Manche.objects.filter(pk=cancelled.pk).update(status=Manche.Status.CANCELLED)
    client.force_login(player)
    for page in ("league:calendar", "league:season_detail"):
        body = client.get(reverse(page, args=[season.name]), {"page": 1}).content.decode()
        assert "Annulée" in body
        assert "vous jouez" not in body and ">inscrit<" not in body
        assert "me-row" not in body

"""Cached standings follow every change: results, comptes-rendus, season parameters, time."""

from datetime import timedelta

import time_machine
from django.urls import reverse

from league.models import CompteRendu, Donne, Manche, Season, Seat
from league.services.revision import invalidate

WOULD_LOSE_SIX = '<span class="text-danger">−6</span>'


def document(client, season):
    return client.get(reverse("reports:api_standings", args=[season.name])).json()


def standings_html(client, season):
    return client.get(reverse("reports:standings", args=[season.name])).content.decode()


def test_a_corrected_result_shows_up_once_invalidated(client, small_season):
    before = document(client, small_season)
    standings_html(client, small_season)
    manche = Manche.objects.get(season=small_season, number=1)
    # Make the first donne a huge win for its taker by a garde contre with every bout.
    first = Donne.objects.filter(manche=manche).order_by("index").first()
    Donne.objects.filter(pk=first.pk).update(
        kind="contract", contract="garde_contre", bouts=3, points=91, partner=None
    )
    # Not yet invalidated: the cached reading is served.
    assert document(client, small_season) == before
    invalidate(small_season)
    after = document(client, small_season)
    assert after != before
    assert standings_html(client, small_season) != ""


def test_a_season_parameter_change_shows_up(client, small_season):
    before = document(client, small_season)
    html = standings_html(client, small_season)
    assert WOULD_LOSE_SIX in html  # 4 manches of 10 required
    Season.objects.filter(pk=small_season.pk).update(params={"min_manches": 4})
    invalidate(small_season)
    html = standings_html(client, small_season)
    assert WOULD_LOSE_SIX not in html
    Season.objects.filter(pk=small_season.pk).update(params={"place_points": [5, 3, 1, 0, -2]})
    invalidate(small_season)
    after = document(client, small_season)
    assert after["standings"] != before["standings"]


def test_a_compte_rendu_posted_in_time_removes_the_late_malus(client, small_season):
    from tests.support.engine import season_result

    manche = Manche.objects.get(season=small_season, number=1)
    later = Manche.objects.get(season=small_season, number=3)
    with time_machine.travel(later.starts_at + timedelta(hours=1), tick=False):
        vainqueur = season_result(small_season).manches[1].vainqueurs[0]
        before = {r["player"]: r for r in document(client, small_season)["standings"]}
        assert before[vainqueur]["malus"] >= 0.5  # no compte-rendu: late at each deadline reached
        CompteRendu.objects.create(
            manche=manche,
            author=Seat.objects.get(manche=manche, player__username=vainqueur).player,
            text="Belle soirée.",
            posted_at=manche.starts_at + timedelta(hours=3),
            status=CompteRendu.Status.ACCEPTED,
        )
        invalidate(small_season)
        after = {r["player"]: r for r in document(client, small_season)["standings"]}
    assert after[vainqueur]["malus"] < before[vainqueur]["malus"]


def test_a_deadline_passing_refreshes_the_cached_page_without_any_write(client, small_season):
    first = Manche.objects.get(season=small_season, number=1)
    second = Manche.objects.get(season=small_season, number=2)
    with time_machine.travel(second.starts_at - timedelta(hours=1), tick=False):
        before = {r["player"]: r["malus"] for r in document(client, small_season)["standings"]}
        standings_html(client, small_season)
    with time_machine.travel(second.starts_at + timedelta(minutes=1), tick=False):
        after = {r["player"]: r["malus"] for r in document(client, small_season)["standings"]}
    assert first.starts_at < second.starts_at
    assert sum(after.values()) > sum(before.values())

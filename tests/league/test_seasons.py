"""Seasons: rules and params by season, officers, preparation → open → closed and back, all logged."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from league.models import Season
from league.services.seasons import (
    effective_params,
    season_close,
    season_create,
    season_open,
    season_reopen,
    season_update,
)
from tests.support.seasons import make_manche

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


def create(by, name="2011-2012", **extra):
    return season_create(by=by, name=name, now=timezone.now(), **extra)


def test_a_new_season_is_in_preparation_with_the_engine_defaults(president):
    season = create(president, president=president)
    assert season.state == Season.State.PREPARATION
    assert season.params == {}
    assert effective_params(season)["garde_contre_multiplier"] == 6
    assert effective_params(season)["defensive_bonus"] is True


def test_seasons_before_2010_2011_default_to_garde_contre_x8_and_no_defensive_bonus(president):
    season = create(president, name="2009-2010")
    assert effective_params(season)["garde_contre_multiplier"] == 8
    assert effective_params(season)["defensive_bonus"] is False


def test_only_params_that_differ_from_the_defaults_are_stored(president):
    season = create(president, params={"garde_contre_multiplier": 6, "min_manches": 8})
    assert season.params == {"min_manches": 8}
    assert effective_params(season)["min_manches"] == 8


def test_a_bad_param_is_refused_naming_the_param(president):
    with pytest.raises(ValidationError) as exc:
        create(president, params={"place_points": [3, 2, 1]})
    assert "place_points" in exc.value.error_dict
    assert not Season.objects.exists()


def test_a_season_name_is_two_consecutive_years(president):
    for bad in ("2011", "2011-2013", "saison"):
        with pytest.raises(ValidationError) as exc:
            create(president, name=bad)
        assert "name" in exc.value.error_dict
    assert not Season.objects.exists()


def test_president_and_vice_president_must_differ(president):
    with pytest.raises(ValidationError) as exc:
        create(president, president=president, vice_president=president)
    assert "vice_president" in exc.value.error_dict


def test_changing_params_recomputes_results(president):
    season = create(president)
    before = Season.objects.get(pk=season.pk).revision
    season_update(
        by=president,
        season=season,
        name=season.name,
        family=season.family,
        params={"defensive_bonus": False},
        president=president,
        vice_president=None,
        default_location="Chez Ben",
        now=timezone.now(),
    )
    season.refresh_from_db()
    assert season.params == {"defensive_bonus": False}
    assert season.revision > before


def test_closing_sets_the_state_and_time_bumps_the_revision_and_is_logged(president):
    season = season_open(by=president, season=create(president), now=timezone.now())
    revision = Season.objects.get(pk=season.pk).revision
    now = timezone.now()
    season = season_close(by=president, season=season, now=now)
    assert season.state == Season.State.CLOSED and season.closed_at == now
    assert season.revision > revision
    last = season.history.first()
    assert last.history_user == president
    assert "malus" in last.history_change_reason


def test_reopening_a_closed_season_is_logged_and_lifts_the_closing(president):
    season = season_open(by=president, season=create(president), now=timezone.now())
    season = season_close(by=president, season=season, now=timezone.now())
    revision = season.revision
    season = season_reopen(by=president, season=season, now=timezone.now())
    assert season.state == Season.State.OPEN and season.closed_at is None
    assert season.revision > revision
    reasons = [h.history_change_reason for h in season.history.all()]
    assert any("rouverte" in (r or "") for r in reasons) and any("close" in (r or "") for r in reasons)


def test_a_season_cannot_be_closed_twice(president):
    season = season_open(by=president, season=create(president), now=timezone.now())
    season_close(by=president, season=season, now=timezone.now())
    with pytest.raises(ValidationError):
        season_close(by=president, season=season, now=timezone.now())


# --- through the site -----------------------------------------------------------------


def test_the_president_creates_a_season_from_the_site(client, president):
    client.force_login(president)
    response = client.post(
        reverse("league:season_create"),
        {"name": "2026-2027", "family": "tarot-biere", "president": president.pk, "min_manches": "8"},
    )
    season = Season.objects.get(name="2026-2027")
    assert response.status_code == 302
    assert season.params == {"min_manches": 8} and season.president == president


def test_the_president_sets_the_contest_period_on_the_season_form(client, president):
    """A player may contest a donne for the season's contest period (hours after the close): the President sets it."""
    season = create(president, name="2008-2009", president=president)
    client.force_login(president)
    url = reverse("league:season_edit", args=[season.name])
    fields = {"name": season.name, "family": season.family, "president": president.pk}
    refused = client.post(url, {**fields, "contest_hours": "0"})
    assert refused.status_code == 200 and "contest_hours" in refused.context["form"].errors
    season.refresh_from_db()
    assert season.contest_hours == 48
    assert client.post(url, {**fields, "contest_hours": "72"}).status_code == 302
    season.refresh_from_db()
    assert season.contest_hours == 72


def test_a_member_cannot_create_a_season(client, player):
    client.force_login(player)
    assert client.get(reverse("league:season_create")).status_code == 403
    response = client.post(reverse("league:season_create"), {"name": "2026-2027", "family": "tarot-biere"})
    assert response.status_code == 403
    assert not Season.objects.exists()


def test_the_edit_page_shows_the_effective_params(client, president):
    season = create(president, name="2008-2009", president=president)
    client.force_login(president)
    body = client.get(reverse("league:season_edit", args=[season.name])).content.decode()
    assert "×8" in body
    assert "Par défaut : 8" in body


def test_a_member_cannot_close_a_season(client, season, player):
    client.force_login(player)
    assert client.post(reverse("league:season_close", args=[season.name])).status_code == 403
    season.refresh_from_db()
    assert season.state == Season.State.OPEN


def test_the_president_closes_and_reopens_from_the_site(client, season, president):
    client.force_login(president)
    client.post(reverse("league:season_close", args=[season.name]))
    season.refresh_from_db()
    assert season.state == Season.State.CLOSED
    client.post(reverse("league:season_reopen", args=[season.name]))
    season.refresh_from_db()
    assert season.state == Season.State.OPEN


def test_closing_applies_the_participation_malus_computed_by_the_engine(president, make_user):
    from datetime import timedelta

    from league.models import Manche, QuickResult, Seat
    from tests.support.engine import season_result

    season = season_open(by=president, season=create(president), now=timezone.now())
    players = [make_user(n) for n in ("p1", "p2", "p3", "p4", "p5")]
    manche = make_manche(season, 1, starts_at=timezone.now() - timedelta(days=3), status=Manche.Status.PLAYED)
    for position, (player, score) in enumerate(zip(players, [120, 40, -20, -60, -80], strict=True), start=1):
        Seat.objects.create(manche=manche, player=player, position=position)
        QuickResult.objects.create(manche=manche, player=player, score=score)
    open_malus = {row.player: row.malus for row in season_result(season).standings}
    season = season_close(by=president, season=season, now=timezone.now())
    closed_malus = {row.player: row.malus for row in season_result(season).standings}
    assert open_malus["p1"] == 0
    assert closed_malus["p1"] == 9  # 10 manches minimum, 1 played


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("3, 2, 1, 0", "Cinq nombres, un par place du 1er au 5e : 4 donnés."),
        ("-1, 0, 1, 2, 3", "Une place ne peut pas rapporter plus que la place au-dessus d'elle"),
        ("3, 2, 2, 0, 1", "Une place ne peut pas rapporter plus que la place au-dessus d'elle"),
    ],
)
def test_the_season_form_refuses_place_points_that_are_not_five_nor_descending(
    client, president, typed, message
):
    """Points par place: five numbers, the 1st's worth at least the 2nd's and so on; the
    form says which rule, at the field, and nothing is created."""
    client.force_login(president)
    fields = {"name": "2026-2027", "family": "tarot-biere", "president": president.pk}
    response = client.post(reverse("league:season_create"), {**fields, "place_points": typed})
    assert response.status_code == 200
    assert message in response.context["form"].errors["place_points"][0]
    assert not Season.objects.exists()
    assert (
        client.post(reverse("league:season_create"), {**fields, "place_points": "4, 2, 2, 0, -1"}).status_code
        == 302
    )
    assert Season.objects.get().params == {"place_points": [4, 2, 2, 0, -1]}

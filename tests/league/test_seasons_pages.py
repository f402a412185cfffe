"""The season pages and the President's dashboard: what each visitor sees."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.models import Manche, Season
from tests.support.seasons import make_manche, make_season, register, thursday_21h

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


def test_season_current_redirects_to_the_season_in_progress(client, season):
    make_season("2024-2025", state=Season.State.CLOSED)
    response = client.get(reverse("league:season_current"))
    assert response["Location"] == reverse("league:season_detail", args=[season.name])


def test_season_current_without_any_season_says_so(client, db):
    response = client.get(reverse("league:season_current"))
    assert response.status_code == 200
    assert "Pas encore de saison" in response.content.decode()


def test_season_page_lists_manches_with_states_fill_and_links(client, open_manche, season, player, members):
    make_manche(
        season, 2, starts_at=open_manche.starts_at + timedelta(days=14), status=Manche.Status.CANCELLED
    )
    register(open_manche, player, *members[:3])
    body = client.get(reverse("league:season_detail", args=[season.name])).content.decode()
    assert reverse("league:manche_detail", args=[season.name, 1]) in body
    assert "4/5" in body
    assert "Inscriptions ouvertes" in body and "Annulée" in body
    assert "Modifier la saison" not in body  # visitors see no President's tools


def test_season_page_shows_the_effective_rules(client, president):
    season = make_season("2008-2009", president=president, state=Season.State.PREPARATION)
    body = client.get(reverse("league:season_detail", args=[season.name])).content.decode()
    assert "×8" in body


def test_the_president_sees_his_tools_on_the_season_page(client, season, president):
    client.force_login(president)
    body = client.get(reverse("league:season_detail", args=[season.name])).content.decode()
    assert "Modifier la saison" in body and "Générer le calendrier" in body


def test_dashboard_shows_fill_state_and_flags_manches_lacking_players(
    client, season, president, player, members
):
    soon = make_manche(season, 1, starts_at=thursday_21h(3), capitaine=president)
    full = make_manche(season, 2, starts_at=thursday_21h(17), capitaine=president)
    make_manche(season, 3, starts_at=thursday_21h(31), status=Manche.Status.PLANNED)
    register(soon, player, *members[:3])
    register(full, player, *members[:4])
    client.force_login(president)
    response = client.get(reverse("league:president_dashboard"))
    body = response.content.decode()
    desk = response.context["desk"]
    assert [(r["manche"].number, r["seated"], r["lacking"]) for r in desk.soon + desk.later] == [
        (1, 4, True),
        (2, 5, False),
        (3, 0, True),
    ]
    # Red only within the next 14 days: manche 3 lacks players too, a month away.
    assert [r["manche"].number for r in desk.soon + desk.later if r["urgent"]] == [1]
    assert body.count('class="table-danger"') == 1
    assert "4/5" in body and "5/5" in body
    assert "Il manque 1 joueur" in body
    assert "Inscriptions fermées" in body
    # The inbox names what lacks in the next 14 days only: manche 3 is further away.
    assert response.context["inbox"].lacking == [(soon, 1, False)]
    assert "il manque 1 joueur" in body


def test_the_dashboard_is_for_officers_only(client, season, player):
    client.force_login(player)
    assert client.get(reverse("league:president_dashboard")).status_code == 403


def test_the_manche_page_shows_the_table_section(client, open_manche, player, members):
    register(open_manche, player, *members)
    client.force_login(player)
    body = client.get(
        reverse("league:manche_detail", args=[open_manche.season.name, open_manche.number])
    ).content.decode()
    assert "5/5" in body
    assert "Liste d&#x27;attente" in body or "Liste d'attente" in body
    assert "Me désister" in body
    assert str(members[5]) in body


def test_the_manche_page_warns_of_a_last_minute_withdrawal_on_the_day(client, open_manche, player):
    import time_machine

    register(open_manche, player, now=open_manche.starts_at - timedelta(days=5))
    with time_machine.travel(open_manche.starts_at - timedelta(hours=2), tick=False):
        client.force_login(player)  # signed in that day: a session opened today may have expired by then
        body = client.get(
            reverse("league:manche_detail", args=[open_manche.season.name, open_manche.number])
        ).content.decode()
    assert "dernière minute" in body


def test_an_anonymous_visitor_sees_the_table_but_no_sign_up_button(client, open_manche, player):
    register(open_manche, player, now=timezone.now())
    body = client.get(
        reverse("league:manche_detail", args=[open_manche.season.name, open_manche.number])
    ).content.decode()
    assert str(player) in body
    assert "M&#x27;inscrire" not in body and "M'inscrire" not in body


def test_season_rules_write_place_points_in_the_readers_notation(client, president):
    season = make_season("2008-2009", president=president, state=Season.State.PREPARATION)
    season.params = {**season.params, "place_points": [3, 1.5, 0, -0.5, -1]}
    season.save()
    client.force_login(president)
    body = client.get(reverse("league:season_detail", args=[season.name])).content.decode()
    assert "3 / 1,5 / 0 / −0,5 / −1" in body  # decimal comma, true minus


def test_the_president_checks_the_planned_manches_to_open_and_others_see_no_box(
    client, season, president, player
):
    """His checkbox beside each planned manche (not the open nor the cancelled), none for a
    player, though both read the same rows, kept rendered once."""
    start = thursday_21h()
    planned = [
        make_manche(season, n, starts_at=start + timedelta(days=7 * n), status="planned") for n in (1, 2)
    ]
    make_manche(season, 3, starts_at=start + timedelta(days=21), status=Manche.Status.OPEN)
    make_manche(season, 4, starts_at=start + timedelta(days=28), status=Manche.Status.CANCELLED)
    url = reverse("league:season_detail", args=[season.name])
    client.force_login(player)
    assert 'name="manches"' not in client.get(url).content.decode()
    client.force_login(president)
    body = client.get(url).content.decode()
    assert re.findall(r'name="manches" value="(\d+)"', body) == [str(m.pk) for m in planned]


def test_the_reader_finds_his_own_manches_highlighted_with_his_place(client, season, player, members):
    """Seated at one, waiting at another: each of his lines is highlighted with its badge;
    the lines of a manche he is not in carry neither."""
    start = thursday_21h()
    seated, waiting, other = (
        make_manche(season, n, starts_at=start + timedelta(days=7 * n), status=Manche.Status.OPEN)
        for n in (1, 2, 3)
    )
    register(seated, player)
    register(waiting, *members[:5], player)
    client.force_login(player)
    body = client.get(reverse("league:season_detail", args=[season.name])).content.decode()
    lines = re.findall(r'<tr class="([^"]*)">(.*?)</tr>', body, re.S)
    shown = [
        (cls, re.search(r">(\d+)</a>", line).group(1), re.findall(r">(inscrit|attente)</span>", line))
        for cls, line in lines
    ]
    assert shown == [("me-row", "1", ["inscrit"]), ("me-row", "2", ["attente"]), ("", "3", [])]


def test_the_president_can_tick_manches_only_where_a_planned_one_is_listed(client, season, president):
    """The column of checkboxes and the button that opens the ticked manches' registrations
    are on the page when a planned manche is on it, and not on a page of played ones."""
    make_manche(season, 1, starts_at=thursday_21h(-21), status=Manche.Status.PLAYED)
    client.force_login(president)
    url = reverse("league:season_detail", args=[season.name])
    body = client.get(url).content.decode()
    assert "Ouvrir les inscriptions des manches cochées" not in body
    assert 'name="manches"' not in body and "Choisir" not in body
    make_manche(season, 2, starts_at=thursday_21h(7), status=Manche.Status.PLANNED)
    body = client.get(url).content.decode()
    assert "Ouvrir les inscriptions des manches cochées" in body
    assert body.count('name="manches"') == 1 and "Choisir" in body


def test_the_season_list_counts_a_seasons_nights_without_the_cancelled_one(client, season, open_manche):
    make_manche(season, 2, starts_at=open_manche.starts_at + timedelta(days=7))
    make_manche(
        season, 3, starts_at=open_manche.starts_at + timedelta(days=14), status=Manche.Status.CANCELLED
    )
    body = client.get(reverse("league:season_list")).content.decode()
    assert "2 manches" in body
    assert "3 manches" not in body

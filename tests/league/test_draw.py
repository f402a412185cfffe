"""The draw at the table: one jeton per colour in the bag, by order of arrival, the host last."""

import random
from collections import Counter

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from league.models import Seat
from league.services.draw import COLOURS, draw_jetons, draw_run, drawing_order, table_ensure
from league.services.registrations import registration_withdraw
from tests.support.seasons import register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


@pytest.fixture
def table(open_manche, player, members):
    return [r.player for r in register(open_manche, player, *members[:4])]


def test_the_colours_are_the_five_boxes_in_table_order():
    assert COLOURS == ("white", "yellow", "red", "blue", "green")


def test_the_host_draws_last(table):
    host = table[1]
    order = drawing_order(table, host)
    assert order[-1] == host
    assert order[:-1] == [p for p in table if p != host]


def test_each_player_draws_a_different_colour_and_sits_in_colour_order(table):
    picks = draw_jetons(table, table[0], random.Random(4))
    assert sorted(p.colour for p in picks) == sorted(COLOURS)
    by_position = sorted(picks, key=lambda p: p.position)
    assert [p.colour for p in by_position] == list(COLOURS)
    assert [p.turn for p in picks] == [1, 2, 3, 4, 5]
    assert picks[-1].player == table[0]  # the host drew last


def test_the_draw_is_fair_over_many_nights(table):
    rng = random.Random(7)
    first_seat = Counter(
        next(p.player.username for p in draw_jetons(table, None, rng) if p.position == 1) for _ in range(2000)
    )
    assert set(first_seat) == {p.username for p in table}
    assert min(first_seat.values()) > 300


def test_the_capitaine_runs_the_draw_and_it_is_stored_as_seats(open_manche, table, capitaine):
    picks = draw_run(
        by=capitaine, manche=open_manche, host=table[0], rng=random.Random(1), now=timezone.now()
    )
    seats = list(Seat.objects.filter(manche=open_manche).order_by("position"))
    assert [s.position for s in seats] == [1, 2, 3, 4, 5]
    assert [s.jeton_colour for s in seats] == list(COLOURS)
    assert {s.player_id for s in seats} == {p.pk for p in table}
    assert {p.player.pk: p.colour for p in picks} == {s.player_id: s.jeton_colour for s in seats}
    assert seats[0].history.first().history_user == capitaine


def test_a_new_draw_replaces_the_previous_one(open_manche, table, capitaine):
    draw_run(by=capitaine, manche=open_manche, rng=random.Random(1), now=timezone.now())
    draw_run(by=capitaine, manche=open_manche, rng=random.Random(2), now=timezone.now())
    assert Seat.objects.filter(manche=open_manche).count() == 5


def test_no_new_draw_once_the_sheet_is_started_with_donnes_or_quick_results(open_manche, table, capitaine):
    """The table is then what was played: quick results entered count as much as a donne."""
    from league.models import Donne, QuickResult

    draw_run(by=capitaine, manche=open_manche, rng=random.Random(1), now=timezone.now())
    drawn = list(Seat.objects.filter(manche=open_manche).values_list("player_id", "position"))
    for started in (
        QuickResult(manche=open_manche, player=table[0], score=0),
        Donne(manche=open_manche, index=1, kind="contract", taker=table[0], contract="petite"),
    ):
        started.save()
        with pytest.raises(ValidationError, match="La feuille de marque est commencée"):
            draw_run(by=capitaine, manche=open_manche, rng=random.Random(2), now=timezone.now())
        assert list(Seat.objects.filter(manche=open_manche).values_list("player_id", "position")) == drawn
        started.delete()


def test_no_draw_without_a_full_table(open_manche, player, members, capitaine):
    register(open_manche, player, *members[:2])
    with pytest.raises(ValidationError) as exc:
        draw_run(by=capitaine, manche=open_manche, now=timezone.now())
    assert "manche" in exc.value.error_dict
    assert not Seat.objects.exists()


def test_a_table_of_four_with_an_absent_player_draws_four_colours(open_manche, table, capitaine):
    registrations = list(open_manche.registrations.order_by("seat"))
    registration_withdraw(by=None, registration=registrations[4], now=open_manche.starts_at)  # on the day
    open_manche.refresh_from_db()
    assert open_manche.absent is not None
    draw_run(by=capitaine, manche=open_manche, rng=random.Random(3), now=timezone.now())
    seats = list(Seat.objects.filter(manche=open_manche).order_by("position"))
    assert [s.position for s in seats] == [1, 2, 3, 4]
    colours = [COLOURS.index(s.jeton_colour) for s in seats]
    assert colours == sorted(colours)


def test_a_withdrawal_after_the_draw_clears_it(open_manche, table, capitaine, members):
    draw_run(by=capitaine, manche=open_manche, now=timezone.now())
    registration_withdraw(
        by=None, registration=open_manche.registrations.get(player=table[0]), now=timezone.now()
    )
    assert not Seat.objects.filter(manche=open_manche).exists()


def test_table_ensure_seats_the_registrations_in_seat_order_without_a_draw(open_manche, table):
    players = table_ensure(open_manche)
    assert players == table
    assert list(Seat.objects.filter(manche=open_manche).values_list("position", flat=True)) == [1, 2, 3, 4, 5]
    assert table_ensure(open_manche) == table  # once
    assert Seat.objects.filter(manche=open_manche).count() == 5


def test_table_ensure_returns_the_drawn_table_in_playing_order(open_manche, table, capitaine):
    draw_run(by=capitaine, manche=open_manche, rng=random.Random(5), now=timezone.now())
    drawn = [s.player for s in Seat.objects.filter(manche=open_manche).order_by("position")]
    assert table_ensure(open_manche) == drawn


# --- through the site -----------------------------------------------------------------


def test_the_capitaine_draws_from_the_site_and_the_manche_page_shows_it(
    client, open_manche, table, capitaine
):
    client.force_login(capitaine)
    url = reverse("league:draw", args=[open_manche.season.name, open_manche.number])
    form = {f"arrival_{i}": p.pk for i, p in enumerate(table, start=1)}
    form["host"] = table[0].pk
    response = client.post(url, form)
    assert response.status_code == 302
    assert Seat.objects.filter(manche=open_manche).exclude(jeton_colour="").count() == 5
    page = client.get(reverse("league:manche_detail", args=[open_manche.season.name, open_manche.number]))
    assert "Tirage : places et jetons" in page.content.decode()


def test_an_ordinary_member_cannot_run_the_draw(client, open_manche, table, player):
    client.force_login(player)
    url = reverse("league:draw", args=[open_manche.season.name, open_manche.number])
    assert client.get(url).status_code == 403
    assert client.post(url, {}).status_code == 403
    assert not Seat.objects.exists()


def test_the_arrival_order_must_name_each_player_once(client, open_manche, table, capitaine):
    client.force_login(capitaine)
    url = reverse("league:draw", args=[open_manche.season.name, open_manche.number])
    form = {f"arrival_{i}": table[0].pk for i in range(1, 6)}
    response = client.post(url, form)
    assert response.status_code == 200
    assert not Seat.objects.exists()


def test_the_manche_page_says_each_seats_jetons_in_the_plural(client, open_manche, table, capitaine):
    """ "jetons blancs", never "jetons blanc": the colour agrees with the plural noun."""
    draw_run(by=capitaine, manche=open_manche, rng=random.Random(1), now=timezone.now())
    html = client.get(reverse("league:manche_detail", args=[open_manche.season.name, open_manche.number]))
    body = html.content.decode()
    for words in ("jetons blancs", "jetons jaunes", "jetons rouges", "jetons bleus", "jetons verts"):
        assert words in body
    assert "jetons blanc<" not in body

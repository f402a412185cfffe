"""Setting the table by hand: playing order, the absent of a jeu à 4, checked by the engine."""

from django.urls import reverse

from league.models import Manche, Seat
from tests.support.seasons import make_manche
from tests.support.sheet import add, contract


def url(manche):
    return reverse("league:sheet_table", kwargs={"season_name": manche.season.name, "number": manche.number})


def body(manche, seats, absent=None):
    data = {
        "sheet_version": Manche.objects.get(pk=manche.pk).sheet_version,
        "absent": absent.pk if absent else "",
    }
    for i, user in enumerate(seats, start=1):
        data[f"seat_{i}"] = user.pk
    return data


def test_the_capitaine_sets_the_table_in_playing_order(client, season, capitaine, player, others):
    manche = make_manche(season, 5, capitaine=capitaine)
    client.force_login(capitaine)
    seats = [others[0], capitaine, player, others[1], others[2]]
    response = client.post(url(manche), body(manche, seats))
    assert response.status_code == 302
    assert list(Seat.objects.filter(manche=manche).values_list("player__username", flat=True)) == [
        "fifi",
        "bruno",
        "anne",
        "eric",
        "gege",
    ]


def test_a_table_of_four_needs_its_absent(client, season, capitaine, player, others):
    manche = make_manche(season, 5, capitaine=capitaine)
    client.force_login(capitaine)
    response = client.post(url(manche), body(manche, [capitaine, player, others[0], others[1]]))
    assert response.status_code == 200
    assert "absent" in response.content.decode()
    assert not Seat.objects.filter(manche=manche).exists()
    response = client.post(
        url(manche), body(manche, [capitaine, player, others[0], others[1]], absent=others[2])
    )
    assert response.status_code == 302
    manche.refresh_from_db()
    assert manche.absent == others[2]
    assert Seat.objects.filter(manche=manche).count() == 4


def test_a_player_seated_twice_is_refused(client, season, capitaine, player, others):
    manche = make_manche(season, 5, capitaine=capitaine)
    client.force_login(capitaine)
    response = client.post(url(manche), body(manche, [capitaine, player, others[0], others[1], player]))
    assert response.status_code == 200
    assert "est inscrit deux fois" in response.content.decode()
    assert not Seat.objects.filter(manche=manche).exists()


def test_the_table_no_longer_changes_once_donnes_are_entered(client, manche, capitaine, player, others):
    add(manche, capitaine, contract(capitaine, points=60))
    client.force_login(capitaine)
    response = client.post(url(manche), body(manche, [player, capitaine, *others]))
    assert response.status_code == 200
    assert "supprimez-les" in response.content.decode()
    assert Seat.objects.get(manche=manche, position=1).player == capitaine


def test_without_a_table_the_sheet_offers_to_set_it(client, season, capitaine):
    manche = make_manche(season, 6, capitaine=capitaine)
    client.force_login(capitaine)
    html = client.get(
        reverse("league:sheet", kwargs={"season_name": season.name, "number": manche.number})
    ).content.decode()
    assert "Constituer la table" in html
    assert 'id="editor"' not in html


def _selected(html: str, field: str) -> str | None:
    """The value of the option selected in the select named ``field``."""
    import re

    select = re.search(rf'<select name="{field}".*?</select>', html, re.S).group(0)
    chosen = re.search(r'<option value="([^"]*)" selected>', select)
    return chosen.group(1) if chosen else None


def test_the_form_starts_from_the_table_as_seated_without_reading_the_donnes(client, manche, capitaine):
    """The page needs the seats alone: reading and scoring the sheet was half of its time."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    add(manche, capitaine, contract(capitaine, points=60))
    seated = list(Seat.objects.filter(manche=manche).order_by("position").values_list("player_id", flat=True))
    client.force_login(capitaine)
    with CaptureQueriesContext(connection) as queries:
        html = client.get(url(manche)).content.decode()
    assert [_selected(html, f"seat_{i}") for i in range(1, len(seated) + 1)] == [str(pk) for pk in seated]
    assert not [q["sql"] for q in queries.captured_queries if '"league_donne"' in q["sql"]]


def test_without_saved_seats_the_form_starts_from_the_seated_registrations(
    client, season, capitaine, player, others
):
    from tests.support.seasons import register

    manche = make_manche(season, 7, capitaine=capitaine, status=Manche.Status.OPEN)
    register(manche, player, capitaine, *others[:3])
    client.force_login(capitaine)
    html = client.get(url(manche)).content.decode()
    assert _selected(html, "seat_1") == str(player.pk)
    assert _selected(html, "seat_2") == str(capitaine.pk)

"""Who may fill the sheet: the capitaine of that manche or the President; others only watch."""

import pytest
from django.urls import reverse

from league.models import Donne, Manche
from tests.support.seasons import make_manche, seat
from tests.support.sheet import add, contract, post_donne_fields


def url(manche, name, **extra):
    return reverse(name, kwargs={"season_name": manche.season.name, "number": manche.number, **extra})


def donne_body(manche):
    return post_donne_fields(Manche.objects.get(pk=manche.pk).sheet_version, contract("bruno", points=60))


def test_an_anonymous_visitor_is_sent_to_log_in_and_nothing_is_saved(client, manche):
    response = client.post(url(manche, "league:sheet_donne_add"), donne_body(manche))
    assert response.status_code == 302
    assert reverse("accounts:login") in response.url
    assert not Donne.objects.exists()


def test_a_seated_player_who_is_not_the_capitaine_is_refused(client, manche, player):
    client.force_login(player)
    response = client.post(url(manche, "league:sheet_donne_add"), donne_body(manche))
    assert response.status_code == 403
    assert not Donne.objects.exists()


def test_the_capitaine_of_another_manche_is_refused(
    client, manche, season, make_user, others, capitaine, player
):
    other_capitaine = make_user("hugo")
    other = seat(make_manche(season, 2, capitaine=other_capitaine), [capitaine, player, *others])
    client.force_login(other_capitaine)
    response = client.post(url(manche, "league:sheet_donne_add"), donne_body(manche))
    assert response.status_code == 403
    assert not Donne.objects.filter(manche=manche).exists()
    # ...while his own manche takes his donnes.
    response = client.post(url(other, "league:sheet_donne_add"), donne_body(other))
    assert response.status_code == 302
    assert Donne.objects.filter(manche=other).count() == 1


def test_the_president_may_fill_any_sheet(client, manche, president):
    client.force_login(president)
    response = client.post(url(manche, "league:sheet_donne_add"), donne_body(manche))
    assert response.status_code == 302
    assert Donne.objects.count() == 1


@pytest.mark.parametrize(
    "name,extra",
    [
        ("league:sheet_donne_delete", {"index": 1}),
        ("league:sheet_donne_edit", {"index": 1}),
        ("league:sheet_close", {}),
        ("league:sheet_table", {}),
        ("league:quick_results", {}),
    ],
)
def test_every_write_of_the_sheet_is_refused_to_a_player(client, manche, capitaine, player, name, extra):
    add(manche, capitaine, contract(capitaine, points=60))
    client.force_login(player)
    response = client.post(url(manche, name, **extra), donne_body(manche))
    assert response.status_code == 403
    assert Donne.objects.get().points == 60
    assert Manche.objects.get(pk=manche.pk).status == Manche.Status.OPEN


def test_the_tie_order_and_the_audit_are_the_presidents(client, manche, capitaine):
    add(manche, capitaine, contract(capitaine, points=60))
    client.force_login(capitaine)
    assert client.get(url(manche, "league:manche_order")).status_code == 403
    assert client.get(url(manche, "league:manche_audit")).status_code == 403


def test_a_watcher_sees_no_write_buttons(client, manche, capitaine, player):
    add(manche, capitaine, contract(capitaine, points=60))
    client.force_login(player)
    html = client.get(url(manche, "league:sheet")).content.decode()
    assert "corriger" not in html and "Clôturer" not in html and 'id="editor"' not in html

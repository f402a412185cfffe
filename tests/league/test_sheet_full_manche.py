"""A whole night on the capitaine's phone: table from the registrations, donnes, a correction, closing."""

from django.urls import reverse
from django.utils import timezone

from league.models import Donne, Manche, Registration, Seat
from tests.support.seasons import make_manche
from tests.support.sheet import contract, misere, post_donne_fields

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_a_manche_is_played_from_the_first_donne_to_the_close(client, season, capitaine, player, others):
    fifi, eric, gege = others
    manche = make_manche(season, 4, capitaine=capitaine)
    for seat_number, user in enumerate([capitaine, player, fifi, eric, gege], start=1):
        Registration.objects.create(manche=manche, player=user, seat=seat_number, created_at=timezone.now())
    kwargs = {"season_name": season.name, "number": manche.number}
    client.force_login(capitaine)

    # Opening the sheet shows the table from the registrations, in seat order, and writes nothing (a GET).
    html = client.get(reverse("league:sheet", kwargs=kwargs)).content.decode()
    assert not Seat.objects.filter(manche=manche).exists()
    assert "Donneur : Bruno" in html

    donnes = [
        contract(player, "garde", partner=fifi, bouts=1, points=48),  # won
        contract(eric, "garde_sans", bouts=0, points=50),  # lost: 60 into the pot
        misere({capitaine: 12, player: "30.5", fifi: 8, eric: 19, gege: "15.5"}),
        contract(
            gege, "pouce", partner=capitaine, bouts=2, points=44, petit_au_bout="attack"
        ),  # won: takes the pot
    ]
    version = 0
    for data in donnes:
        response = client.post(
            reverse("league:sheet_donne_add", kwargs=kwargs), post_donne_fields(version, data), **HTMX
        )
        assert response.status_code == 200
        assert "enregistrée" in response.content.decode(), response.content.decode()[:2000]
        version = Manche.objects.get(pk=manche.pk).sheet_version
    # The first write seated the table, in seat order.
    assert [s.player.username for s in Seat.objects.filter(manche=manche).order_by("position")] == [
        "bruno",
        "anne",
        "fifi",
        "eric",
        "gege",
    ]

    # The capitaine fixes a mistake in the last donne: 45 points, not 44.
    response = client.post(
        reverse("league:sheet_donne_edit", kwargs={**kwargs, "index": 4}),
        post_donne_fields(version, {**donnes[-1], "points": "45"}),
        **HTMX,
    )
    assert "corrigée" in response.content.decode()
    assert Donne.objects.get(index=4).points == 45
    version = Manche.objects.get(pk=manche.pk).sheet_version

    html = response.content.decode()
    assert "Pot : 0" in html
    response = client.post(
        reverse("league:sheet_close", kwargs=kwargs), {"sheet_version": version}, follow=True
    )
    html = response.content.decode()
    assert "Manche clôturée" in html
    manche.refresh_from_db()
    assert manche.status == Manche.Status.PLAYED
    assert "ranking-table" in html
    assert [d.dealer.username for d in Donne.objects.filter(manche=manche)] == [
        "bruno",
        "anne",
        "fifi",
        "eric",
    ]

"""What a manche's pages say about it: never a sign-up state once it is at play or played."""

from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse

from league.models import Manche, Seat
from league.rules.calendar import fill_state
from league.services.calendar import manche_cancel
from tests.support.seasons import register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


def page(client, manche, name="league:manche_detail") -> str:
    return client.get(reverse(name, args=[manche.season.name, manche.number])).content.decode()


def test_a_manche_whose_start_has_passed_is_being_played_whatever_its_fill():
    """Once its start has passed and until it is closed, a manche is at play: sign-ups are over."""
    assert fill_state("open", 5, started=True) == "playing"
    assert fill_state("open", 3, started=True) == "playing"
    assert fill_state("played", 5, started=True) == "played"
    assert fill_state("open", 5) == "full"


def test_the_manche_page_and_its_sheet_say_en_cours_de_jeu_during_play(client, open_manche, player, members):
    register(open_manche, player, *members[:4], now=open_manche.starts_at - timedelta(days=3))
    with time_machine.travel(open_manche.starts_at + timedelta(hours=1), tick=False):
        pages = [page(client, open_manche), page(client, open_manche, "league:sheet")]
        season_page = client.get(
            reverse("league:season_detail", args=[open_manche.season.name])
        ).content.decode()
    for html in [*pages, season_page]:
        assert "En cours de jeu" in html
    for html in pages:
        assert "Inscriptions ouvertes" not in html and "Complète" not in html


def test_a_manche_whose_day_is_over_without_results_awaits_them(client, open_manche, player, members):
    """Two days after the night, nobody is playing: a manche still not closed awaits its
    results (the day is the club's: still « en cours » at 23:30 that evening)."""
    assert fill_state("open", 5, started=True, day_over=True) == "results_due"
    assert fill_state("played", 5, started=True, day_over=True) == "played"
    register(open_manche, player, *members[:4], now=open_manche.starts_at - timedelta(days=3))
    late_that_evening = open_manche.starts_at.replace(hour=23, minute=30)
    with time_machine.travel(late_that_evening, tick=False):
        assert "En cours de jeu" in page(client, open_manche)
    with time_machine.travel(open_manche.starts_at + timedelta(days=2), tick=False):
        pages = [
            page(client, open_manche),
            page(client, open_manche, "league:sheet"),
            client.get(reverse("league:season_detail", args=[open_manche.season.name])).content.decode(),
        ]
    for html in pages:
        assert "Résultats attendus" in html and "En cours de jeu" not in html


def test_a_played_manche_shows_who_played_not_a_fill_a_waiting_list_or_a_sign_up(
    client, open_manche, player, members
):
    registrations = register(open_manche, player, *members, now=open_manche.starts_at - timedelta(days=3))
    for position, registration in enumerate(registrations[:5], start=1):
        Seat.objects.create(manche=open_manche, player=registration.player, position=position)
    Manche.objects.filter(pk=open_manche.pk).update(status=Manche.Status.PLAYED)
    with time_machine.travel(open_manche.starts_at + timedelta(days=1), tick=False):
        client.force_login(player)
        html = page(client, open_manche)
        season_page = client.get(
            reverse("league:season_detail", args=[open_manche.season.name])
        ).content.decode()
        calendar = client.get(reverse("league:calendar", args=[open_manche.season.name])).content.decode()
    assert "Places à table" in html and str(members[3]) in html
    assert "5/5" not in html and "Inscrits" not in html and "Liste d&#x27;attente" not in html
    assert "Vous avez une place" not in html and "Vous avez joué cette manche." in html
    assert "5/5" not in season_page and "5/5" not in calendar


def test_a_cancelled_manche_says_so_with_its_reason_not_a_sign_up_list_nor_a_compte_rendu_to_come(
    client, open_manche, player, members
):
    register(open_manche, player, *members[:4], now=open_manche.starts_at - timedelta(days=3))
    manche_cancel(
        by=None, manche=open_manche, reason="Salle fermée.", now=open_manche.starts_at - timedelta(days=2)
    )
    pages = {}
    for reader in (None, player):
        if reader is not None:
            client.force_login(reader)
        pages[reader] = page(client, open_manche)
    for html in pages.values():
        assert "Manche annulée. Salle fermée." in html and "Manche annulée : pas de feuille." in html
        assert "Inscrits" not in html and "place libre" not in html
        assert "Le vainqueur écrira le compte-rendu" not in html and 'id="compte-rendu"' not in html
    assert "Vous avez une place" not in pages[player] and "Me désister" not in pages[player]


def test_a_planned_manche_whose_night_has_come_no_longer_promises_its_sign_ups(client, season, player):
    """« Les inscriptions ne sont pas encore ouvertes » is said before the night, not after it."""
    from tests.support.seasons import make_manche

    planned = make_manche(season, 5, status=Manche.Status.PLANNED)
    client.force_login(player)
    with time_machine.travel(planned.starts_at - timedelta(days=5), tick=False):
        before = page(client, planned)
    with time_machine.travel(planned.starts_at + timedelta(days=2), tick=False):
        after = page(client, planned)
    assert "Les inscriptions ne sont pas encore ouvertes." in before
    assert "Les inscriptions ne sont pas encore ouvertes." not in after
    assert "Résultats attendus" in after

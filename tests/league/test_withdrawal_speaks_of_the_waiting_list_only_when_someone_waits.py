"""A seated player's « Me désister » tells what would happen to his place, as it is now.

With players waiting, his place goes to the first of them and signing up
again puts him at the end of the list. With nobody waiting, his place is
only freed: signing up again gives it back while it is free. The text under
the button and the question before withdrawing say the same.
"""

import pytest
from django.urls import reverse
from django.utils import timezone

from league.services.registrations import registration_withdraw
from tests.support.seasons import register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]

WAITING_LIST = "Votre place irait au premier de la liste d'attente"
WAITING_LIST_QUESTION = "Votre place ira au premier de la liste d'attente"
FREED = "Personne n'attend : votre place redeviendrait libre"
FREED_QUESTION = "Votre place redeviendra libre ; tant qu'elle le reste, une nouvelle inscription"


def manche_page(client, manche) -> str:
    return client.get(
        reverse("league:manche_detail", args=[manche.season.name, manche.number])
    ).content.decode()


def test_with_nobody_waiting_the_place_is_only_freed(client, open_manche, player, members):
    (mine, *_others) = register(open_manche, player, *members[:2])
    client.force_login(player)
    html = manche_page(client, open_manche)
    assert "Me désister" in html
    assert FREED in html and FREED_QUESTION in html
    assert WAITING_LIST not in html and WAITING_LIST_QUESTION not in html
    # What it says is so: withdrawn, then signed up again, he has a place at once.
    now = timezone.now()
    registration_withdraw(by=player, registration=mine, now=now)
    (again,) = register(open_manche, player, now=now)
    assert again.seat is not None


def test_with_players_waiting_the_place_goes_to_the_first_of_them(client, open_manche, player, members):
    register(open_manche, player, *members)  # five seats, claire… gilles seated, hugo waits
    client.force_login(player)
    html = manche_page(client, open_manche)
    assert WAITING_LIST in html and WAITING_LIST_QUESTION in html
    assert FREED not in html and FREED_QUESTION not in html

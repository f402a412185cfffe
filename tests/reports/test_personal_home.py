"""The home page of a signed-in member: his next manche, his comptes-rendus, and the President's inbox, first."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from league.models import CompteRendu, Manche
from tests.support.seasons import make_manche, register, thursday_21h

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


def home(client, user) -> str:
    client.force_login(user)
    return client.get(reverse("home")).content.decode()


def test_a_seated_member_reads_his_seat_at_the_next_manche_before_anything_else(client, open_manche, player):
    register(open_manche, player)
    html = home(client, player)
    assert "Vous avez une place à cette table (place 1)." in html
    assert html.index('id="my-next-manche"') < html.index('id="top-standings"')


def test_a_member_not_registered_gets_a_sign_up_button_on_the_home_page(client, open_manche, player):
    html = home(client, player)
    action = reverse("league:registration_add", args=[open_manche.season.name, open_manche.number])
    assert f'action="{action}"' in html and "M'inscrire</button>" in html


def test_a_member_on_the_waiting_list_reads_his_rank(client, open_manche, player, members):
    register(open_manche, *members[:5])
    register(open_manche, player)
    assert "Vous êtes n° 1 sur la liste d'attente." in home(client, player)


def test_the_presidents_inbox_lists_comptes_rendus_oldest_first_and_the_manches_of_two_weeks_lacking(
    client, season, president, player, capitaine, members
):
    now = timezone.now()
    for number, days_ago in [(1, 20), (2, 10)]:
        played = make_manche(
            season, number, starts_at=now - timedelta(days=days_ago), status=Manche.Status.PLAYED
        )
        CompteRendu.objects.create(
            manche=played,
            author=player,
            title=f"Soirée {number}",
            text="Belle soirée.",
            posted_at=now - timedelta(days=days_ago - 1),
        )
    near = make_manche(season, 3, starts_at=thursday_21h(3))
    register(near, *members[:5])  # full, but nobody holds the sheet
    make_manche(season, 4, starts_at=thursday_21h(40), capitaine=capitaine)  # far away: out of the inbox
    html = home(client, president)
    inbox = html[html.index('id="inbox"') : html.index("</section>", html.index('id="inbox"'))]
    assert inbox.index("manche 1 par") < inbox.index("manche 2 par")  # oldest first
    assert "Manche 3" in inbox and "pas de capitaine" in inbox
    assert "Manche 4" not in inbox
    assert "il manque" not in inbox  # manche 3 is full
    assert html.index('id="inbox"') < html.index('id="top-standings"')


def test_an_ordinary_member_has_no_inbox(client, season, player):
    assert 'id="inbox"' not in home(client, player)


def test_a_member_not_registered_is_not_looked_for_again_among_the_sign_ups(
    client, open_manche, player, members
):
    """The next manche's sign-ups are read once, counted with the reader's place among them."""
    register(open_manche, *members[:3])
    client.force_login(player)
    client.get(reverse("home"))
    with CaptureQueriesContext(connection) as captured:
        html = client.get(reverse("home")).content.decode()
    assert "M'inscrire</button>" in html
    assert len([q for q in captured.captured_queries if 'FROM "league_registration"' in q["sql"]]) == 1

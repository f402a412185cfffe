"""The home page: the current season at a glance."""

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from league.models import Registration
from tests.support.seasons import make_manche


def test_next_manche_with_its_fill_state(client, small_season):
    now = timezone.now()
    manche = make_manche(small_season, 99, starts_at=now + timedelta(days=3))
    for seat, name in enumerate(["p001", "p002", "p003"], start=1):
        Registration.objects.create(
            manche=manche, player=User.objects.get(username=name), seat=seat, created_at=now
        )
    Registration.objects.create(
        manche=manche, player=User.objects.get(username="p004"), seat=None, created_at=now
    )
    html = client.get(reverse("home")).content.decode()
    assert "Manche 99" in html
    assert "3/5" in html
    assert "2 places libres" in html
    assert "1 en attente" in html


def test_top_of_the_standings(client, small_season):
    from tests.support.engine import season_result

    result = season_result(small_season, now=timezone.now())
    html = client.get(reverse("home")).content.decode()
    for row in result.standings[:5]:
        assert reverse("reports:player", args=[row.player]) in html
    assert reverse("reports:player", args=[result.standings[-1].player]) not in html


def test_a_member_below_the_top_sees_his_own_line(client, small_season):
    from tests.support.engine import season_result

    last = season_result(small_season, now=timezone.now()).standings[-1].player
    client.force_login(User.objects.get(username=last))
    html = client.get(reverse("home")).content.decode()
    assert f'<tr data-player="{last}">' in html


def test_the_home_page_without_any_season_says_so(client, db):
    assert "Aucune saison" in client.get(reverse("home")).content.decode()


def test_home_includes_the_deadlines_of_a_signed_in_member(client, small_season):
    client.force_login(User.objects.get(username="p001"))
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert "my_deadlines" in response.context
    assert "league/comptes_rendus/_my_deadlines.html" in [t.name for t in response.templates]

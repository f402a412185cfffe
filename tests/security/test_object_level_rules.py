"""Rights on one object: whose registration, whose sheet, whose compte-rendu, which season.

The generic checks prove that a member without any role is refused; these
prove that the role is checked on the right object and that ids slipped into
a form (a hidden ``player`` field, a compte-rendu or award of another
season, a player from another table) change nothing.
"""

from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse

from tests.support.seasons import make_manche, make_season
from tests.support.world import changed_tables, snapshot


def _manche_url(name, manche, **extra):
    return reverse(name, kwargs={"season_name": manche.season.name, "number": manche.number, **extra})


@pytest.fixture
def full_table(world, make_user):
    """Manche 1 with five seated players (Henri takes the fifth seat) and its sheet's table in
    place, on its night (its sheet takes donnes from its day on): the whole test at its start."""
    from league.models import Registration
    from league.services.sheet import table_ensure

    henri = make_user("henri", display_name="Henri")
    Registration.objects.create(manche=world.manche, player=henri, seat=5, created_at=world.now)
    table_ensure(manche=world.manche)
    world.manche.refresh_from_db()
    world.henri = henri
    with time_machine.travel(world.manche.starts_at, tick=True):
        yield world


def _donne(manche, taker="anne", **overrides):
    data = {
        "sheet_version": manche.sheet_version,
        "kind": "contract",
        "dealer": "",
        "contract": "garde",
        "taker": taker,
        "partner": "",
        "bouts": "2",
        "points": "50",
        "petit_au_bout": "",
        "chelem": "",
    }
    data.update(overrides)
    return data


# -- registrations -----------------------------------------------------------------


def test_a_player_cannot_register_someone_else_with_a_tampered_hidden_id(client, world):
    client.force_login(world.claire)
    before = snapshot()
    response = client.post(_manche_url("league:registration_add", world.manche), {"player": world.bruno.pk})
    assert response.status_code == 403
    assert changed_tables(before, snapshot()) == []


def test_a_player_cannot_withdraw_someone_else_with_a_tampered_hidden_id(client, world):
    client.force_login(world.claire)
    before = snapshot()
    response = client.post(
        _manche_url("league:registration_withdraw", world.manche), {"player": world.anne.pk}
    )
    assert response.status_code == 403
    assert changed_tables(before, snapshot()) == []
    assert world.manche.registrations.filter(player=world.anne).exists()


def test_a_player_registers_himself(client, world):
    """The control: the same request without a tampered id does register the member."""
    client.force_login(world.claire)
    client.post(_manche_url("league:registration_add", world.manche))
    assert world.manche.registrations.get(player=world.claire).seat == 5


def test_the_president_registers_someone_else(client, world):
    client.force_login(world.ben)
    client.post(_manche_url("league:registration_add", world.manche), {"player": world.claire.pk})
    assert world.manche.registrations.filter(player=world.claire).exists()


# -- the sheet ---------------------------------------------------------------------


def test_a_player_at_the_table_who_is_not_the_capitaine_cannot_write_the_sheet(client, full_table):
    world = full_table
    client.force_login(world.anne)
    before = snapshot()
    response = client.post(_manche_url("league:sheet_donne_add", world.manche), _donne(world.manche))
    assert response.status_code == 403
    assert changed_tables(before, snapshot()) == []


def test_the_capitaine_of_another_manche_cannot_write_this_sheet(client, full_table):

    world = full_table
    make_manche(world.season, 4, starts_at=world.now + timedelta(days=40), capitaine=world.claire)
    client.force_login(world.claire)
    before = snapshot()
    response = client.post(_manche_url("league:sheet_donne_add", world.manche), _donne(world.manche))
    assert response.status_code == 403
    assert changed_tables(before, snapshot()) == []


@pytest.mark.parametrize("who", ["bruno", "ben"])
def test_the_capitaine_of_the_manche_or_the_president_writes_the_sheet(client, full_table, who):
    world = full_table
    client.force_login(world.users[who])
    client.post(_manche_url("league:sheet_donne_add", world.manche), _donne(world.manche))
    assert world.manche.donnes.count() == 1


def test_the_capitaine_cannot_change_the_sheet_once_the_manche_is_closed(client, world):
    client.force_login(world.bruno)
    before = snapshot()
    response = client.post(_manche_url("league:sheet_donne_add", world.played), _donne(world.played))
    assert response.status_code == 403
    assert changed_tables(before, snapshot()) == []


def test_a_player_from_another_table_is_refused_in_the_sheet_form(client, full_table):
    world = full_table
    client.force_login(world.bruno)
    before = snapshot()
    response = client.post(
        _manche_url("league:sheet_donne_add", world.manche), _donne(world.manche, taker="claire")
    )
    assert response.status_code in (200, 400)
    assert world.manche.donnes.count() == 0
    assert changed_tables(before, snapshot()) == []


# -- comptes-rendus, awards, notices of another season or member --------------------


@pytest.fixture
def other_season(world):
    from league.models import Award, CompteRendu, Manche, Season

    season = make_season("2024-2025", president=world.ben, state=Season.State.CLOSED)
    manche = make_manche(season, 1, starts_at=world.now - timedelta(days=300), status=Manche.Status.PLAYED)
    cr = CompteRendu.objects.create(manche=manche, author=world.david, text="Ancien", posted_at=world.now)
    award = Award.objects.create(season=season, award=Award.Kind.TRUFFE, player=world.emile)
    return {"season": season, "cr": cr, "award": award}


def test_a_compte_rendu_of_another_season_cannot_be_judged_through_this_season(client, world, other_season):
    client.force_login(world.ben)
    before = snapshot()
    url = reverse("league:cr_judge", kwargs={"season_name": world.season.name, "pk": other_season["cr"].pk})
    response = client.post(url, {"decision": "reject", "reason": "Hors sujet"})
    assert response.status_code == 404
    assert changed_tables(before, snapshot()) == []


def test_an_award_of_another_season_cannot_be_removed_through_this_season(client, world, other_season):
    client.force_login(world.ben)
    before = snapshot()
    url = reverse(
        "league:award_delete", kwargs={"season_name": world.season.name, "pk": other_season["award"].pk}
    )
    response = client.post(url)
    assert response.status_code == 404
    assert changed_tables(before, snapshot()) == []


def test_a_member_cannot_edit_another_members_compte_rendu(client, world):
    client.force_login(world.david)  # a participant of the manche, not the author
    before = snapshot()
    url = reverse("league:cr_edit", kwargs={"season_name": world.season.name, "pk": world.compte_rendu.pk})
    response = client.post(url, {"title": "Pirate", "text": "Réécrit"})
    assert response.status_code == 403
    assert changed_tables(before, snapshot()) == []


def test_a_member_cannot_mark_another_members_notice_read(client, world):
    client.force_login(world.claire)
    before = snapshot()
    response = client.post(reverse("league:notice_read", kwargs={"pk": world.notice.pk}))
    assert response.status_code == 404
    assert changed_tables(before, snapshot()) == []


def test_a_player_cannot_judge_a_compte_rendu_even_of_his_own_manche(client, world):
    client.force_login(world.david)
    before = snapshot()
    url = reverse("league:cr_judge", kwargs={"season_name": world.season.name, "pk": world.compte_rendu.pk})
    response = client.post(url, {"decision": "accept"})
    assert response.status_code == 403
    assert changed_tables(before, snapshot()) == []

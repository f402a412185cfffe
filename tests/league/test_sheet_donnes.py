"""Entering donnes: the engine scores them, threads the pot, names the next dealer, refuses bad input."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import ValidationError

from league.models import Donne, Manche
from tests.support.sheet import add, contract, misere, totals


def test_a_won_garde_with_an_appele_is_scored_by_the_engine(manche, capitaine, player):
    # Ante 50; 49 points with 2 bouts: won by 8, rounded to 10; u = (10 + 10) × 2 = 40;
    # the attaque takes the pot of 50: 30 to the preneur, 20 to the appelé.
    add(manche, capitaine, contract(capitaine, "garde", partner=player, bouts=2, points=49))
    scores, pot = totals(manche)
    assert scores == {"bruno": 100, "anne": 50, "fifi": -50, "eric": -50, "gege": -50}
    assert pot == 0
    donne = Donne.objects.get(manche=manche)
    assert donne.index == 1 and donne.dealer.username == "bruno"


def test_a_lost_contract_feeds_the_pot_and_half_points_go_to_the_winner(manche, capitaine, player):
    # 40.5 with 2 bouts: lost by 1 (rounded to 0); u = -(10 + 0) × 2 = -20, preneur pays 60.
    add(manche, capitaine, contract(player, "pouce", partner=None, bouts=2, points="40.5"))
    scores, pot = totals(manche)
    assert scores["anne"] == -10 - 4 * 20 - 60
    assert scores["bruno"] == -10 + 20
    assert pot == 50 + 60
    assert sum(scores.values()) + pot == 0


def test_the_dealer_rotates_to_the_next_seat(manche, capitaine, player):
    from league.selectors.sheet import sheet_state

    assert sheet_state(manche).next_dealer == "bruno"
    add(manche, capitaine, contract(player, points=60))
    add(manche, capitaine, contract(player, points=60))
    state = sheet_state(Manche.objects.get(pk=manche.pk))
    assert [d.dealer.username for d in state.donnes] == ["bruno", "anne"]
    assert state.next_dealer == "fifi"


def test_a_donne_before_the_manches_day_is_refused_naming_its_start(manche, capitaine):
    """A sheet takes donnes from its manche's day on: a week early, it is another night's sheet."""
    with pytest.raises(ValidationError) as caught:
        add(manche, capitaine, contract(capitaine, points=60), now=manche.starts_at - timedelta(days=7))
    assert caught.value.messages == [
        "la manche commence le 18 sept. 2025 à 21:00 : ses donnes se saisissent à partir de ce jour-là"
    ]
    assert not Donne.objects.filter(manche=manche).exists()
    assert Manche.objects.get(pk=manche.pk).sheet_version == 0


def test_the_manches_day_begins_at_midnight_club_time(manche, capitaine):
    """The day is the club's (Paris): at 23:59 the evening before a donne is refused; at
    0:30 it is entered, though the UTC date is still the day before."""
    paris = ZoneInfo("Europe/Paris")
    with pytest.raises(ValidationError):
        add(
            manche, capitaine, contract(capitaine, points=60), now=datetime(2025, 9, 17, 23, 59, tzinfo=paris)
        )
    just_after = datetime(2025, 9, 18, 0, 30, tzinfo=paris)
    assert just_after.astimezone(ZoneInfo("UTC")).day == 17
    add(manche, capitaine, contract(capitaine, points=60), now=just_after)
    assert Donne.objects.filter(manche=manche).count() == 1


def test_on_its_day_a_table_sitting_down_early_enters_its_donnes(manche, capitaine):
    add(manche, capitaine, contract(capitaine, points=60), now=manche.starts_at - timedelta(minutes=20))
    assert Donne.objects.filter(manche=manche).count() == 1


def test_three_bouts_with_too_few_points_is_refused_and_nothing_is_saved(manche, capitaine):
    with pytest.raises(ValidationError) as caught:
        add(manche, capitaine, contract(capitaine, bouts=3, points=10))
    assert "points" in caught.value.message_dict
    assert "13,5" in caught.value.message_dict["points"][0]  # the reader's notation
    assert not Donne.objects.filter(manche=manche).exists()
    assert Manche.objects.get(pk=manche.pk).sheet_version == 0


def test_points_must_be_half_points_within_0_to_91(manche, capitaine):
    with pytest.raises(ValidationError) as caught:
        add(manche, capitaine, contract(capitaine, points="92"))
    assert "de 0 à 91" in caught.value.message_dict["points"][0]
    with pytest.raises(ValidationError) as caught:
        add(manche, capitaine, contract(capitaine, points="49.25"))
    assert "multiple de 0,5" in caught.value.message_dict["points"][0]


def test_the_appele_cannot_be_the_preneur(manche, capitaine):
    with pytest.raises(ValidationError) as caught:
        add(manche, capitaine, contract(capitaine, partner=capitaine))
    assert "partner" in caught.value.message_dict


def test_a_player_not_at_the_table_is_refused(manche, capitaine, president):
    with pytest.raises(ValidationError) as caught:
        add(manche, capitaine, contract(president.username))
    assert "taker" in caught.value.message_dict


def test_poignees_chelem_misere_announcements_and_penalties_are_counted(manche, capitaine, player):
    data = contract(
        capitaine,
        "garde",
        partner=player,
        bouts=2,
        points=49,
        poignees=[{"player": "bruno", "level": "simple"}],
        miseres=[{"player": "eric", "kind": "atout", "valid": True}],
        penalties=[{"player": "gege", "amount": 10, "reason": "a joué avant son tour"}],
    )
    add(manche, capitaine, data)
    scores, pot = totals(manche)
    # u = 40 + 20 (poignée); pot 50 + 10 penalty = 60 → 40/20; eric's misère: +40, 10 from each other.
    assert scores == {
        "bruno": -10 + 120 + 40 - 10,
        "anne": -10 + 60 + 20 - 10,
        "fifi": -10 - 60 - 10,
        "eric": -10 - 60 + 40,
        "gege": -10 - 10 - 60 - 10,
    }
    assert pot == 0


def test_the_misere_game_needs_every_players_points(manche, capitaine, player, others):
    fifi, eric, gege = others
    with pytest.raises(ValidationError) as caught:
        add(manche, capitaine, misere({capitaine: 10, player: 20, fifi: 30, eric: 5}))
    assert any(str(gege) in m for ms in caught.value.message_dict.values() for m in ms)  # his display name
    assert not Donne.objects.exists()
    add(manche, capitaine, misere({capitaine: 10, player: 20, fifi: 30, eric: 5, gege: "15.5"}))
    scores, pot = totals(manche)
    assert sum(scores.values()) + pot == 0
    assert scores["eric"] > 0 and scores["fifi"] < 0
    donne = Donne.objects.get()
    assert donne.kind == Donne.Kind.MISERE and donne.misere_points["gege"] == 15.5

"""§2 Le pot (Tarot-Bière): antes, settlement with its remainders, the losing
preneur's 60, penalties, misère announcements; and none of it under FFT."""

import pytest

from league.rules import InvalidInput, pot_shares, score_donne

from .helpers import FIVE, FOUR, contract, fields, misere_game

WIN = {"kind": "garde", "bouts": 1, "points": 51}  # u = 20
LOSE = {"kind": "garde", "bouts": 1, "points": 50}  # u = −20


def test_empty_pot_every_player_pays_ten(tb):
    result = score_donne(tb, FIVE, contract("ben", **LOSE), pot_before=0)
    assert result.pot_after == 50 + 60
    assert result.scores == {"ben": -10 - 80 - 60, "fifi": 10, "anne": 10, "bruno": 10, "eric": 10}


def test_non_empty_pot_only_the_dealer_pays_ten(tb):
    result = score_donne(tb, FIVE, contract("ben", dealer="fifi", **LOSE), pot_before=60)
    assert result.pot_after == 60 + 10 + 60
    assert result.scores == {"ben": -80 - 60, "fifi": 20 - 10, "anne": 20, "bruno": 20, "eric": 20}


def test_winning_preneur_alone_takes_the_whole_pot(tb):
    result = score_donne(tb, FIVE, contract("ben", dealer="eric", **WIN), pot_before=120)
    assert result.pot_after == 0
    assert result.scores["ben"] == 80 + 130


@pytest.mark.parametrize(
    ("pot_before", "pot", "preneur", "appele"),
    [
        (50, 60, 40, 20),  # 30q: 20q and 10q
        (60, 70, 50, 20),  # remainder 10 goes to the preneur
        (70, 80, 50, 30),  # remainder 20: 10 each
        (0, 50, 30, 20),  # antes of five: 30q + 20
    ],
)
def test_winning_attaque_shares_the_pot_two_thirds_one_third(tb, pot_before, pot, preneur, appele):
    result = score_donne(
        tb, FIVE, contract("ben", partner="anne", dealer="eric", **WIN), pot_before=pot_before
    )
    ante = 10 if pot_before == 0 else 0
    assert result.scores["ben"] == 40 + preneur - ante
    assert result.scores["anne"] == 20 + appele - ante
    assert result.pot_after == 0


@pytest.mark.parametrize("pot", range(0, 400, 10))
def test_pot_shares_always_sum_to_the_pot(pot):
    first, second = pot_shares(pot)
    assert first + second == pot
    assert first % 10 == 0 and second % 10 == 0
    assert first - 2 * second in (-10, 0, 10)


def test_losing_preneur_pays_sixty_and_the_appele_pays_nothing_into_the_pot(tb):
    result = score_donne(tb, FIVE, contract("ben", partner="anne", dealer="eric", **LOSE), pot_before=30)
    assert result.pot_after == 30 + 10 + 60
    assert result.scores == {"ben": -40 - 60, "anne": -20, "fifi": 20, "bruno": 20, "eric": 20 - 10}


def test_penalties_go_into_the_pot_and_a_winning_attaque_takes_them(tb):
    donne = contract(
        "ben", dealer="eric", penalties=[("bruno", 10, "a joué avant son tour"), ("fifi", 60)], **WIN
    )
    result = score_donne(tb, FIVE, donne, pot_before=10)
    assert result.pot_after == 0
    assert result.scores == {
        "ben": 80 + 10 + 10 + 70,
        "fifi": -20 - 60,
        "anne": -20,
        "bruno": -20 - 10,
        "eric": -30,
    }


def test_throwing_ones_hand_before_play_pays_each_opposing_player_and_the_pot(tb):
    """ "Avant le début de la partie : Il verse aux autres joueurs, et au pot,
    une pénalité identique à une garde perdue seule de 10 points, soit 40
    points à chacun des joueurs adverses et 60 points au pot"."""
    thrown = ("bruno", 60, "a jeté son jeu avant la partie", 40)
    donne = contract("ben", dealer="eric", penalties=[thrown], **LOSE)
    result = score_donne(tb, FIVE, donne, pot_before=10)
    plain = score_donne(tb, FIVE, contract("ben", dealer="eric", **LOSE), pot_before=10)
    assert result.scores["bruno"] - plain.scores["bruno"] == -4 * 40 - 60
    for player in ("ben", "fifi", "anne", "eric"):
        assert result.scores[player] - plain.scores[player] == 40
    assert result.pot_after - plain.pot_after == 60
    assert sum(result.scores.values()) + result.pot_after == 10  # Σ jetons + pot conserved
    assert any("40 to each other player" in str(line) for line in result.explanation)


def test_a_penalty_paying_players_must_be_a_multiple_of_ten(tb):
    """Jetons are counted in rounds of 10."""
    donne = contract("ben", dealer="eric", penalties=[("bruno", 60, "", 35)], **LOSE)
    with pytest.raises(InvalidInput) as exc:
        score_donne(tb, FIVE, donne)
    assert fields(exc.value) == ["penalties[0].to_each_player"]


def test_penalties_stay_in_the_pot_when_the_attaque_loses(tb):
    donne = contract("ben", dealer="eric", penalties=[("bruno", 10)], **LOSE)
    result = score_donne(tb, FIVE, donne, pot_before=10)
    assert result.pot_after == 10 + 10 + 10 + 60


def test_valid_misere_each_other_player_pays_ten_to_the_announcer(tb):
    donne = contract("ben", dealer="eric", miseres=[("anne", "tete", True)], **WIN)
    result = score_donne(tb, FIVE, donne, pot_before=10)
    assert result.scores["anne"] == -20 + 40
    assert result.scores["fifi"] == -20 - 10
    assert result.scores["ben"] == 80 + 20 - 10


def test_false_misere_the_announcer_pays_ten_to_each_other_player(tb):
    donne = contract("ben", dealer="eric", miseres=[("anne", "atout", False)], **WIN)
    result = score_donne(tb, FIVE, donne, pot_before=10)
    assert result.scores["anne"] == -20 - 40
    assert result.scores["fifi"] == -20 + 10


def test_both_kinds_announced_are_settled_each_on_its_own(tb):
    donne = contract("ben", dealer="eric", miseres=[("anne", "tete", True), ("anne", "atout", False)], **WIN)
    result = score_donne(tb, FIVE, donne, pot_before=10)
    assert result.scores["anne"] == -20 + 40 - 40
    assert result.scores["fifi"] == -20 - 10 + 10


def test_misere_at_four_each_of_the_three_others_pays(tb):
    donne = contract("ben", dealer="bruno", miseres=[("fifi", "atout", True)], **WIN)
    result = score_donne(tb, FOUR, donne, pot_before=10)
    assert result.scores["fifi"] == -20 + 30


def test_misere_announcements_settle_after_the_pot(tb):
    """They never touch the pot: a winning attaque takes exactly antes and penalties."""
    donne = contract("ben", dealer="eric", miseres=[("ben", "tete", True)], **LOSE)
    result = score_donne(tb, FIVE, donne, pot_before=0)
    assert result.pot_after == 50 + 60


def test_pot_is_conserved_every_donne(tb):
    donne = contract(
        "ben", partner="anne", penalties=[("eric", 20)], miseres=[("fifi", "tete", False)], **WIN
    )
    for pot in (0, 10, 70, 230):
        result = score_donne(tb, FIVE, donne, pot_before=pot)
        assert sum(result.scores.values()) + result.pot_after - pot == 0


def test_fft_has_no_pot_and_no_antes(fft):
    result = score_donne(fft, FOUR, contract("ben", dealer="bruno", **WIN))
    assert result.pot_after == 0
    assert sum(result.scores.values()) == 0


@pytest.mark.parametrize(
    ("donne", "field"),
    [
        (contract("ben", dealer="bruno", miseres=[("anne", "tete", True)], **WIN), "miseres"),
        (contract("ben", dealer="bruno", penalties=[("anne", 10)], **WIN), "penalties"),
        (misere_game({"ben": 10, "fifi": 20, "anne": 30, "bruno": 31}, dealer="bruno"), "kind"),
    ],
)
def test_fft_refuses_misere_penalties_and_the_misere_game(fft, donne, field):
    with pytest.raises(InvalidInput) as exc:
        score_donne(fft, FOUR, donne)
    assert fields(exc.value) == [field]


def test_fft_refuses_a_non_empty_pot(fft):
    with pytest.raises(InvalidInput) as exc:
        score_donne(fft, FOUR, contract("ben", dealer="bruno", **WIN), pot_before=10)
    assert fields(exc.value) == ["pot"]

"""§1: required points, the margin and its rounding, petit au bout, poignées,
chelem and multipliers, one rule per test."""

import pytest

from league.rules import ruleset_for, score_donne

from .helpers import FIVE, FOUR, contract


def unit(ruleset, table=FIVE, **args):
    return score_donne(ruleset, table, contract("ben", **args)).unit


@pytest.mark.parametrize(("bouts", "required"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_required_points_by_bouts_contract_juste_fait_wins(tb, bouts, required):
    assert unit(tb, kind="garde", bouts=bouts, points=required) == (10 + 0) * 2


@pytest.mark.parametrize(("bouts", "required"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_a_missing_half_point_loses(tb, bouts, required):
    result = score_donne(tb, FIVE, contract("ben", kind="garde", bouts=bouts, points=required - 0.5))
    assert result.won is False
    assert result.unit == -(10 + 0) * 2  # lost by 1, rounded to 0


@pytest.mark.parametrize(
    ("margin", "rounded"),
    [
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 5),
        (4, 5),
        (5, 5),
        (6, 5),
        (7, 5),
        (8, 10),
        (11, 10),
        (12, 10),
        (13, 15),
        (46, 45),
    ],
)
def test_tarot_biere_margin_is_rounded_to_the_nearest_five(tb, margin, rounded):
    assert unit(tb, kind="garde", bouts=3, points=36 + margin) == (10 + rounded) * 2


@pytest.mark.parametrize(("margin", "rounded"), [(2, 0), (3, 5), (7, 5), (8, 10)])
def test_tarot_biere_losing_margin_is_rounded_the_same_way(tb, margin, rounded):
    assert unit(tb, kind="garde", bouts=0, points=56 - margin) == -(10 + rounded) * 2


def test_fft_margin_is_not_rounded(fft):
    assert unit(fft, FOUR, kind="prise", bouts=0, points=63, dealer="ben") == 25 + 7


def test_half_point_goes_to_the_winning_side_fft(fft):
    """Seed 002: 41.5 with 2 bouts wins by 1; 40.5 loses by 1."""
    assert unit(fft, FOUR, kind="prise", bouts=2, points=41.5, dealer="ben") == 25 + 1
    assert unit(fft, FOUR, kind="prise", bouts=2, points=40.5, dealer="ben") == -(25 + 1)


def test_half_point_margin_rounds_up_before_the_nearest_five(tb):
    # 43.5 with 2 bouts: won by 2.5, counted 3, rounded to 5
    assert unit(tb, kind="garde", bouts=2, points=43.5) == (10 + 5) * 2
    # 42.5: won by 1.5, counted 2, rounded to 0
    assert unit(tb, kind="garde", bouts=2, points=42.5) == (10 + 0) * 2


def test_petit_au_bout_is_multiplied_whatever_the_result(tb):
    assert unit(tb, kind="garde_sans", bouts=1, points=51, petit="attack") == (10 + 10) * 4
    assert unit(tb, kind="garde_sans", bouts=1, points=51, petit="defense") == (10 - 10) * 4
    assert unit(tb, kind="garde_sans", bouts=1, points=40, petit="attack") == (-(10 + 10) + 10) * 4
    assert unit(tb, kind="garde_sans", bouts=1, points=40, petit="defense") == (-(10 + 10) - 10) * 4


@pytest.mark.parametrize(("level", "value"), [("simple", 20), ("double", 30), ("triple", 40)])
def test_poignee_always_goes_to_the_winning_side(tb, level, value):
    # shown by the preneur, attaque loses: the défense gets it
    assert unit(tb, kind="garde", bouts=0, points=50, poignees=[("ben", level)]) == -(10 + 5) * 2 - value
    # shown by a defender, attaque wins: the attaque gets it
    assert unit(tb, kind="garde", bouts=0, points=61, poignees=[("eric", level)]) == (10 + 5) * 2 + value


def test_poignees_of_both_sides_add_up_and_are_never_multiplied(tb):
    args = {
        "kind": "garde_contre",
        "bouts": 0,
        "points": 56,
        "poignees": [("ben", "double"), ("eric", "simple")],
    }
    assert unit(tb, **args) == 10 * 6 + 50


@pytest.mark.parametrize(
    ("chelem", "bouts", "points", "expected"),
    [
        ("announced_made", 3, 91, (10 + 55) * 2 + 400),
        ("made", 3, 91, (10 + 55) * 2 + 200),
        ("announced_failed", 1, 71, (10 + 20) * 2 - 200),  # contract won, still −200
        ("announced_failed", 1, 26, -(10 + 25) * 2 - 200),
        ("defense", 0, 3, -(10 + 55) * 2 - 200),  # the écart (3 points) is still the preneur's
    ],
)
def test_chelem_term_is_never_multiplied_nor_signed(tb, chelem, bouts, points, expected):
    assert unit(tb, kind="garde", bouts=bouts, points=points, chelem=chelem) == expected


def test_chelem_by_the_defense_each_defender_receives_200_more(tb):
    result = score_donne(
        tb, FIVE, contract("ben", partner="anne", bouts=0, points=3, chelem="defense"), pot_before=10
    )
    u = -(10 + 55) * 2 - 200
    assert result.unit == u
    assert result.scores["fifi"] == -u == 330


@pytest.mark.parametrize(
    ("kind", "k"), [("pouce", 2), ("prise", 2), ("garde", 2), ("garde_sans", 4), ("garde_contre", 6)]
)
def test_tarot_biere_multipliers_a_pouce_is_played_as_a_garde(tb, kind, k):
    assert unit(tb, kind=kind, bouts=1, points=51) == 10 * k


@pytest.mark.parametrize(
    ("kind", "k"), [("prise", 1), ("pouce", 1), ("garde", 2), ("garde_sans", 4), ("garde_contre", 6)]
)
def test_an_fft_contract_is_worth_25_times_its_multiplier(fft, kind, k):
    assert unit(fft, FOUR, kind=kind, bouts=1, points=51, dealer="ben") == 25 * k


def test_garde_contre_is_multiplied_by_eight_before_2010_2011(tb_old):
    assert unit(tb_old, kind="garde_contre", bouts=1, points=51) == 10 * 8
    assert unit(ruleset_for("tarot-biere", "2010-2011"), kind="garde_contre", bouts=1, points=51) == 10 * 6


def test_the_garde_contre_multiplier_is_a_param(tb):
    rs = ruleset_for("tarot-biere", "2011-2012", {"garde_contre_multiplier": 8})
    assert unit(rs, kind="garde_contre", bouts=1, points=51) == 80
    old = ruleset_for("tarot-biere", "2008-2009", {"garde_contre_multiplier": 6})
    assert unit(old, kind="garde_contre", bouts=1, points=51) == 60


def test_fft_keeps_times_six_whatever_the_season(fft):
    old_fft = ruleset_for("fft", "2005-2006")
    assert unit(old_fft, FOUR, kind="garde_contre", bouts=1, points=51, dealer="ben") == 25 * 6
    assert old_fft.defensive_bonus is True


def test_alone_at_five_the_preneur_scores_four_units(tb):
    result = score_donne(tb, FIVE, contract("ben", kind="garde", bouts=1, points=51), pot_before=10)
    assert result.scores["ben"] == 4 * 20 + 20  # and the pot: 10 + eric's ante


def test_at_four_with_an_absent_player_the_preneur_plays_one_against_three(tb):
    result = score_donne(
        tb, FOUR, contract("ben", kind="garde", bouts=1, points=51, dealer="bruno"), pot_before=10
    )
    assert result.scores == {"ben": 3 * 20 + 20, "fifi": -20, "anne": -20, "bruno": -20 - 10}

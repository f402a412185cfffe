"""§4.2 Ranking a manche: places and place points, ties, explicit order, the
absent player, FFT tables of 3 and 4."""

from decimal import Decimal

import pytest

from league.rules import InvalidInput, QuickResult, rank_manche, ruleset_for, vainqueurs

from .helpers import FIVE, FOUR, fields


def ranked(ruleset, scores, table=FIVE, absent=None, order=None):
    return [
        (e.player, e.score, e.place, e.points)
        for e in rank_manche(ruleset, table, absent, scores, None, order)
    ]


def test_descending_score_gives_3_2_1_0_minus_1(tb):
    scores = {"ben": -120, "fifi": 300, "anne": 40, "bruno": -20, "eric": -200}
    assert ranked(tb, scores) == [
        ("fifi", 300, 1, 3),
        ("anne", 40, 2, 2),
        ("bruno", -20, 3, 1),
        ("ben", -120, 4, 0),
        ("eric", -200, 5, -1),
    ]


def test_equal_scores_share_the_average_points_and_the_best_place(tb):
    scores = {"ben": 100, "fifi": 100, "anne": 0, "bruno": -100, "eric": -100}
    assert ranked(tb, scores) == [
        ("ben", 100, 1, Decimal("2.5")),
        ("fifi", 100, 1, Decimal("2.5")),
        ("anne", 0, 3, 1),
        ("bruno", -100, 4, Decimal("-0.5")),
        ("eric", -100, 4, Decimal("-0.5")),
    ]
    assert vainqueurs(rank_manche(tb, FIVE, None, scores)) == ("ben", "fifi")


def test_three_tied_in_the_middle(tb):
    scores = {"ben": 90, "fifi": 0, "anne": 0, "bruno": 0, "eric": -90}
    assert [(p, place, pts) for p, _s, place, pts in ranked(tb, scores)] == [
        ("ben", 1, 3),
        ("fifi", 2, 1),
        ("anne", 2, 1),
        ("bruno", 2, 1),
        ("eric", 5, -1),
    ]


def test_all_scores_zero_everyone_is_first(tb):
    result = ranked(tb, dict.fromkeys(FIVE, 0))
    assert {(place, pts) for _p, _s, place, pts in result} == {(1, 1)}


def test_an_explicit_order_places_players_one_by_one(tb):
    scores = {"ben": 100, "fifi": 100, "anne": 0, "bruno": -100, "eric": -100}
    order = ("fifi", "ben", "anne", "eric", "bruno")
    assert ranked(tb, scores, order=order) == [
        ("fifi", 100, 1, 3),
        ("ben", 100, 2, 2),
        ("anne", 0, 3, 1),
        ("eric", -100, 4, 0),
        ("bruno", -100, 5, -1),
    ]
    assert vainqueurs(rank_manche(tb, FIVE, None, scores, None, order)) == ("fifi",)


@pytest.mark.parametrize(
    "order", [("ben", "anne", "fifi", "bruno", "eric"), ("ben", "fifi", "anne", "bruno"), ("ben",) * 5]
)
def test_an_explicit_order_must_follow_the_scores_and_list_everyone(tb, order):
    scores = {"ben": 100, "fifi": 100, "anne": 0, "bruno": -100, "eric": -100}
    with pytest.raises(InvalidInput) as exc:
        rank_manche(tb, FIVE, None, scores, None, order)
    assert fields(exc.value) == ["order"]


def test_the_absent_player_is_fifth_with_zero_even_below_negative_scores(tb):
    scores = {"ben": 150, "fifi": -10, "anne": -60, "bruno": -80}
    assert ranked(tb, scores, FOUR, absent="eric") == [
        ("ben", 150, 1, 3),
        ("fifi", -10, 2, 2),
        ("anne", -60, 3, 1),
        ("bruno", -80, 4, 0),
        ("eric", 0, 5, -1),
    ]
    assert rank_manche(tb, FOUR, "eric", scores)[-1].absent is True


def test_fft_tables_of_three_and_four_use_the_first_place_values(fft):
    assert [pts for *_x, pts in ranked(fft, {"a": 50, "b": 0, "c": -50}, ("a", "b", "c"))] == [3, 2, 1]
    four = {"a": 50, "b": 0, "c": -20, "d": -30}
    assert [pts for *_x, pts in ranked(fft, four, ("a", "b", "c", "d"))] == [3, 2, 1, 0]
    assert [pts for *_x, pts in ranked(fft, {"a": 0, "b": 0, "c": 0}, ("a", "b", "c"))] == [2, 2, 2]


def test_place_points_are_a_param():
    rs = ruleset_for("tarot-biere", "2011-2012", {"place_points": [5, 3, 1, 0, -2]})
    scores = {"ben": 100, "fifi": 100, "anne": 0, "bruno": -100, "eric": -100}
    assert [pts for *_x, pts in ranked(rs, scores)] == [4, 4, 1, -1, -1]


def test_ranking_carries_the_prises_for_the_bonuses(tb):
    stats = {"ben": QuickResult("ben", 10, prises=3, bouts=2, prises_won=2)}
    entry = rank_manche(tb, FIVE, None, dict.fromkeys(FIVE, 0) | {"ben": 10, "eric": -10}, stats)[0]
    assert (entry.player, entry.prises, entry.bouts, entry.prises_won) == ("ben", 3, 2, 2)


def test_an_explicit_order_may_end_with_the_absent_player(tb):
    scores = {"ben": 50, "fifi": 50, "anne": -50, "bruno": -50}
    order = ("fifi", "ben", "bruno", "anne", "eric")
    assert ranked(tb, scores, FOUR, absent="eric", order=order) == [
        ("fifi", 50, 1, 3),
        ("ben", 50, 2, 2),
        ("bruno", -50, 3, 1),
        ("anne", -50, 4, 0),
        ("eric", 0, 5, -1),
    ]

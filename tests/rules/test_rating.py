"""The rating across seasons (docs/rating.md): Elo for games of several players.

"Each manche of n players counts as n − 1 duels; the rating moves by
K × (scored − expected) ÷ (n − 1)."
"""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from league.rules import MancheInput, QuickResult, compute_season
from league.rules.rating import INITIAL, K, RatedManche, compute_ratings, expected_score, rated_manches

from .test_projections import FIVE, NOW, ONE_NIGHT, season


def night(number, *places, season="2031-2032"):
    return RatedManche(season, number, tuple(zip(FIVE, places, strict=False)))


def test_equal_players_winner_gains_k_loser_loses_k():
    """Five newcomers at 1500: each duel is expected ½, so the first (4 duels won)
    gains K × (4 − 2) ÷ 4 = K/2, the last loses K/2, the 3rd does not move."""
    ratings = compute_ratings([night(1, 1, 2, 3, 4, 5)])
    assert ratings.current["ann"] == INITIAL + K / 2
    assert ratings.current["cat"] == INITIAL
    assert ratings.current["eve"] == INITIAL - K / 2


def test_shared_places_score_half_a_duel():
    """Two players tied first score ½ against each other: no change between equals."""
    ratings = compute_ratings([night(1, 1, 1, 3, 4, 5)])
    assert ratings.current["ann"] == ratings.current["ben"] == INITIAL + K * (3.5 - 2) / 4


def test_beating_stronger_players_is_worth_more():
    """After one night ann is rated above eve; when eve then wins, she gains more
    than ann did for the same win (she was expected to score less)."""
    first = compute_ratings([night(1, 1, 2, 3, 4, 5)])
    second = compute_ratings([night(1, 1, 2, 3, 4, 5), night(2, 5, 2, 3, 4, 1)])
    eve_gain = second.history["eve"][-1].change
    ann_gain = first.history["ann"][-1].change
    assert eve_gain > ann_gain > 0


def test_the_absent_player_of_a_manche_at_four_keeps_his_rating():
    """ "Un désistement de dernière minute" did not play: only the four seated duel."""
    at_four = MancheInput(
        number=1,
        starts_at=NOW.replace(year=2032),
        table=FIVE[:4],
        absent="eve",
        results=tuple(QuickResult(p, s) for p, s in zip(FIVE[:4], (60, 20, -20, -60), strict=True)),
    )
    rated = rated_manches("2031-2032", compute_season(season([at_four]), now=NOW))
    assert [p for p, _place in rated[0].places] == list(FIVE[:4])
    assert "eve" not in compute_ratings(rated).current


def test_recomputed_from_the_engines_result():
    rated = rated_manches("2031-2032", compute_season(season(ONE_NIGHT), now=NOW))
    assert rated == (RatedManche("2031-2032", 1, tuple((p, i + 1) for i, p in enumerate(FIVE))),)


def test_the_change_explains_itself():
    change = compute_ratings([night(1, 2, 1, 3, 4, 5)]).history["ann"][0]
    assert (change.place, change.duels, change.scored, change.expected) == (2, 4, 3.0, 2.0)
    assert change.after == change.before + K * (change.scored - change.expected) / change.duels


# --------------------------------------------------------------------------
# invariants
# --------------------------------------------------------------------------

PLAYERS = ("p0", "p1", "p2", "p3", "p4", "p5", "p6")


@st.composite
def histories(draw):
    manches = []
    for number in range(1, draw(st.integers(1, 12)) + 1):
        seated = draw(st.permutations(PLAYERS))[: draw(st.integers(3, 5))]
        places = sorted(draw(st.lists(st.integers(1, 5), min_size=len(seated), max_size=len(seated))))
        manches.append(RatedManche("s", number, tuple(zip(seated, places, strict=True))))
    return manches


@settings(max_examples=150, deadline=None)
@given(histories())
def test_every_manche_is_zero_sum(manches):
    """What one player wins the others lose: the club's average stays at the start."""
    ratings = compute_ratings(manches)
    assert math.isclose(sum(ratings.current.values()), INITIAL * len(ratings.current), abs_tol=1e-6)


@settings(max_examples=150, deadline=None)
@given(histories())
def test_a_sole_first_always_gains_a_sole_last_always_loses_and_no_move_exceeds_k(manches):
    """Alone first he won every duel (more than any expectation); alone last he lost them all."""
    ratings = compute_ratings(manches)
    for changes in ratings.history.values():
        for c in changes:
            assert abs(c.change) <= K
    for manche in manches:
        places = [place for _p, place in manche.places]
        for player, place in manche.places:
            change = next(c for c in ratings.history[player] if c.number == manche.number)
            if places.count(place) == 1 and place == min(places):
                assert change.change > 0
            if places.count(place) == 1 and place == max(places):
                assert change.change < 0


@given(st.floats(-2000, 2000), st.floats(-2000, 2000))
def test_a_duel_is_shared(a, b):
    assert math.isclose(expected_score(a, b) + expected_score(b, a), 1.0)

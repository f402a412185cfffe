"""§3.2 Jouer la misère: ranked by ascending card points; the 1st takes 2/3 of
the pot and 2(d + 10) from the 5th, the 2nd 1/3 and d + 10 from the 4th; ties
share the sum of their places, received shares rounded down, paid shares
rounded up in size, the difference into the pot."""

import pytest

from league.rules import score_donne
from league.rules.donne import misere_spread

from .helpers import FIVE, FOUR, D, misere_game


@pytest.mark.parametrize(
    ("high", "low", "d"),
    [(30.5, 8, 20), (33, 8, 30), (23, 8, 20), (8, 8, 0), (12.5, 8, 0), (13, 8, 10), (91, 0, 90)],
)
def test_spread_is_rounded_to_the_nearest_ten_halves_up(high, low, d):
    """22.5 → 20, 25 → 30, 15 → 20, 4.5 → 0, 5 → 10."""
    assert misere_spread(D(high), D(low)) == d


def test_five_players_without_ties(tb):
    """The season-format example: pot 40 + dealer's ante = 50; d = 30.5 − 8 → 20."""
    game = misere_game({"ben": 12, "fifi": 30.5, "anne": 8, "bruno": 19, "eric": 15.5}, dealer="anne")
    result = score_donne(tb, FIVE, game, pot_before=40)
    assert result.won is None and result.unit is None
    assert result.scores == {
        "anne": 30 + 2 * 30 - 10,  # 1st: 2/3 of 50 (20 + remainder 10) and 2(d + 10) from the 5th
        "ben": 20 + 30,  # 2nd: 1/3 of 50 (10 + 10 of the remainder 20) and d + 10 from the 4th
        "eric": 0,
        "bruno": -30,
        "fifi": -60,
    }
    assert result.pot_after == 0


def test_the_ante_is_paid_before_the_misere_game(tb):
    game = misere_game({"ben": 15, "fifi": 16, "anne": 17, "bruno": 18, "eric": 19})
    result = score_donne(tb, FIVE, game, pot_before=0)  # everyone pays 10: pot 50
    assert result.scores == {
        "ben": -10 + 30 + 20,
        "fifi": -10 + 20 + 10,
        "anne": -10,
        "bruno": -10 - 10,
        "eric": -10 - 20,
    }
    assert result.pot_after == 0


def test_at_four_the_last_pays_as_the_fifth_and_nobody_pays_as_the_fourth(tb):
    game = misere_game({"ben": 5, "fifi": 10, "anne": 20, "bruno": 40}, dealer="bruno")
    result = score_donne(tb, FOUR, game, pot_before=30)  # + bruno's ante: 40 → 30 and 10
    # d = 35 → 40
    assert result.scores == {"ben": 30 + 2 * 50, "fifi": 10, "anne": 0, "bruno": -10 - 2 * 50}
    assert result.pot_after == 0


def test_tied_players_share_the_sum_of_their_places_with_rounding_into_the_pot(tb):
    # d = 31 − 6 = 25 → 30, so d + 10 = 40; pot 50 → 30 and 20
    game = misere_game({"ben": 6, "fifi": 6, "anne": 6, "bruno": 31, "eric": 31})
    result = score_donne(tb, FIVE, game, pot_before=0)
    # first three share 30 + 80 + 20 + 40 + 0 = 170: 56.67 each, received → rounded down to 50
    # last two share −40 − 80 = −120: −60 each (already a multiple of 10)
    assert result.scores == {
        "ben": -10 + 50,
        "fifi": -10 + 50,
        "anne": -10 + 50,
        "bruno": -10 - 60,
        "eric": -10 - 60,
    }
    assert result.pot_after == 50 - 150 + 120 == 20


def test_a_paid_share_is_rounded_up_in_size(tb):
    # d = 27 − 0 = 27 → 30: d + 10 = 40. Pot 50: 30 and 20.
    game = misere_game({"ben": 0, "fifi": 5, "anne": 27, "bruno": 27, "eric": 27})
    result = score_donne(tb, FIVE, game, pot_before=0)
    # anne, bruno, eric share 0 − 40 − 80 = −120: −40 each
    assert [result.scores[p] + 10 for p in FIVE] == [110, 60, -40, -40, -40]
    game = misere_game({"ben": 2, "fifi": 8, "anne": 16, "bruno": 28, "eric": 28})
    result = score_donne(tb, FIVE, game, pot_before=0)
    # d = 26 → 30, bruno and eric share −40 − 80 = −120: −60 each
    assert [result.scores[p] + 10 for p in FIVE] == [110, 60, 0, -60, -60]


def test_a_negative_share_that_does_not_divide_is_rounded_up_in_size(tb):
    # pot 60 (dealer ante on 50): 40 and 20; d = 24 - 5 = 19 → 20, d + 10 = 30
    game = misere_game({"ben": 5, "fifi": 10, "anne": 24, "bruno": 24, "eric": 24})
    result = score_donne(tb, FIVE, game, pot_before=50)
    # anne, bruno, eric share 0 − 30 − 60 = −90: −30 each
    assert result.scores == {"ben": 40 + 60, "fifi": 20 + 30, "anne": -30, "bruno": -30, "eric": -30 - 10}
    # four players: the last three share 0 + 0 − 2(d + 10) = −60 → −20 each; 1st alone
    game = misere_game({"ben": 0, "fifi": 25, "anne": 25, "bruno": 25}, dealer="ben")
    result = score_donne(tb, FOUR, game, pot_before=30)  # pot 40: 30 and 10; d = 25 → 30, 2(d + 10) = 80
    # fifi, anne, bruno share 10 + 0 − 80 = −70: −23.3 each → −30 each; 20 left over in the pot
    assert result.scores == {"ben": -10 + 30 + 80, "fifi": -30, "anne": -30, "bruno": -30}
    assert result.pot_after == 40 - 110 + 90 == 20


def test_everyone_tied_shares_the_pot_rounded_down(tb):
    game = misere_game(dict.fromkeys(FIVE, 17))
    result = score_donne(tb, FIVE, game, pot_before=70)  # pot 80, d = 0
    assert all(result.scores[p] == 10 for p in ("ben", "fifi", "anne", "bruno"))
    assert result.scores["eric"] == 10 - 10
    assert result.pot_after == 30


def test_penalties_and_misere_announcements_in_a_misere_game(tb):
    game = misere_game(
        {"ben": 15, "fifi": 16, "anne": 17, "bruno": 18, "eric": 19},
        dealer="eric",
        penalties=[("bruno", 10)],
        miseres=[("anne", "atout", True)],
    )
    result = score_donne(tb, FIVE, game, pot_before=10)  # 10 + 10 ante + 10 penalty = 30: 20 and 10
    assert result.scores == {
        "ben": 20 + 20 - 10,
        "fifi": 10 + 10 - 10,
        "anne": 0 + 40,
        "bruno": -10 - 10 - 10,
        "eric": -10 - 20 - 10,
    }
    assert result.pot_after == 0

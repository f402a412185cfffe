"""Le calcul des scores: every worked example of the rulebooks comes out exactly.

Tarot-Bière (seed 000): +80, +20, −30, +60, +550 per defender; with an appelé
the preneur scores 2u and the appelé u, alone the preneur scores 4u.
FFT (seed 002), 4 players: +106, +76, −42, +92, +582; the preneur scores 3u.
"""

import pytest

from league.rules import score_donne

from .helpers import FIVE, FOUR, contract

# (description, donne arguments, per-defender unit u)
TAROT_BIERE_EXAMPLES = [
    (
        "garde, simple poignée, petit au bout, 49 points with 2 bouts: 8 rounded to 10",
        {"kind": "garde", "bouts": 2, "points": 49, "petit": "attack", "poignees": [("ben", "simple")]},
        80,
    ),
    (
        "garde sans won by 4 (rounded to 5), petit au bout by the défense",
        {"kind": "garde_sans", "bouts": 2, "points": 45, "petit": "defense"},
        20,
    ),
    (
        "pouce lost by 7 (rounded to 5) with a poignée, petit au bout by the attaque",
        {"kind": "pouce", "bouts": 1, "points": 44, "petit": "attack", "poignees": [("ben", "simple")]},
        -30,
    ),
    (
        "garde won by 11 (rounded to 10), the défense showed a poignée",
        {"kind": "garde", "bouts": 0, "points": 67, "poignees": [("bruno", "simple")]},
        60,
    ),
    (
        "garde, chelem announced and made, poignée, petit au bout, 87 with 2 bouts: 46 rounded to 45",
        {
            "kind": "garde",
            "bouts": 2,
            "points": 87,
            "petit": "attack",
            "poignees": [("ben", "simple")],
            "chelem": "announced_made",
        },
        550,
    ),
]


@pytest.mark.parametrize(
    ("case", "args", "u"), TAROT_BIERE_EXAMPLES, ids=[c[0] for c in TAROT_BIERE_EXAMPLES]
)
def test_tarot_biere_examples_with_an_appele(tb, case, args, u):
    """With an appelé: each defender −u, preneur 2u, appelé u (plus the pot)."""
    result = score_donne(tb, FIVE, contract("ben", partner="anne", **args), pot_before=30)
    assert result.unit == u
    assert result.won is (u > 0)
    pot = 30 + 10  # eric deals and pays 10
    if u > 0:
        first, second = {40: (30, 10)}[pot]
        assert result.scores == {
            "ben": 2 * u + first,
            "anne": u + second,
            "fifi": -u,
            "bruno": -u,
            "eric": -u - 10,
        }
        assert result.pot_after == 0
    else:
        assert result.scores == {"ben": 2 * u - 60, "anne": u, "fifi": -u, "bruno": -u, "eric": -u - 10}
        assert result.pot_after == pot + 60


@pytest.mark.parametrize(
    ("case", "args", "u"), TAROT_BIERE_EXAMPLES, ids=[c[0] for c in TAROT_BIERE_EXAMPLES]
)
def test_tarot_biere_examples_alone_against_four(tb, case, args, u):
    """Alone against four: the preneur scores 4u."""
    result = score_donne(tb, FIVE, contract("ben", partner=None, **args), pot_before=0)
    ante = -10  # the pot is empty: everyone pays 10
    pot = 50 if u > 0 else -60  # the preneur takes the pot of 50, or pays 60 into it
    assert result.unit == u
    assert result.scores == {
        "ben": ante + 4 * u + pot,
        "fifi": ante - u,
        "anne": ante - u,
        "bruno": ante - u,
        "eric": ante - u,
    }


FFT_EXAMPLES = [
    (
        "garde, poignée of 10 trumps at 4, petit au bout, 49 with 2 bouts",
        {"kind": "garde", "bouts": 2, "points": 49, "petit": "attack", "poignees": [("ben", "simple")]},
        106,
    ),
    (
        "garde sans won by 4, petit au bout by the défense",
        {"kind": "garde_sans", "bouts": 2, "points": 45, "petit": "defense"},
        76,
    ),
    (
        "prise lost by 7 with a poignée, petit au bout by the attaque",
        {"kind": "prise", "bouts": 1, "points": 44, "petit": "attack", "poignees": [("ben", "simple")]},
        -42,
    ),
    (
        "garde won by 11, the défense showed a poignée",
        {"kind": "garde", "bouts": 0, "points": 67, "poignees": [("anne", "simple")]},
        92,
    ),
    (
        "garde, chelem announced and made, poignée, petit au bout, 87 with 2 bouts",
        {
            "kind": "garde",
            "bouts": 2,
            "points": 87,
            "petit": "attack",
            "poignees": [("ben", "simple")],
            "chelem": "announced_made",
        },
        582,
    ),
]


@pytest.mark.parametrize(("case", "args", "u"), FFT_EXAMPLES, ids=[c[0] for c in FFT_EXAMPLES])
def test_fft_examples_at_four_players(fft, case, args, u):
    """FFT at 4: each defender −u, the preneur 3u; no pot, nothing else moves."""
    result = score_donne(fft, FOUR, contract("ben", dealer="bruno", **args))
    assert result.unit == u
    assert result.scores == {"ben": 3 * u, "fifi": -u, "anne": -u, "bruno": -u}
    assert result.pot_after == 0


def test_fft_at_five_splits_two_thirds_one_third(fft):
    result = score_donne(fft, FIVE, contract("ben", partner="anne", kind="garde", bouts=2, points=49))
    u = (25 + 8) * 2
    assert result.scores == {"ben": 2 * u, "anne": u, "fifi": -u, "bruno": -u, "eric": -u}


def test_fft_at_three_the_preneur_scores_twice_the_unit(fft):
    result = score_donne(
        fft, ("ben", "fifi", "anne"), contract("ben", kind="prise", bouts=1, points=51, dealer="anne")
    )
    assert result.scores == {"ben": 50, "fifi": -25, "anne": -25}


def test_the_explanation_shows_the_formula_in_the_club_words(tb):
    result = score_donne(
        tb,
        FIVE,
        contract("ben", partner="anne", bouts=2, points=49, petit="attack", poignees=[("ben", "simple")]),
    )
    text = "\n".join(str(m) for m in result.explanation)
    assert "needs 41 points, made 49: won by 8" in text
    assert "Margin 8 rounded to the nearest multiple of 5: 10" in text
    assert "u = (10 + 10 + 10) × 2 + 20 = 80" in text
    assert "preneur ben scores 2u = +160" in text
    assert "pays 10 into it" in text
    assert "ben takes 30 (2/3), anne 20 (1/3)" in text

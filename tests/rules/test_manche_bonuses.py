"""§5.1–5.3 The manche's bonuses: seul positif, bouts sur prise, défensifs."""

from decimal import Decimal

from league.rules import QuickResult, manche_bonuses, rank_manche

from .helpers import FIVE, FOUR


def bonuses(ruleset, results, table=FIVE, absent=None, order=None):
    """``results``: {player: score} or {player: (score, prises, bouts, prises_won)}."""
    stats = {}
    scores = {}
    for player, value in results.items():
        score, prises, bouts, won = value if isinstance(value, tuple) else (value, 0, 0, 0)
        scores[player] = score
        stats[player] = QuickResult(player, score, prises, bouts, won)
    ranking = rank_manche(ruleset, table, absent, scores, stats, order)
    return [(a.player, a.kind, a.value) for a in manche_bonuses(ruleset, ranking, 7)]


def kinds(found, kind):
    return [(p, v) for p, k, v in found if k == kind]


# seul positif ------------------------------------------------------------


def test_seul_positif_when_every_other_score_is_zero_or_less(tb):
    found = bonuses(tb, {"ben": 200, "fifi": 0, "anne": -50, "bruno": -50, "eric": -100})
    assert kinds(found, "seul_positif") == [("ben", Decimal(1))]


def test_no_seul_positif_when_another_player_is_positive(tb):
    found = bonuses(tb, {"ben": 200, "fifi": 10, "anne": -60, "bruno": -50, "eric": -100})
    assert kinds(found, "seul_positif") == []


def test_no_seul_positif_when_all_scores_are_zero(tb):
    assert kinds(bonuses(tb, dict.fromkeys(FIVE, 0)), "seul_positif") == []


def test_no_seul_positif_for_tied_positive_vainqueurs(tb):
    found = bonuses(tb, {"ben": 100, "fifi": 100, "anne": -60, "bruno": -40, "eric": -100})
    assert kinds(found, "seul_positif") == []


def test_seul_positif_at_four_the_absent_scores_zero(tb):
    found = bonuses(tb, {"ben": 90, "fifi": -30, "anne": -30, "bruno": -30}, FOUR, absent="eric")
    assert kinds(found, "seul_positif") == [("ben", Decimal(1))]


# bouts sur prise ------------------------------------------------------------


def test_bouts_sur_prise_lowest_average_at_most_one(tb):
    found = bonuses(
        tb,
        {
            "ben": (100, 3, 3, 2),
            "fifi": (0, 2, 1, 1),
            "anne": (0, 1, 2, 1),
            "bruno": (-50, 0, 0, 0),
            "eric": (-50, 0, 0, 0),
        },
    )
    assert kinds(found, "bouts_sur_prise") == [("fifi", Decimal("0.5"))]


def test_bouts_sur_prise_average_exactly_one_qualifies_above_does_not(tb):
    exactly = bonuses(tb, {"ben": (10, 3, 3, 1), "fifi": -10, "anne": 0, "bruno": 0, "eric": 0})
    assert kinds(exactly, "bouts_sur_prise") == [("ben", Decimal("0.5"))]
    above = bonuses(tb, {"ben": (10, 3, 4, 1), "fifi": -10, "anne": 0, "bruno": 0, "eric": 0})
    assert kinds(above, "bouts_sur_prise") == []


def test_bouts_sur_prise_needs_a_won_prise(tb):
    found = bonuses(tb, {"ben": (-100, 2, 0, 0), "fifi": (100, 2, 2, 1), "anne": 0, "bruno": 0, "eric": 0})
    assert kinds(found, "bouts_sur_prise") == [("fifi", Decimal("0.5"))]


def test_bouts_sur_prise_tie_goes_to_the_most_prises(tb):
    found = bonuses(tb, {"ben": (50, 2, 1, 1), "fifi": (50, 4, 2, 1), "anne": -100, "bruno": 0, "eric": 0})
    assert kinds(found, "bouts_sur_prise") == [("fifi", Decimal("0.5"))]


def test_bouts_sur_prise_then_to_the_best_ratio_of_won_prises(tb):
    found = bonuses(tb, {"ben": (50, 2, 1, 1), "fifi": (50, 2, 1, 2), "anne": -100, "bruno": 0, "eric": 0})
    assert kinds(found, "bouts_sur_prise") == [("fifi", Decimal("0.5"))]


def test_bouts_sur_prise_still_tied_each_scores_it(tb):
    found = bonuses(tb, {"ben": (50, 2, 0, 1), "fifi": (50, 2, 0, 1), "anne": -100, "bruno": 0, "eric": 0})
    assert kinds(found, "bouts_sur_prise") == [("ben", Decimal("0.5")), ("fifi", Decimal("0.5"))]


def test_no_bouts_sur_prise_without_prises(tb):
    assert kinds(bonuses(tb, dict.fromkeys(FIVE, 0)), "bouts_sur_prise") == []


# défensifs ------------------------------------------------------------------


def test_defensifs_thresholds_by_place(tb):
    # W = 450: 2nd ≥ 360, 3rd ≥ 180, 4th ≥ −45, 5th ≥ −270
    found = bonuses(tb, {"ben": 450, "fifi": 360, "anne": 180, "bruno": -45, "eric": -945})
    assert kinds(found, "defensif") == [
        ("fifi", Decimal("0.5")),
        ("anne", Decimal("0.5")),
        ("bruno", Decimal("0.5")),
    ]
    found = bonuses(tb, {"ben": 450, "fifi": 350, "anne": 170, "bruno": -55, "eric": -915})
    assert kinds(found, "defensif") == []


def test_defensif_for_the_fifth(tb):
    found = bonuses(tb, {"ben": 500, "fifi": 0, "anne": -100, "bruno": -100, "eric": -300})
    assert ("eric", Decimal("0.5")) in kinds(found, "defensif")


def test_defensif_reason_carries_the_numbers(tb):
    stats = {
        p: QuickResult(p, s)
        for p, s in {"ben": 450, "fifi": 380, "anne": -200, "bruno": -300, "eric": -330}.items()
    }
    ranking = rank_manche(tb, FIVE, None, {p: r.score for p, r in stats.items()}, stats)
    (adj,) = [a for a in manche_bonuses(tb, ranking, 3) if a.kind == "defensif"]
    assert str(adj.reason) == (
        "Défensif: 2nd place with a score of 380, at least the winner's score (450) minus 20%, that is 360: +0.5"
    )
    assert adj.manche == 3


def test_tied_players_are_judged_at_the_best_place_they_share(tb):
    # fifi and anne tied 2nd place with 300 ≥ 0.8 × 350 = 280: both score it
    found = bonuses(tb, {"ben": 350, "fifi": 300, "anne": 300, "bruno": -450, "eric": -500})
    assert kinds(found, "defensif") == [("fifi", Decimal("0.5")), ("anne", Decimal("0.5"))]


def test_tied_first_players_never_score_a_defensif(tb):
    found = bonuses(tb, {"ben": 100, "fifi": 100, "anne": 90, "bruno": -140, "eric": -150})
    assert kinds(found, "defensif") == [("anne", Decimal("0.5"))]


def test_the_absent_player_never_scores_a_defensif(tb):
    # W = 10: the 5th's threshold would be −6 and the absent has 0
    found = bonuses(tb, {"ben": 10, "fifi": -10, "anne": 0, "bruno": 0}, FOUR, absent="eric")
    assert all(p != "eric" for p, _v in kinds(found, "defensif"))


def test_all_scores_zero_no_defensif(tb):
    assert kinds(bonuses(tb, dict.fromkeys(FIVE, 0)), "defensif") == []


def test_no_defensifs_before_2010_2011(tb_old):
    found = bonuses(tb_old, {"ben": 450, "fifi": 360, "anne": 180, "bruno": -45, "eric": -945})
    assert kinds(found, "defensif") == []


def test_defensifs_with_an_explicit_order_follow_the_places(tb):
    scores = {"ben": 100, "fifi": 100, "anne": 50, "bruno": -100, "eric": -150}
    found = bonuses(tb, scores, order=("ben", "fifi", "anne", "bruno", "eric"))
    # fifi is 2nd place with 100 ≥ 80, anne 3rd place with 50 ≥ 40
    assert kinds(found, "defensif") == [("fifi", Decimal("0.5")), ("anne", Decimal("0.5"))]
    assert kinds(found, "seul_positif") == []

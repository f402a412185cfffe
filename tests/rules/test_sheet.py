"""A manche's sheet: the pot carried from donne to donne, dealers rotating,
totals and each player's prises."""

import pytest

from league.rules import InvalidInput, next_dealer, score_sheet

from .helpers import FIVE, FOUR, contract, fields, misere_game


def test_the_pot_is_carried_and_the_sheet_balances(tb):
    donnes = [
        contract("ben", partner="anne", kind="garde", bouts=1, points=50, dealer="ben"),  # lost: pot 50 + 60
        contract("fifi", kind="garde", bouts=2, points=45, dealer="fifi"),  # won: takes 110 + 10
    ]
    sheet = score_sheet(tb, FIVE, donnes)
    assert [r.pot_after for r in sheet.donnes] == [110, 0]
    assert sheet.pot == 0
    assert sum(sheet.totals.values()) == 0
    assert sheet.totals == {p: sum(r.scores[p] for r in sheet.donnes) for p in FIVE}
    assert sheet.donnes[1].scores["fifi"] == -10 + 4 * 30 + 120


def test_missing_dealers_rotate_from_the_previous_one(tb):
    donnes = [
        contract(dealer=None, bouts=1, points=40),  # table[0] deals the first donne
        contract(dealer=None, bouts=1, points=40),
        contract(dealer="bruno", bouts=1, points=40),
        contract(dealer=None, bouts=1, points=40),
        contract(dealer=None, bouts=1, points=40),
    ]
    sheet = score_sheet(tb, FIVE, donnes)
    assert [r.dealer for r in sheet.donnes] == ["ben", "fifi", "bruno", "eric", "ben"]
    # only the dealer pays the ante once the pot is not empty
    assert sheet.donnes[1].scores["fifi"] == -10 + 40
    assert next_dealer(FIVE, donnes) == "fifi"
    assert next_dealer(FIVE, []) == "ben"


def test_player_stats_count_prises_bouts_and_wins(tb):
    donnes = [
        contract(
            "ben",
            partner="anne",
            kind="garde",
            bouts=1,
            points=60,
            petit="attack",
            poignees=[("anne", "simple")],
        ),
        contract("ben", kind="pouce", bouts=2, points=30, miseres=[("eric", "tete", True)]),
        contract("ben", kind="garde_sans", bouts=3, points=91, chelem="made"),
        contract("anne", kind="garde_contre", bouts=0, points=60),
        misere_game({"ben": 15, "fifi": 16, "anne": 17, "bruno": 18, "eric": 19}),
    ]
    stats = score_sheet(tb, FIVE, donnes).stats
    ben = stats["ben"]
    assert (ben.prises, ben.bouts, ben.prises_won) == (3, 6, 2)
    assert ben.contracts == {"garde": 1, "pouce": 1, "garde_sans": 1}
    assert ben.contracts_won == {"garde": 1, "garde_sans": 1}
    assert (ben.chelems, ben.petits_au_bout, ben.poignees) == (1, 1, 0)
    assert (stats["anne"].prises, stats["anne"].bouts, stats["anne"].prises_won, stats["anne"].poignees) == (
        1,
        0,
        1,
        1,
    )
    assert stats["eric"].misere_announcements == 1
    assert stats["fifi"].prises == 0


def test_a_sheet_reports_every_problem_of_every_donne(tb):
    donnes = [contract(bouts=4), contract(), contract(partner="zoe", points=95)]
    with pytest.raises(InvalidInput) as exc:
        score_sheet(tb, FIVE, donnes)
    assert fields(exc.value) == ["donnes[0].bouts", "donnes[2].partner", "donnes[2].points"]


def test_a_sheet_at_four(tb):
    sheet = score_sheet(tb, FOUR, [contract("ben", dealer=None, bouts=1, points=51)])
    assert sheet.totals == {"ben": -10 + 60 + 40, "fifi": -30, "anne": -30, "bruno": -30}
    assert sheet.pot == 0


def test_the_sheet_reports_a_pot_left_at_the_end(tb):
    sheet = score_sheet(tb, FIVE, [contract(bouts=1, points=40)])
    assert sheet.pot == 110
    assert sum(sheet.totals.values()) + sheet.pot == 0


def test_each_donne_of_a_sheet_explains_its_formula_on_demand(tb):
    from league.rules import score_donne

    donnes = [
        contract(dealer=None, bouts=1, points=40),
        contract(dealer=None, partner="anne", bouts=2, points=49),
    ]
    sheet = score_sheet(tb, FIVE, donnes)
    alone = score_donne(tb, FIVE, contract(dealer="fifi", partner="anne", bouts=2, points=49), pot_before=110)
    assert sheet.donnes[1].explanation == alone.explanation
    assert any("u = (10 + 10) × 2 = 40" in str(m) for m in alone.explanation)
    assert "Ante: fifi deals and pays 10 into the pot (pot 120)." in [str(m) for m in alone.explanation]

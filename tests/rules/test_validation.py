"""§7 What bad input gets: a message naming the field and the rule, every
problem at once, and nothing scored."""

import pytest

from league.rules import ContractDonne, InvalidInput, Message, RuleViolation, score_donne

from .helpers import FIVE, FOUR, D, contract, misere_game


def problems(ruleset, donne, table=FIVE, pot_before=0):
    with pytest.raises(InvalidInput) as exc:
        score_donne(ruleset, table, donne, pot_before)
    return {p.field: str(p.message) for p in exc.value.problems}


@pytest.mark.parametrize("bouts", [-1, 4, 2.0, True, None])
def test_bouts_outside_0_to_3(tb, bouts):
    found = problems(tb, contract(bouts=bouts, points=50))
    assert list(found) == ["bouts"]
    assert found["bouts"].startswith("must be 0..3, got")


def test_bouts_message_matches_the_importer_format(tb):
    assert problems(tb, contract(bouts=4, points=50)) == {"bouts": "must be 0..3, got 4"}


@pytest.mark.parametrize("points", [-0.5, 91.5, 100, 40.25, 40.3])
def test_card_points_outside_0_to_91_or_not_a_half(tb, points):
    assert list(problems(tb, contract(points=points))) == ["points"]


def test_points_that_are_not_a_number(tb):
    donne = ContractDonne("eric", "ben", "garde", None, 2, "lots")
    assert list(problems(tb, donne)) == ["points"]


def test_three_bouts_with_fewer_than_13_5_points(tb):
    found = problems(tb, contract(bouts=3, points=13))
    assert list(found) == ["points"] and "13.5" in found["points"]
    assert score_donne(tb, FIVE, contract(bouts=3, points=13.5)).won is False


def test_appele_who_is_the_preneur(tb):
    assert list(problems(tb, contract("ben", partner="ben"))) == ["partner"]


def test_appele_not_at_the_table(tb):
    assert problems(tb, contract("ben", partner="zoe")) == {"partner": "zoe is not at the table"}


def test_no_appele_at_four(tb, fft):
    assert list(problems(tb, contract("ben", partner="anne", dealer="bruno"), FOUR)) == ["partner"]
    assert list(problems(fft, contract("ben", partner="anne", dealer="anne"), ("ben", "fifi", "anne"))) == [
        "partner"
    ]


def test_preneur_and_dealer_must_be_seated(tb):
    assert set(problems(tb, contract("zoe", dealer="xavier"))) == {"taker", "dealer"}


def test_unknown_contract(tb):
    assert list(problems(tb, contract(kind="petite"))) == ["contract"]


@pytest.mark.parametrize("kind", ["pouce", "prise"])
def test_pouce_and_prise_are_synonyms_in_both_families(tb, fft, kind):
    assert score_donne(tb, FIVE, contract(kind=kind, bouts=1, points=51)).unit == 20
    assert score_donne(fft, FOUR, contract(kind=kind, bouts=1, points=51, dealer="ben")).unit == 25


def test_petit_au_bout_and_chelem_values(tb):
    assert set(problems(tb, contract(petit="both", chelem="grand"))) == {"petit_au_bout", "chelem"}


def test_poignee_player_level_and_only_one_per_player(tb):
    donne = contract(
        poignees=[("zoe", "simple"), ("ben", "quadruple"), ("fifi", "simple"), ("fifi", "double")]
    )
    assert set(problems(tb, donne)) == {"poignees[0].player", "poignees[1].level", "poignees[3].player"}


def test_misere_player_kind_and_one_announcement_per_kind(tb):
    donne = contract(
        miseres=[("zoe", "tete", True), ("ben", "roi", True), ("anne", "tete", True), ("anne", "tete", False)]
    )
    assert set(problems(tb, donne)) == {"miseres[0].player", "miseres[1].kind", "miseres[3]"}


@pytest.mark.parametrize("amount", [0, -10, 15, 10.0])
def test_penalty_amount_is_a_positive_multiple_of_ten(tb, amount):
    assert list(problems(tb, contract(penalties=[("ben", amount)]))) == ["penalties[0].amount"]


def test_penalty_player_must_be_seated(tb):
    assert list(problems(tb, contract(penalties=[("zoe", 10)]))) == ["penalties[0].player"]


def test_a_misere_game_with_a_missing_player(tb):
    found = problems(tb, misere_game({"ben": 1, "fifi": 2, "anne": 3, "bruno": 4}))
    assert found == {"points": "a misère game with a missing player: no card points for eric"}


def test_misere_game_points_name_the_player(tb):
    found = problems(tb, misere_game({"ben": 1, "fifi": 2, "anne": 92, "bruno": 4.2, "eric": 5, "zoe": 1}))
    assert set(found) == {"points.anne", "points.bruno", "points.zoe"}


def test_a_player_registered_twice_and_a_sixth_player(tb):
    assert "table[4]" in problems(tb, contract(), ("ben", "fifi", "anne", "bruno", "ben"))
    assert "table" in problems(tb, contract(), (*FIVE, "zoe"))


def test_all_problems_are_reported_at_once(tb):
    donne = ContractDonne(
        dealer="zoe", taker="ben", contract="garde", partner="ben", bouts=5, points=D(95), petit_au_bout="x"
    )
    assert set(problems(tb, donne)) == {"dealer", "partner", "bouts", "points", "petit_au_bout"}


def test_invalid_input_lists_every_problem_as_field_colon_message(tb):
    with pytest.raises(InvalidInput) as exc:
        score_donne(tb, FIVE, contract(bouts=4, points=92))
    assert str(exc.value) == "bouts: must be 0..3, got 4\npoints: card points must be 0..91, got 92"
    assert isinstance(exc.value, ValueError)
    assert all(isinstance(p, RuleViolation) and isinstance(p.message, Message) for p in exc.value.problems)


def test_messages_are_translatable_templates(tb):
    with pytest.raises(InvalidInput) as exc:
        score_donne(tb, FIVE, contract(bouts=4))
    message = exc.value.problems[0].message
    assert message.text == "must be 0..3, got %(value)r"
    assert message.render(lambda s: s.replace("must be", "doit être")) == "doit être 0..3, got 4"


def test_the_pot_must_be_a_non_negative_multiple_of_ten(tb):
    assert list(problems(tb, contract(), pot_before=15)) == ["pot"]

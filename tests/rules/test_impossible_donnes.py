"""Donnes no deal can produce are refused, naming the rule (seed 000:
"Valeur des cartes", "LE CHELEM", "LE PETIT AU BOUT", "JOUER LA MISERE",
"LA POIGNEE")."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.rules import InvalidInput, ruleset_for, score_donne

from . import possible_deals
from .helpers import FIVE, FOUR, contract, fields, misere_game

TB = ruleset_for("tarot-biere", "2011-2012")


def refusal(ruleset, table, donne) -> str:
    with pytest.raises(InvalidInput) as exc:
        score_donne(ruleset, table, donne)
    return str(exc.value)


@pytest.mark.parametrize(("bouts", "points"), [(2, 8), (0, 91), (1, 90), (3, 13), (0, 78), (2, 87)])
def test_bouts_and_points_must_agree(tb, bouts, points):
    """ "1 bout … 4 1/2 points": with n bouts the attaque holds at least 4.5·n
    points, and the défense's 3 − n bouts leave it at most 91 − 4.5·(3 − n)
    when both sides took a trick (2 bouts with 8 points, 0 bouts with 91,
    1 bout with 90 were once scored)."""
    message = refusal(tb, FIVE, contract(bouts=bouts, points=points))
    assert "bouts and points" in message


@pytest.mark.parametrize(
    ("bouts", "points"), [(0, 0), (0, Decimal("77.5")), (1, Decimal("4.5")), (2, 9), (3, 91)]
)
def test_bouts_and_points_at_their_limits_are_scored(tb, bouts, points):
    """The limits themselves are possible deals."""
    assert score_donne(tb, FIVE, contract(bouts=bouts, points=points)).unit is not None


def test_the_ffts_chelem_at_87_points_with_2_bouts_is_scored(tb):
    """ "La défense conserve l'Excuse qu'elle possédait. Avec 2 Bouts, le
    Preneur réalise 87 points": the Excuse kept without a trick counts 4."""
    donne = contract(
        bouts=2, points=87, chelem="announced_made", petit="attack", poignees=[("ben", "simple")]
    )
    assert score_donne(tb, FIVE, donne).unit == 550


@pytest.mark.parametrize(("bouts", "points"), [(2, 86), (1, 83), (3, 90)])
def test_a_made_chelem_leaves_the_defense_only_the_excuse(tb, bouts, points):
    """ "Réussir le CHELEM, c'est gagner toutes les levées": on a garde the
    défense keeps only the Excuse (4 points), so 2 bouts means 87 points
    exactly, 3 bouts 91, and fewer than 2 bouts is impossible."""
    assert "made chelem" in refusal(tb, FIVE, contract(bouts=bouts, points=points, chelem="made"))


def test_a_chelem_on_a_garde_contre_leaves_the_chien_to_the_defense(tb):
    """ "En cas de chelem sur une Garde Contre … la défense … compte alors
    l'excuse avec les cartes du chien restantes": the attaque has less than 91."""
    assert score_donne(tb, FIVE, contract(kind="garde_contre", bouts=3, points=88, chelem="made")).won
    assert "made chelem" in refusal(
        tb, FIVE, contract(kind="garde_contre", bouts=3, points=91, chelem="made")
    )


def test_a_defense_chelem_leaves_the_attaque_its_ecart_and_the_excuse(tb):
    """ "Il arrive que la défense inflige un Chelem au déclarant": the attaque
    took no trick; it keeps its écart (on a garde) and the Excuse, worth 4."""
    assert score_donne(tb, FIVE, contract(bouts=1, points=6, chelem="defense")).won is False
    assert "chelem by the défense" in refusal(tb, FIVE, contract(bouts=2, points=20, chelem="defense"))
    garde_contre = contract(kind="garde_contre", bouts=1, points=4, chelem="defense")
    assert score_donne(tb, FIVE, garde_contre).won is False
    assert "chelem by the défense" in refusal(
        tb, FIVE, contract(kind="garde_contre", bouts=0, points=3, chelem="defense")
    )


def test_an_announced_chelem_counted_made_on_a_lost_contract_is_refused(tb):
    """ "Chelem annoncé et réalisé": taking every trick wins the contract."""
    problems = refusal(tb, FIVE, contract(bouts=1, points=40, chelem="announced_made"))
    assert "made chelem: the attaque took every trick, it cannot lose the contract" in problems


def test_a_defense_chelem_on_a_won_contract_is_refused(tb):
    """ "La défense inflige un Chelem au déclarant": the attaque took no trick, it cannot win."""
    assert "it cannot win the contract" in refusal(tb, FIVE, contract(bouts=2, points=45, chelem="defense"))


def test_petit_au_bout_by_the_attaque_with_no_bout_is_refused(tb):
    """ "Le camp qui réalise la dernière levée, à condition que cette levée
    comprenne le Petit": the Petit is a bout, so the attaque holds at least one."""
    with pytest.raises(InvalidInput) as exc:
        score_donne(tb, FIVE, contract(bouts=0, points=40, petit="attack"))
    assert fields(exc.value) == ["petit_au_bout"]
    assert "petit au bout by the attaque" in str(exc.value)


def test_petit_au_bout_by_the_defense_when_the_attaque_holds_all_three_bouts_is_refused(tb):
    """The défense that took the Petit to the last trick holds that bout."""
    message = refusal(tb, FIVE, contract(bouts=3, points=60, petit="defense"))
    assert "petit au bout by the défense" in message


def test_the_misere_game_adds_up_to_91_minus_the_chien(tb):
    """ "Le chien n'est attribué à personne": five players at 80 points each
    (400) is refused; the players' points add up to 91 minus the chien's."""
    message = refusal(tb, FIVE, misere_game(dict.fromkeys(FIVE, 80)))
    assert "misère game" in message
    assert (
        score_donne(tb, FIVE, misere_game({"ben": 10, "fifi": 20, "anne": 15, "bruno": 25, "eric": 18})).won
        is None
    )


def test_the_misere_game_at_four_sets_a_chien_of_six_cards_aside(tb):
    """ "Le chien est constitué de 6 cartes" at 4: between 64 and 88 points are played."""
    assert "6 cards" in refusal(
        tb, FOUR, misere_game({"ben": 30, "fifi": 20, "anne": 20, "bruno": 20}, dealer="ben")
    )
    assert (
        score_donne(tb, FOUR, misere_game({"ben": 30, "fifi": 20, "anne": 20, "bruno": 10}, dealer="ben")).won
        is None
    )


THREE = ("ben", "fifi", "anne")
FFT = ruleset_for("fft", "2011-2012")


def test_two_triple_poignees_at_five_are_refused(tb):
    """A triple poignée is 13 trumps at five: two of them are 26 cards, and the deck
    has 21 trumps and the Excuse."""
    donne = contract(poignees=[("ben", "triple"), ("eric", "triple")])
    with pytest.raises(InvalidInput) as exc:
        score_donne(tb, FIVE, donne)
    assert fields(exc.value) == ["poignees"]
    assert "26" in str(exc.value)


def test_a_triple_and_a_simple_poignee_at_five_are_scored(tb):
    """13 + 8 = 21 trumps: the other three players hold the last trump or the Excuse."""
    assert score_donne(tb, FIVE, contract(poignees=[("ben", "triple"), ("eric", "simple")])).unit


def test_three_poignees_at_five_may_not_exceed_the_deck(tb):
    """Two doubles and a simple: 10 + 10 + 8 = 28 cards."""
    donne = contract(poignees=[("ben", "double"), ("eric", "double"), ("anne", "simple")])
    with pytest.raises(InvalidInput) as exc:
        score_donne(tb, FIVE, donne)
    assert fields(exc.value) == ["poignees"]


def test_tarot_biere_at_four_keeps_its_poignees_of_8_10_13(tb):
    """The club's poignées are 8, 10 and 13 trumps whatever the table: a triple and a
    simple are 21 at a table of four too."""
    assert score_donne(
        tb, FOUR, contract(dealer="anne", poignees=[("ben", "triple"), ("fifi", "simple")])
    ).unit


def test_the_fft_at_four_counts_10_13_15(fft):
    """At four the FFT's poignées are 10, 13 and 15 trumps: two simples (20) are possible,
    a double and a simple (23) are not."""
    assert score_donne(
        fft, FOUR, contract(dealer="anne", poignees=[("ben", "simple"), ("fifi", "simple")])
    ).unit
    with pytest.raises(InvalidInput) as exc:
        score_donne(fft, FOUR, contract(dealer="anne", poignees=[("ben", "double"), ("fifi", "simple")]))
    assert fields(exc.value) == ["poignees"]


def test_the_fft_at_three_allows_one_poignee_only(fft):
    """At three a simple poignée is 13 trumps: no two players can both show one."""
    with pytest.raises(InvalidInput) as exc:
        score_donne(fft, THREE, contract(dealer="anne", poignees=[("ben", "simple"), ("fifi", "simple")]))
    assert fields(exc.value) == ["poignees"]


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_every_possible_deal_is_scored(data):
    """Property: the possible-deal generator and the engine agree."""
    table = data.draw(st.sampled_from([FIVE, FOUR]))
    kind = data.draw(st.sampled_from(["pouce", "garde", "garde_sans", "garde_contre"]))
    facts = data.draw(possible_deals.contract_facts(players=len(table), contract=kind))
    donne = contract(
        kind=kind,
        dealer=table[0],
        petit=facts["petit_au_bout"],
        chelem=facts["chelem"],
        bouts=facts["bouts"],
        points=facts["points"],
    )
    result = score_donne(TB, table, donne)
    assert sum(result.scores.values()) + result.pot_after == 0


@settings(max_examples=300, deadline=None)
@given(bouts=st.integers(0, 3), half=st.integers(0, 182), chelem=st.sampled_from([None, "announced_failed"]))
def test_points_outside_the_bouts_range_are_always_refused(bouts, half, chelem):
    """Property, independent of the engine's tables: without a chelem both
    sides took a trick, so each side holds 4.5 points per bout it has."""
    points = Decimal(half) / 2
    possible = Decimal("4.5") * bouts <= points <= 91 - Decimal("4.5") * (3 - bouts)
    donne = contract(bouts=bouts, points=points, chelem=chelem)
    if possible:
        assert score_donne(TB, FIVE, donne).unit is not None
    else:
        with pytest.raises(InvalidInput):
            score_donne(TB, FIVE, donne)


def test_a_valid_misere_d_atout_has_no_poignee_to_show(tb):
    """ "Une misère d'atout, c'est n'avoir aucun atout dans son jeu. L'Excuse annule
    tout type de misère": its announcer holds neither a trump nor the Excuse."""
    donne = contract(poignees=[("eric", "simple")], miseres=[("eric", "atout", True)])
    with pytest.raises(InvalidInput) as exc:
        score_donne(tb, FIVE, donne)
    assert fields(exc.value) == ["poignees[0].player"]
    assert "valid misère d'atout" in str(exc.value)


@pytest.mark.parametrize(
    "misere", [("eric", "atout", False), ("eric", "tete", True), ("anne", "atout", True)]
)
def test_a_poignee_goes_with_a_false_misere_d_atout_a_misere_de_tete_or_anothers(tb, misere):
    """A false misère d'atout says he held trumps; a misère de tête is about the honneurs."""
    donne = contract(poignees=[("eric", "simple")], miseres=[misere])
    assert score_donne(tb, FIVE, donne).unit is not None


def test_the_appele_holds_an_honneur_so_no_valid_misere_de_tete(tb):
    """ "Le détenteur de ce Roi devient son partenaire"; "une misère de tête, c'est n'avoir
    aucun honneur dans son jeu": the appelé's valid misère de tête is refused, a false one
    or the preneur's is not."""
    donne = contract(partner="anne", miseres=[("anne", "tete", True)])
    with pytest.raises(InvalidInput) as exc:
        score_donne(tb, FIVE, donne)
    assert fields(exc.value) == ["miseres[0].valid"]
    for misere in (("anne", "tete", False), ("ben", "tete", True), ("anne", "atout", True)):
        assert score_donne(tb, FIVE, contract(partner="anne", miseres=[misere])).unit is not None


def test_a_lone_preneur_without_a_trump_has_no_petit_au_bout(tb):
    """ "Le camp qui réalise la dernière levée, à condition que cette levée comprenne le
    Petit": a trump wins that trick, and a preneur alone with a valid misère d'atout has
    none. With an appelé, or a false misère, or the défense's Petit, it is scored."""
    donne = contract(bouts=1, points=60, petit="attack", miseres=[("ben", "atout", True)])
    with pytest.raises(InvalidInput) as exc:
        score_donne(tb, FIVE, donne)
    assert fields(exc.value) == ["petit_au_bout"]
    for possible in (
        contract(bouts=1, points=60, petit="attack", partner="anne", miseres=[("ben", "atout", True)]),
        contract(bouts=1, points=60, petit="attack", miseres=[("ben", "atout", False)]),
        contract(bouts=1, points=60, petit="defense", miseres=[("ben", "atout", True)]),
    ):
        assert score_donne(tb, FIVE, possible).unit is not None


@pytest.mark.parametrize("chelem", ["made", "announced_made"])
def test_a_lone_preneur_without_a_trump_makes_no_chelem(tb, chelem):
    """ "Une misère d'atout, c'est n'avoir aucun atout dans son jeu": the défense holds the
    trumps (the bouts among them), a défenseur's trump wins the trick he plays it in, and
    all of them are played, so a preneur alone with a valid misère d'atout cannot take
    every trick. With an appelé, or a false misère, or a chelem failed, it is scored."""
    donne = contract(bouts=3, points=91, chelem=chelem, miseres=[("ben", "atout", True)])
    with pytest.raises(InvalidInput) as exc:
        score_donne(tb, FIVE, donne)
    assert fields(exc.value) == ["chelem"]
    assert "cannot make the chelem" in str(exc.value)
    for possible in (
        contract(bouts=3, points=91, chelem=chelem, partner="anne", miseres=[("ben", "atout", True)]),
        contract(bouts=3, points=91, chelem=chelem, miseres=[("ben", "atout", False)]),
        contract(bouts=3, points=91, chelem=chelem, miseres=[("ben", "tete", True)]),
        contract(bouts=2, points=60, chelem="announced_failed", miseres=[("ben", "atout", True)]),
    ):
        assert score_donne(tb, FIVE, possible).unit is not None

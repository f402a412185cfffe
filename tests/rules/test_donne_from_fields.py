"""A donne in the interchange format's fields becomes the engine's dataclasses, values untouched."""

from decimal import Decimal

from league.rules import ContractDonne, MisereGame, Penalty, Poignee, donne_from_fields


def test_a_contract_line_keeps_every_field():
    donne = donne_from_fields(
        kind="contract",
        dealer="fifi",
        taker="ben",
        contract="garde",
        partner="anne",
        bouts=2,
        points=Decimal("49"),
        petit_au_bout="attack",
        poignees=[{"player": "ben", "level": "simple"}],
        miseres=[{"player": "eric", "kind": "atout", "valid": True}],
        penalties=[{"player": "bruno", "amount": 10}],
    )
    assert isinstance(donne, ContractDonne)
    assert donne.poignees == (Poignee("ben", "simple"),)
    assert donne.penalties == (Penalty("bruno", 10, ""),)
    assert (donne.taker, donne.partner, donne.bouts, donne.points) == ("ben", "anne", 2, Decimal("49"))


def test_a_misere_game_reads_its_card_points():
    donne = donne_from_fields(kind="misere", dealer="anne", misere_points={"ben": Decimal("12")})
    assert isinstance(donne, MisereGame)
    assert donne.points == {"ben": Decimal("12")} and donne.miseres == ()

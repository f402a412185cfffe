"""Properties that hold for every donne and every sheet (Hypothesis)."""

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from league.rules import (
    ContractDonne,
    MisereAnnouncement,
    MisereGame,
    Penalty,
    Poignee,
    pot_shares,
    ruleset_for,
    score_donne,
    score_sheet,
)

from . import possible_deals

TB = ruleset_for("tarot-biere", "2011-2012")
TB_OLD = ruleset_for("tarot-biere", "2008-2009")
FFT = ruleset_for("fft", "2011-2012")
SEATS = ("p0", "p1", "p2", "p3", "p4")

BOUT = Decimal("4.5")


@st.composite
def contract_donnes(draw, table, ruleset):
    taker = draw(st.sampled_from(table))
    partner = None
    if len(table) == 5 and draw(st.booleans()):
        partner = draw(st.sampled_from([p for p in table if p != taker]))
    kind = draw(st.sampled_from(["pouce", "prise", "garde", "garde_sans", "garde_contre"]))
    facts = draw(possible_deals.contract_facts(players=len(table), contract=kind))
    shown = draw(possible_deals.poignees(table, tarot_biere=ruleset.is_tarot_biere))
    poignees = tuple(Poignee(p, level) for p, level in shown)
    miseres, penalties = (), ()
    if ruleset.has_pot:
        announced = draw(
            st.lists(
                st.tuples(st.sampled_from(table), st.sampled_from(["tete", "atout"])), unique=True, max_size=3
            )
        )
        # Misères the donne rules out (possible_deals.misere_possible) are false.
        showers = {p for p, _level in shown}
        played = {"taker": taker, "partner": partner, **facts}
        miseres = tuple(
            MisereAnnouncement(
                p, k, draw(st.booleans()) and possible_deals.misere_possible(p, k, played, showers)
            )
            for p, k in announced
        )
        penalties = tuple(
            Penalty(p, 10 * n)
            for p, n in draw(st.lists(st.tuples(st.sampled_from(table), st.integers(1, 6)), max_size=2))
        )
    return ContractDonne(
        dealer=draw(st.one_of(st.none(), st.sampled_from(table))),
        taker=taker,
        contract=kind,
        partner=partner,
        bouts=facts["bouts"],
        points=facts["points"],
        petit_au_bout=facts["petit_au_bout"],
        poignees=poignees,
        chelem=facts["chelem"],
        miseres=miseres,
        penalties=penalties,
    )


@st.composite
def misere_games(draw, table):
    return MisereGame(
        dealer=draw(st.sampled_from(table)),
        points=draw(possible_deals.misere_points(table)),
        miseres=tuple(
            MisereAnnouncement(p, k, draw(st.booleans()))
            for p, k in draw(
                st.lists(
                    st.tuples(st.sampled_from(table), st.sampled_from(["tete", "atout"])),
                    unique=True,
                    max_size=2,
                )
            )
        ),
        penalties=tuple(Penalty(p, 10) for p in draw(st.lists(st.sampled_from(table), max_size=2))),
    )


@st.composite
def tb_cases(draw):
    table = SEATS if draw(st.booleans()) else SEATS[:4]
    ruleset = draw(st.sampled_from([TB, TB_OLD]))
    donne = draw(st.one_of(contract_donnes(table, ruleset), misere_games(table)))
    pot = 10 * draw(st.integers(0, 40))
    return ruleset, table, donne, pot


@st.composite
def fft_cases(draw):
    table = SEATS[: draw(st.integers(3, 5))]
    return FFT, table, draw(contract_donnes(table, FFT)), 0


@settings(max_examples=200, deadline=None)
@given(st.one_of(tb_cases(), fft_cases()))
def test_every_donne_is_zero_sum_with_the_pot(case):
    ruleset, table, donne, pot = case
    result = score_donne(ruleset, table, donne, pot)
    assert set(result.scores) == set(table)
    assert sum(result.scores.values()) + (result.pot_after - pot) == 0
    assert result.pot_after >= 0 and result.pot_after % 10 == 0
    assert all(s % 5 == 0 for s in result.scores.values()) or not ruleset.has_pot
    if not ruleset.has_pot:
        assert result.pot_after == 0


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_the_attaque_never_scores_less_with_more_card_points(data):
    ruleset = data.draw(st.sampled_from([TB, TB_OLD, FFT]))
    table = SEATS if ruleset.has_pot else SEATS[: data.draw(st.integers(3, 5))]
    donne = data.draw(contract_donnes(table, ruleset))
    if donne.chelem not in (None, "announced_failed"):  # a chelem fixes which side won
        donne = ContractDonne(**{**donne.__dict__, "chelem": None})
    span = st.integers(int(BOUT * 2 * donne.bouts), int((91 - BOUT * (3 - donne.bouts)) * 2))
    low, high = sorted(Decimal(data.draw(span)) / 2 for _ in range(2))
    pot = 10 * data.draw(st.integers(0, 30)) if ruleset.has_pot else 0

    def attaque(points):
        d = ContractDonne(**{**donne.__dict__, "points": points})
        result = score_donne(ruleset, table, d, pot)
        return sum(result.scores[p] for p in {d.taker, d.partner} if p is not None)

    assert attaque(low) <= attaque(high)


@given(st.integers(0, 10_000).map(lambda n: 10 * n))
def test_pot_shares_always_sum_to_the_pot(pot):
    first, second = pot_shares(pot)
    assert first + second == pot
    assert first >= second >= 0


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_full_random_sheet_ending_with_an_empty_pot_sums_to_zero(data):
    table = SEATS if data.draw(st.booleans()) else SEATS[:4]
    donnes = data.draw(st.lists(st.one_of(contract_donnes(table, TB), misere_games(table)), max_size=25))
    # the manche ends after a winning donne: the preneur takes what is left
    donnes.append(ContractDonne(None, table[0], "garde", None, 3, Decimal(91)))
    sheet = score_sheet(TB, table, donnes)
    assert sheet.pot == 0
    assert sum(sheet.totals.values()) == 0
    pot = 0
    for result in sheet.donnes:
        assert sum(result.scores.values()) + result.pot_after - pot == 0
        pot = result.pot_after

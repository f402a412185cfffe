"""The night's point flow: each donne's losses shared among its winners in proportion to their gains."""

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from league.rules import ruleset_for, score_sheet
from league.rules.flow import Transfer, point_flow
from tests.support.engine_seasons import random_donne

from .helpers import FIVE, contract


def test_the_preneur_alone_takes_from_each_defender(fft):
    """FFT, garde won alone at 5 (no appelé): each defender pays the preneur the unit."""
    sheet = score_sheet(fft, FIVE, [contract("ben", "garde", None, 2, 51, dealer="eric")])
    unit = sheet.totals["ben"] // 4
    flows = point_flow(sheet)
    assert {(t.payer, t.payee) for t in flows} == {(p, "ben") for p in FIVE if p != "ben"}
    assert all(t.amount == unit for t in flows)


def test_with_an_appele_each_defender_pays_both_in_proportion(fft):
    """Preneur 2u, appelé u: a defender's u goes 2/3 to the preneur, 1/3 to the appelé."""
    sheet = score_sheet(fft, FIVE, [contract("ben", "garde", "fifi", 2, 51, dealer="eric")])
    unit = sheet.totals["fifi"]
    flows = {(t.payer, t.payee): t.amount for t in point_flow(sheet)}
    assert flows[("anne", "ben")] == Fraction(2 * unit, 3)
    assert flows[("anne", "fifi")] == Fraction(unit, 3)


def test_only_the_net_amount_between_two_players_is_kept(fft):
    won = contract("ben", "garde", None, 2, 51, dealer="eric")
    lost = contract("ben", "garde", None, 2, 31, dealer="ben")
    flows = point_flow(score_sheet(fft, FIVE, [won, lost]))
    pairs = {(t.payer, t.payee) for t in flows}
    assert not any((b, a) in pairs for a, b in pairs)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 25))
def test_without_a_pot_the_flows_add_up_to_each_players_total(seed, count):
    """Under the FFT rules every donne sums to zero: what a player received minus
    what he gave is exactly his score for the night."""
    fft = ruleset_for("fft", "2011-2012")
    rng = random.Random(seed)
    sheet = score_sheet(fft, FIVE, [random_donne(rng, fft, FIVE) for _ in range(count)])
    flows = point_flow(sheet)
    for player in FIVE:
        net = sum(t.amount for t in flows if t.payee == player) - sum(
            t.amount for t in flows if t.payer == player
        )
        assert net == sheet.totals[player]
    assert all(isinstance(t, Transfer) and t.amount > 0 for t in flows)

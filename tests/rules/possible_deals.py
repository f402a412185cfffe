"""Hypothesis strategies that draw only donnes a deck can produce.

The card facts of a contract (bouts, card points, petit au bout, chelem) are
drawn together so that they agree; the misère game's card points add up to
91 minus a possible chien. Every generator of the rule tests uses these, so
the property and oracle tests only ever feed the engine possible deals.
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import strategies as st

from league.rules.card_facts import (
    MADE_CHELEMS,
    TRUMPS_AND_EXCUSE,
    attack_points_range,
    misere_total_range,
    poignee_trumps,
)

REQUIRED = {0: 56, 1: 51, 2: 41, 3: 36}


@st.composite
def contract_facts(draw, *, players: int, contract: str, must_win: bool = False) -> dict:
    """``{"bouts", "points", "petit_au_bout", "chelem"}`` of a possible deal."""
    chelem = draw(st.sampled_from([None] * 6 + ["announced_made", "made", "announced_failed", "defense"]))
    if must_win and chelem == "defense":
        chelem = None
    bouts_options = [
        b
        for b in range(4)
        if attack_points_range(contract=contract, bouts=b, chelem=chelem, players=players) is not None
    ]
    bouts = draw(st.sampled_from(bouts_options))
    low, high = attack_points_range(contract=contract, bouts=bouts, chelem=chelem, players=players)
    low2, high2 = int(low * 2), int(high * 2)
    required2 = 2 * REQUIRED[bouts]
    if must_win:
        low2 = max(low2, required2)
    if chelem in ("announced_made", "made"):
        low2 = max(low2, required2)
    if chelem == "defense":
        high2 = min(high2, required2 - 1)
    if low2 > high2:  # a win this deal cannot give: play it without the chelem
        return draw(contract_facts(players=players, contract=contract, must_win=must_win))
    near = [x for x in (required2 - 1, required2, required2 + 1) if low2 <= x <= high2]
    points = Decimal(draw(st.one_of(st.integers(low2, high2), st.sampled_from(near or [low2])))) / 2
    petit = [None, None]
    if bouts >= 1 and chelem != "defense":
        petit.append("attack")
    if bouts <= 2 and chelem not in ("announced_made", "made"):
        petit.append("defense")
    return {"bouts": bouts, "points": points, "petit_au_bout": draw(st.sampled_from(petit)), "chelem": chelem}


@st.composite
def poignees(draw, table, *, tarot_biere: bool, max_size: int = 3) -> list[tuple[str, str]]:
    """``[(player, level)]``: poignées shown by different players whose trumps the
    deck holds between them (21 trumps and the Excuse); a level that would go past
    it is not drawn, and the drawing stops when no level is left."""
    trumps = poignee_trumps(len(table), tarot_biere=tarot_biere)
    shown, left = [], TRUMPS_AND_EXCUSE
    for player in draw(st.lists(st.sampled_from(table), unique=True, max_size=max_size)):
        levels = [level for level, count in trumps.items() if count <= left]
        if not levels:
            break
        level = draw(st.sampled_from(levels))
        shown.append((player, level))
        left -= trumps[level]
    return shown


@st.composite
def misere_points(draw, table) -> dict:
    """Card points of the misère game: 91 minus the chien set aside, split
    among the players (equal shares now and then, to exercise ties)."""
    low, high = misere_total_range(len(table))
    total2 = draw(st.integers(int(low * 2), int(high * 2)))
    n = len(table)
    if draw(st.integers(0, 4)) == 0 and total2 % n == 0:
        shares = [total2 // n] * n
    else:
        cuts = sorted(draw(st.lists(st.integers(0, total2), min_size=n - 1, max_size=n - 1)))
        bounds = [0, *cuts, total2]
        shares = [b - a for a, b in zip(bounds, bounds[1:], strict=False)]
        shares = draw(st.permutations(shares))
    return {p: Decimal(s) / 2 for p, s in zip(table, shares, strict=True)}


def misere_possible(player: str, kind: str, donne: dict, showers: set) -> bool:
    """Whether a valid misère of ``kind`` by ``player`` fits ``donne`` (its ``taker``,
    ``partner``, ``petit_au_bout`` and ``chelem``): who showed a poignée holds trumps, and
    so does a preneur alone whose side took the Petit au bout or made the chelem (no
    misère d'atout); the appelé holds the called king (no misère de tête)."""
    if kind == "tete":
        return player != donne.get("partner")
    lone_trumps = (
        player == donne.get("taker")
        and donne.get("partner") is None
        and (donne.get("petit_au_bout") == "attack" or donne.get("chelem") in MADE_CHELEMS)
    )
    return player not in showers and not lone_trumps

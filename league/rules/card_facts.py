"""Which donnes a deck of 78 cards can produce.

A score sheet records facts about the cards (the attaque's bouts and card
points, who took the Petit in the last trick, whether a side took every
trick); some combinations no deal can produce, and scoring them would put a
wrong number in the classification. This module says which ones, from the
rulebooks' own arithmetic:

- the 91 card points: each bout and each king 4.5, queen 3.5, cavalier 2.5,
  valet 1.5, every other card 0.5 (seed 000, "Valeur des cartes");
- a bout is worth 4.5, so a side holding ``n`` bouts holds at least 4.5·n;
- under a chelem the side that took no trick keeps only what it holds
  without winning a trick: the Excuse, which then "comptera pour 4 points
  (au lieu de 4,5) et pour un bout" (seed 000, "LE CHELEM"; the FFT's worked
  example: chelem at 87 points with 2 bouts), and the chien when the
  contract gives it to that side (garde sans: the preneur's; garde contre:
  the défense's; prise and garde: the écart, which holds neither a king nor a
  bout — "On ne peut écarter ni Roi, ni Bout");
- the misère game sets the chien aside ("le chien n'est attribué à
  personne"): the players' card points add up to 91 minus the chien's;
- the deck holds 21 trumps and the Excuse, which a poignée may show in place
  of a trump ("L'Excuse peut remplacer un atout manquant"): the poignées of
  one donne show 22 cards at most between them, a poignée being 8, 10 or 13
  trumps at Tarot-Bière (seed 000) and at five players under the FFT, 10, 13
  or 15 at four, 13, 15 or 18 at three.

Every function returns problems (a list of :class:`RuleViolation` with the
donne's field paths); :mod:`.donne` adds them to its validation.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from .errors import RuleViolation
from .messages import Message
from .messages import gettext_noop as _
from .numbers import json_number

__all__ = [
    "BOUT_VALUE",
    "EXCUSE_WITHOUT_TRICK",
    "attack_points_range",
    "chien_size",
    "contract_facts_problems",
    "misere_total_range",
    "poignee_trumps",
    "poignees_problems",
]

TOTAL_POINTS = Decimal(91)
BOUT_VALUE = Decimal("4.5")
#: The Excuse kept by a side that took no trick counts 4, not 4.5.
EXCUSE_WITHOUT_TRICK = Decimal(4)
SMALL_CARD = Decimal("0.5")
#: The deck's cards other than the bouts, by value: kings, queens, cavaliers,
#: valets; the 59 other cards (numbered cards and trumps 2 to 20) are worth 0.5.
_HONOURS = (Decimal("4.5"),) * 4 + (Decimal("3.5"),) * 4 + (Decimal("2.5"),) * 4 + (Decimal("1.5"),) * 4
#: An écart holds neither a king nor a bout.
_ECART_CARDS = _HONOURS[4:]

MADE_CHELEMS = ("announced_made", "made")
DEFENSE_CHELEM = "defense"

# What a side that took no trick keeps besides the Excuse.
NOTHING, ECART, CHIEN = "nothing", "ecart", "chien"


def chien_size(players: int) -> int:
    """Cards in the chien: 3 at five players, 6 at three or four (seed 000,
    "LE JEU A 4"; FFT)."""
    return 3 if players == 5 else 6


#: The cards a poignée may show: the 21 trumps and the Excuse.
TRUMPS_AND_EXCUSE = 22
_POIGNEE_TRUMPS = {
    5: {"simple": 8, "double": 10, "triple": 13},
    4: {"simple": 10, "double": 13, "triple": 15},
    3: {"simple": 13, "double": 15, "triple": 18},
}


def poignee_trumps(players: int, *, tarot_biere: bool) -> Mapping[str, int]:
    """The trumps each level of poignée shows: 8, 10, 13 at Tarot-Bière whatever the
    table (seed 000, "LA POIGNEE"), else by the number of players (the FFT's rules)."""
    return _POIGNEE_TRUMPS[5 if tarot_biere else players]


def poignees_problems(levels: list[str], players: int, *, tarot_biere: bool) -> list[RuleViolation]:
    """Poignées whose trumps add up to more than the deck's 21 trumps and the Excuse
    (two triples at five: 26 cards); ``levels`` are the shown poignées' levels."""
    trumps = poignee_trumps(players, tarot_biere=tarot_biere)
    shown = sum(trumps[level] for level in levels)
    if shown <= TRUMPS_AND_EXCUSE:
        return []
    return [
        _v(
            "poignees",
            _(
                "the poignées shown hold %(shown)s trumps between them (%(levels)s); the deck has "
                "only 21 trumps and the Excuse"
            ),
            shown=shown,
            levels=", ".join(f"{level} {trumps[level]}" for level in levels),
        )
    ]


def _best(count: int, cards: tuple[Decimal, ...]) -> Decimal:
    """The most ``count`` cards can be worth, small cards filling the rest."""
    top = cards[:count]
    return sum(top, Decimal(0)) + SMALL_CARD * (count - len(top))


def _kept(contract: str, side: str) -> str:
    """What a side keeps without winning a trick, by contract: the preneur his
    écart (prise, garde) or the chien (garde sans), the défense the chien
    (garde contre)."""
    if side == "attack":
        return {"garde_sans": CHIEN, "garde_contre": NOTHING}.get(contract, ECART)
    return CHIEN if contract == "garde_contre" else NOTHING


def _trickless_range(kept: str, bouts: int, players: int) -> tuple[Decimal, Decimal] | None:
    """Card points of a side that took no trick and holds ``bouts`` bouts, or
    None when it cannot hold that many: the Excuse (4 points, one bout) and
    what the contract gives it."""
    c = chien_size(players)
    if kept != CHIEN:
        if bouts > 1:
            return None
        excuse = EXCUSE_WITHOUT_TRICK * bouts
        if kept == NOTHING:
            return excuse, excuse
        return excuse + SMALL_CARD * c, excuse + _best(c, _ECART_CARDS)
    # the chien is dealt: it may hold bouts (and kings); the Excuse may be in
    # the hand (counting 4) or in the chien (counting 4.5)
    options = []
    for in_hand in (0, 1):
        in_chien = bouts - in_hand
        if 0 <= in_chien <= min(c, 3 - in_hand) and (in_hand == 0 or bouts >= 1):
            base = EXCUSE_WITHOUT_TRICK * in_hand + BOUT_VALUE * in_chien
            rest = c - in_chien
            options.append((base + SMALL_CARD * rest, base + _best(rest, _HONOURS)))
    if not options:
        return None
    return min(o[0] for o in options), max(o[1] for o in options)


def attack_points_range(
    *, contract: str, bouts: int, chelem: str | None, players: int
) -> tuple[Decimal, Decimal] | None:
    """The attaque's possible card points with ``bouts`` bouts, or None when
    no deal gives it that many bouts with this chelem outcome."""
    if chelem == DEFENSE_CHELEM:
        return _trickless_range(_kept(contract, "attack"), bouts, players)
    if chelem in MADE_CHELEMS:
        defence = _trickless_range(_kept(contract, "defense"), 3 - bouts, players)
        if defence is None:
            return None
        return TOTAL_POINTS - defence[1], TOTAL_POINTS - defence[0]
    return BOUT_VALUE * bouts, TOTAL_POINTS - BOUT_VALUE * (3 - bouts)


def _v(path: str, text: str, **params) -> RuleViolation:
    return RuleViolation(path, Message(text, params))


def contract_facts_problems(
    *,
    contract: str,
    bouts: int,
    points: Decimal,
    won: bool,
    petit_au_bout: str | None,
    chelem: str | None,
    players: int,
) -> list[RuleViolation]:
    """Card facts of a contract donne that no deal can produce, each naming
    its rule. Called with already valid types and ranges."""
    problems = []
    if chelem in MADE_CHELEMS and not won:
        problems.append(
            _v(
                "chelem",
                _(
                    "made chelem: the attaque took every trick, it cannot lose the contract (%(points)s points with %(bouts)s bouts)"
                ),
                points=points,
                bouts=bouts,
            )
        )
    if chelem == DEFENSE_CHELEM and won:
        problems.append(
            _v(
                "chelem",
                _(
                    "chelem by the défense: the attaque took no trick, it cannot win the contract (%(points)s points with %(bouts)s bouts)"
                ),
                points=points,
                bouts=bouts,
            )
        )
    if petit_au_bout == "attack":
        if bouts == 0:
            problems.append(
                _v(
                    "petit_au_bout",
                    _("petit au bout by the attaque: it took the Petit, a bout, so it cannot hold 0 bouts"),
                )
            )
        if chelem == DEFENSE_CHELEM:
            problems.append(
                _v(
                    "petit_au_bout",
                    _(
                        "petit au bout by the attaque under a chelem by the défense: the attaque took no trick"
                    ),
                )
            )
    if petit_au_bout == "defense":
        if bouts == 3:
            problems.append(
                _v(
                    "petit_au_bout",
                    _(
                        "petit au bout by the défense: it took the Petit, so the attaque cannot hold all 3 bouts"
                    ),
                )
            )
        if chelem in MADE_CHELEMS:
            problems.append(
                _v(
                    "petit_au_bout",
                    _("petit au bout by the défense under a made chelem: the défense took no trick"),
                )
            )
    span = attack_points_range(contract=contract, bouts=bouts, chelem=chelem, players=players)
    if span is None:
        if chelem == DEFENSE_CHELEM:
            text = _(
                "chelem by the défense: the attaque took no trick and keeps at most the Excuse (a bout)"
                " and the chien its contract gives it, so it cannot hold %(bouts)s bouts"
            )
        else:
            text = _(
                "made chelem: the défense took no trick and keeps at most the Excuse (a bout)"
                " and the chien of a garde contre, so the attaque cannot hold only %(bouts)s bouts"
            )
        problems.append(_v("bouts", text, bouts=bouts))
        return problems
    low, high = span
    if low <= points <= high:
        return problems
    if chelem == DEFENSE_CHELEM:
        text = _(
            "chelem by the défense: the attaque took no trick; with %(bouts)s bouts it holds"
            " %(low)s to %(high)s points (the Excuse kept without a trick counts 4), got %(points)s"
        )
    elif chelem in MADE_CHELEMS:
        text = _(
            "made chelem: the défense took no trick; with %(bouts)s bouts the attaque holds"
            " %(low)s to %(high)s points (the Excuse kept by the défense counts 4), got %(points)s"
        )
    else:
        text = _(
            "bouts and points: each bout is worth 4.5, so with %(bouts)s bouts the attaque holds"
            " %(low)s to %(high)s points, got %(points)s"
        )
    problems.append(
        _v(
            "points",
            text,
            bouts=bouts,
            low=json_number(low),
            high=json_number(high),
            points=json_number(points),
        )
    )
    return problems


def misere_total_range(players: int) -> tuple[Decimal, Decimal]:
    """What the players' card points add up to in the misère game: 91 minus a
    chien of 3 (or 6) cards, worth between all small cards and all bouts and kings."""
    c = chien_size(players)
    deck = (BOUT_VALUE,) * 3 + _HONOURS
    return TOTAL_POINTS - _best(c, deck), TOTAL_POINTS - SMALL_CARD * c


def misere_total_problems(points: Mapping[str, Decimal], players: int) -> list[RuleViolation]:
    """The misère game's sum: "le chien n'est attribué à personne"."""
    total = sum(points.values(), Decimal(0))
    low, high = misere_total_range(players)
    if low <= total <= high:
        return []
    return [
        _v(
            "points",
            _(
                "misère game: the chien (%(chien)s cards) is set aside, so the players' card points"
                " add up to %(low)s to %(high)s, got %(total)s"
            ),
            chien=chien_size(players),
            low=json_number(low),
            high=json_number(high),
            total=json_number(total),
        )
    ]

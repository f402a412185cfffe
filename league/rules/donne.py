"""Scoring one donne (rulings §1–§3).

A donne is either a contract played (:class:`ContractDonne`) or, in
Tarot-Bière, the misère game played when everyone passed twice
(:class:`MisereGame`). :func:`score_donne` validates it (§7, every problem at
once), then applies, in the rulebook's order: ante, penalties, card score,
pot settlement, misère announcements. Every amount is an ``int`` number of
jeton points; the pot is conserved: ``Σ scores + (pot_after − pot_before) == 0``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from .card_facts import MADE_CHELEMS, contract_facts_problems, misere_total_problems, poignees_problems
from .errors import RuleViolation, raise_if
from .messages import Message
from .messages import gettext_noop as _
from .numbers import to_decimal
from .ruleset import CONTRACTS, RuleSet, canonical_contract

__all__ = [
    "CHELEM_BONUS",
    "ContractDonne",
    "DonneResult",
    "MisereAnnouncement",
    "MisereGame",
    "Penalty",
    "Poignee",
    "POIGNEE_VALUES",
    "REQUIRED_POINTS",
    "penalty_fields",
    "pot_shares",
    "score_donne",
    "validate_donne",
    "validate_table",
]

#: Points the attaque needs, by the number of bouts it holds (§1.1).
REQUIRED_POINTS = {0: Decimal(56), 1: Decimal(51), 2: Decimal(41), 3: Decimal(36)}
#: Poignée primes, never multiplied, always to the winning side (§1.8).
POIGNEE_VALUES = {"simple": 20, "double": 30, "triple": 40}
#: Chelem term of the unit, never multiplied nor signed (§1.8).
CHELEM_BONUS = {"announced_made": 400, "made": 200, "announced_failed": -200, "defense": -200}
PETIT_AU_BOUT = {"attack": 10, "defense": -10}
MISERE_KINDS = ("tete", "atout")
ANTE = 10
JETON = 10
LOSING_PRENEUR_PAYS = 60
MAX_POINTS = Decimal(91)


@dataclass(frozen=True)
class Poignee:
    """A poignée shown by ``player``: ``simple`` 20, ``double`` 30, ``triple`` 40."""

    player: str
    level: str


@dataclass(frozen=True)
class MisereAnnouncement:
    """An announced misère (``tete``: no honneur, ``atout``: no trump);
    ``valid`` False when the announcement turned out false."""

    player: str
    kind: str
    valid: bool


@dataclass(frozen=True)
class Penalty:
    """``player`` pays ``amount`` into the pot while the donne is played, and
    ``to_each`` to every other player at the table: throwing one's hand
    before play costs "40 points à chacun des joueurs adverses et 60 points
    au pot" (seed 000), ``Penalty(player, 60, reason, to_each=40)``."""

    player: str
    amount: int
    reason: str = ""
    to_each: int = 0


@dataclass(frozen=True)
class ContractDonne:
    """A contract played. ``partner`` None: the preneur plays alone.
    ``petit_au_bout``: ``attack``/``defense``/None. ``chelem``: None,
    ``announced_made``, ``made``, ``announced_failed`` or ``defense``.
    ``dealer`` None: inferred from the seating (see :mod:`.sheet`)."""

    dealer: str | None
    taker: str
    contract: str
    partner: str | None
    bouts: int
    points: Decimal
    petit_au_bout: str | None = None
    poignees: tuple[Poignee, ...] = ()
    chelem: str | None = None
    miseres: tuple[MisereAnnouncement, ...] = ()
    penalties: tuple[Penalty, ...] = ()


@dataclass(frozen=True)
class MisereGame:
    """The misère game (Tarot-Bière, everyone passed twice): card points per
    seated player, ranked ascending."""

    dealer: str | None
    points: Mapping[str, Decimal] = field(hash=False)
    miseres: tuple[MisereAnnouncement, ...] = ()
    penalties: tuple[Penalty, ...] = ()


@dataclass(frozen=True)
class DonneResult:
    """Net jetons change of every table player (antes, penalties, card score,
    pot winnings, misères), the pot after the donne, whether the attaque won
    (None for a misère game), the per-defender unit ``u`` (None for a misère
    game) and the formula in the club's words."""

    scores: dict[str, int] = field(hash=False)
    pot_after: int
    won: bool | None
    unit: int | None
    dealer: str | None = None
    #: the explanation when computed with the score, else how to replay it:
    #: a sheet of thousands of donnes only builds the formula shown on demand
    _lines: tuple[Message, ...] | None = field(default=None, repr=False, compare=False, hash=False)
    _replay: tuple | None = field(default=None, repr=False, compare=False, hash=False)

    @property
    def explanation(self) -> tuple[Message, ...]:
        """The formula in the club's words, line by line."""
        if self._lines is not None:
            return self._lines
        if self._replay is None:
            return ()
        return _score_valid(*self._replay, explain=True)._lines


# --------------------------------------------------------------------------
# validation (§7)
# --------------------------------------------------------------------------


def _v(path: str, text: str, **params) -> RuleViolation:
    return RuleViolation(path, Message(text, params))


def validate_table(ruleset: RuleSet, table: Sequence[str]) -> list[RuleViolation]:
    """Seats: no player twice, a size the family allows."""
    problems = []
    seen = set()
    for i, player in enumerate(table):
        if player in seen:
            problems.append(_v(f"table[{i}]", _("%(player)s is registered twice"), player=player))
        seen.add(player)
    if len(table) not in ruleset.table_sizes:
        problems.append(
            _v(
                "table",
                _("a %(family)s table seats %(sizes)s players, got %(n)s"),
                family=ruleset.family,
                sizes=" or ".join(str(n) for n in ruleset.table_sizes),
                n=len(table),
            )
        )
    return problems


def _check_points(path: str, value: object, problems: list[RuleViolation]) -> Decimal | None:
    try:
        points = to_decimal(value)
    except (TypeError, ValueError):
        problems.append(_v(path, _("must be a number of card points, got %(value)r"), value=value))
        return None
    if not (0 <= points <= MAX_POINTS):
        problems.append(_v(path, _("card points must be 0..91, got %(value)s"), value=points))
        return None
    if (points * 2) % 1 != 0:
        problems.append(_v(path, _("card points must be a multiple of 0.5, got %(value)s"), value=points))
        return None
    return points


def _check_player(path: str, player: object, seated: set, problems: list[RuleViolation]) -> bool:
    if player not in seated:
        problems.append(_v(path, _("%(player)s is not at the table"), player=player))
        return False
    return True


def _check_side_bets(ruleset: RuleSet, donne, seated: set, problems: list[RuleViolation]) -> None:
    """Misère announcements and penalties: Tarot-Bière only (§3.3)."""
    miseres = tuple(donne.miseres or ())
    penalties = tuple(donne.penalties or ())
    if not ruleset.has_pot:
        if miseres:
            problems.append(_v("miseres", _("misère announcements are not part of the FFT rules")))
        if penalties:
            problems.append(_v("penalties", _("penalties paid into a pot are not part of the FFT rules")))
        return
    announced = set()
    for i, m in enumerate(miseres):
        _check_player(f"miseres[{i}].player", m.player, seated, problems)
        if m.kind not in MISERE_KINDS:
            problems.append(_v(f"miseres[{i}].kind", _("must be tete or atout, got %(value)r"), value=m.kind))
        elif (m.player, m.kind) in announced:
            problems.append(
                _v(
                    f"miseres[{i}]",
                    _("%(player)s already announced a misère %(kind)s in this donne"),
                    player=m.player,
                    kind=m.kind,
                )
            )
        announced.add((m.player, m.kind))
        if not isinstance(m.valid, bool):
            problems.append(
                _v(f"miseres[{i}].valid", _("must be true or false, got %(value)r"), value=m.valid)
            )
    for i, p in enumerate(penalties):
        _check_player(f"penalties[{i}].player", p.player, seated, problems)
        amount = p.amount
        if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0 or amount % JETON:
            problems.append(
                _v(
                    f"penalties[{i}].amount",
                    _("a penalty must be a positive multiple of 10, got %(value)r"),
                    value=amount,
                )
            )
        to_each = p.to_each
        if not isinstance(to_each, int) or isinstance(to_each, bool) or to_each < 0 or to_each % JETON:
            problems.append(
                _v(
                    f"penalties[{i}].to_each_player",
                    _("what a penalty pays each other player must be a multiple of 10, got %(value)r"),
                    value=to_each,
                )
            )


def _without_trumps(donne: ContractDonne) -> set[str]:
    """Who announced a valid misère d'atout: a hand without a trump, nor the Excuse (which
    voids every misère; seed 000, "LA MISERE"). A false one says he held trumps after all."""
    return {m.player for m in donne.miseres or () if m.kind == "atout" and m.valid is True}


def _trumpless_poignees(donne: ContractDonne) -> list[RuleViolation]:
    """The announcer of a valid misère d'atout has nothing to show a poignée with."""
    trumpless = _without_trumps(donne)
    return [
        _v(
            f"poignees[{i}].player",
            _(
                "%(player)s announced a valid misère d'atout (no trump, nor the Excuse): he has no poignée to show"
            ),
            player=p.player,
        )
        for i, p in enumerate(donne.poignees or ())
        if p.player in trumpless
    ]


def _honneurless_appele(donne: ContractDonne) -> list[RuleViolation]:
    """The appelé holds the called king (or, when the preneur has the four, a dame or a
    cavalier: seed 000, "APPEL AU ROI"), an honneur: a valid misère de tête ("aucun
    honneur dans son jeu") cannot be his."""
    if donne.partner is None:
        return []
    return [
        _v(
            f"miseres[{i}].valid",
            _(
                "%(player)s is the appelé, who holds the called king: his misère de tête"
                " (no honneur in his hand) cannot be valid"
            ),
            player=m.player,
        )
        for i, m in enumerate(donne.miseres or ())
        if m.player == donne.partner and m.kind == "tete" and m.valid is True
    ]


def _trumpless_lone_preneur(donne: ContractDonne) -> list[RuleViolation]:
    """A preneur playing alone with a valid misère d'atout holds no trump, and the
    défense holds every trump the chien and the écart do not (at least fifteen):

    - a last trick with the Petit in it is won by a trump, never his ("Le camp qui
      réalise la dernière levée, à condition que cette levée comprenne le Petit"),
      so his side has no petit au bout;
    - every trick in which a défenseur plays a trump is the défense's (he cannot
      overtrump), and the défense plays all of theirs, so he makes no chelem.
    """
    if donne.partner is not None or donne.taker not in _without_trumps(donne):
        return []
    problems = []
    if donne.petit_au_bout == "attack":
        problems.append(
            _v(
                "petit_au_bout",
                _(
                    "%(player)s plays alone with a valid misère d'atout (no trump): the last trick,"
                    " with the Petit in it, cannot be his"
                ),
                player=donne.taker,
            )
        )
    if donne.chelem in MADE_CHELEMS:
        problems.append(
            _v(
                "chelem",
                _(
                    "%(player)s plays alone with a valid misère d'atout (no trump): the défense"
                    " wins every trick it plays a trump in, so he cannot make the chelem"
                ),
                player=donne.taker,
            )
        )
    return problems


def validate_donne(
    ruleset: RuleSet, table: Sequence[str], donne: ContractDonne | MisereGame, pot_before: int = 0
) -> list[RuleViolation]:
    """Every problem of ``donne`` at ``table`` (paths relative to the donne)."""
    problems = validate_table(ruleset, table)
    seated = set(table)
    if (
        not isinstance(pot_before, int)
        or isinstance(pot_before, bool)
        or pot_before < 0
        or pot_before % JETON
    ):
        problems.append(
            _v("pot", _("the pot must be a non-negative multiple of 10, got %(value)r"), value=pot_before)
        )
    elif pot_before and not ruleset.has_pot:
        problems.append(_v("pot", _("there is no pot under the FFT rules, got %(value)s"), value=pot_before))
    if donne.dealer is not None:
        _check_player("dealer", donne.dealer, seated, problems)
    if isinstance(donne, MisereGame):
        if not ruleset.allows_misere:
            problems.append(_v("kind", _("the misère game is not part of the FFT rules")))
            return problems
        points = donne.points if isinstance(donne.points, Mapping) else {}
        for player in table:
            if player not in points:
                problems.append(
                    _v(
                        "points",
                        _("a misère game with a missing player: no card points for %(player)s"),
                        player=player,
                    )
                )
        counted = {}
        for player, value in points.items():
            if player not in seated:
                problems.append(_v(f"points.{player}", _("%(player)s is not at the table"), player=player))
            else:
                counted[player] = _check_points(f"points.{player}", value, problems)
        if len(counted) == len(table) and None not in counted.values():
            problems.extend(misere_total_problems(counted, len(table)))
        _check_side_bets(ruleset, donne, seated, problems)
        return problems
    if not isinstance(donne, ContractDonne):
        problems.append(_v("kind", _("must be a contract or a misère game")))
        return problems
    _check_player("taker", donne.taker, seated, problems)
    if donne.partner is not None:
        if donne.partner == donne.taker:
            problems.append(
                _v("partner", _("the appelé cannot be the preneur (%(player)s)"), player=donne.partner)
            )
        elif _check_player("partner", donne.partner, seated, problems) and not ruleset.calls_a_king(
            len(table)
        ):
            problems.append(
                _v(
                    "partner",
                    _("no king is called at a table of %(n)s: the preneur plays alone"),
                    n=len(table),
                )
            )
    if donne.contract not in CONTRACTS:
        problems.append(
            _v(
                "contract",
                _("unknown contract %(value)r: expected one of %(contracts)s"),
                value=donne.contract,
                contracts=", ".join(CONTRACTS),
            )
        )
    bouts_ok = isinstance(donne.bouts, int) and not isinstance(donne.bouts, bool) and 0 <= donne.bouts <= 3
    if not bouts_ok:
        problems.append(_v("bouts", _("must be 0..3, got %(value)r"), value=donne.bouts))
    points = _check_points("points", donne.points, problems)
    if donne.petit_au_bout not in (None, *PETIT_AU_BOUT):
        problems.append(
            _v(
                "petit_au_bout",
                _("must be attack, defense or null, got %(value)r"),
                value=donne.petit_au_bout,
            )
        )
    if donne.chelem not in (None, *CHELEM_BONUS):
        problems.append(
            _v(
                "chelem",
                _("must be null, announced_made, made, announced_failed or defense, got %(value)r"),
                value=donne.chelem,
            )
        )
    shown = set()
    for i, p in enumerate(donne.poignees or ()):
        if _check_player(f"poignees[{i}].player", p.player, seated, problems):
            if p.player in shown:
                problems.append(
                    _v(f"poignees[{i}].player", _("%(player)s already showed a poignée"), player=p.player)
                )
            shown.add(p.player)
        if p.level not in POIGNEE_VALUES:
            problems.append(
                _v(
                    f"poignees[{i}].level",
                    _("must be simple, double or triple, got %(value)r"),
                    value=p.level,
                )
            )
    levels = [p.level for p in donne.poignees or ()]
    if len(levels) > 1 and len(table) in (3, 4, 5) and all(level in POIGNEE_VALUES for level in levels):
        problems.extend(poignees_problems(levels, len(table), tarot_biere=ruleset.is_tarot_biere))
    if donne.miseres:  # nearly every donne has none
        problems.extend(_trumpless_poignees(donne))
        problems.extend(_honneurless_appele(donne))
        problems.extend(_trumpless_lone_preneur(donne))
    _check_side_bets(ruleset, donne, seated, problems)
    facts_known = (
        bouts_ok
        and points is not None
        and donne.contract in CONTRACTS
        and donne.petit_au_bout in (None, *PETIT_AU_BOUT)
        and donne.chelem in (None, *CHELEM_BONUS)
    )
    if facts_known:
        problems.extend(
            contract_facts_problems(
                contract=donne.contract,
                bouts=donne.bouts,
                points=points,
                won=points >= REQUIRED_POINTS[donne.bouts],
                petit_au_bout=donne.petit_au_bout,
                chelem=donne.chelem,
                players=len(table),
            )
        )
    return problems


# --------------------------------------------------------------------------
# scoring
# --------------------------------------------------------------------------


def pot_shares(pot: int) -> tuple[int, int]:
    """2/3 and 1/3 of ``pot`` (§2.2): with ``pot = 30q + r``, ``20q`` and ``10q``;
    a remainder of 10 goes to the first, 20 gives 10 to each."""
    q, r = divmod(pot, 30)
    first, second = 20 * q, 10 * q
    if r >= 10:
        first += 10
    if r >= 20:
        second += 10
    return first, second


def _round_margin(m: int, step: int) -> int:
    """Nearest multiple of ``step`` (m is an integer: no ties when step is 5)."""
    return (m + step // 2) // step * step


def _signed(n: int | Decimal) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


class _Ledger:
    """Jetons moved during a donne; keeps Σ scores + Δpot == 0 by construction."""

    def __init__(self, table: Sequence[str], pot: int, explain: bool = True):
        self.scores = dict.fromkeys(table, 0)
        self.pot = pot
        self.lines: list[Message] | None = [] if explain else None

    def to_pot(self, player: str, amount: int) -> None:
        self.scores[player] -= amount
        self.pot += amount

    def from_pot(self, player: str, amount: int) -> None:
        self.scores[player] += amount
        self.pot -= amount

    def pay(self, payer: str, payee: str, amount: int) -> None:
        self.scores[payer] -= amount
        self.scores[payee] += amount

    def say(self, text: str, **params) -> None:
        if self.lines is not None:
            self.lines.append(Message(text, params))


def _ante(ruleset: RuleSet, table: Sequence[str], dealer: str, ledger: _Ledger) -> None:
    if not ruleset.has_pot:
        return
    if ledger.pot == 0:
        for player in table:
            ledger.to_pot(player, ANTE)
        ledger.say(_("Ante: the pot is empty, every player pays 10 into it (pot %(pot)s)."), pot=ledger.pot)
    else:
        ledger.to_pot(dealer, ANTE)
        ledger.say(
            _("Ante: %(dealer)s deals and pays 10 into the pot (pot %(pot)s)."), dealer=dealer, pot=ledger.pot
        )


def _penalties(penalties, ledger: _Ledger) -> None:
    for p in penalties:
        ledger.to_pot(p.player, p.amount)
        if p.to_each:
            others = [player for player in ledger.scores if player != p.player]
            for other in others:
                ledger.pay(p.player, other, p.to_each)
            ledger.say(
                _("Penalty: %(player)s pays %(each)s to each other player (%(total)s in all)."),
                player=p.player,
                each=p.to_each,
                total=p.to_each * len(others),
            )
        if p.reason:
            ledger.say(
                _("Penalty: %(player)s pays %(amount)s into the pot (%(reason)s)."),
                player=p.player,
                amount=p.amount,
                reason=p.reason,
            )
        else:
            ledger.say(
                _("Penalty: %(player)s pays %(amount)s into the pot."), player=p.player, amount=p.amount
            )


def _miseres(table: Sequence[str], miseres, ledger: _Ledger) -> None:
    for m in miseres:
        others = [p for p in table if p != m.player]
        for other in others:
            if m.valid:
                ledger.scores[other] -= JETON
                ledger.scores[m.player] += JETON
            else:
                ledger.scores[other] += JETON
                ledger.scores[m.player] -= JETON
        total = JETON * len(others)
        ledger.say(_MISERE_TEXT[m.kind, bool(m.valid)], player=m.player, total=total)


#: One text per kind and outcome, so that each translates as a whole.
_MISERE_TEXT = {
    ("tete", True): _(
        "Misère de tête announced by %(player)s, valid: each other player pays him 10 (+%(total)s)."
    ),
    ("atout", True): _(
        "Misère d'atout announced by %(player)s, valid: each other player pays him 10 (+%(total)s)."
    ),
    ("tete", False): _(
        "Misère de tête announced by %(player)s, false: he pays 10 to each other player (−%(total)s)."
    ),
    ("atout", False): _(
        "Misère d'atout announced by %(player)s, false: he pays 10 to each other player (−%(total)s)."
    ),
}


def penalty_fields(penalty: Mapping) -> dict:
    """A penalty as the interchange format writes it: ``to_each_player`` only
    when the penalty pays the other players (files without it stay as they were)."""
    fields = {"player": penalty["player"], "amount": penalty["amount"], "reason": penalty.get("reason") or ""}
    if penalty.get("to_each_player"):
        fields["to_each_player"] = penalty["to_each_player"]
    return fields


def donne_from_fields(
    *,
    kind: str,
    dealer: str | None,
    taker: str | None = None,
    contract: str = "",
    partner: str | None = None,
    bouts: int | None = None,
    points=None,
    petit_au_bout: str | None = None,
    chelem: str | None = None,
    poignees: Iterable[Mapping] = (),
    miseres: Iterable[Mapping] = (),
    penalties: Iterable[Mapping] = (),
    misere_points: Mapping | None = None,
) -> ContractDonne | MisereGame:
    """A donne from the interchange format's fields (lists of ``{"player", …}``
    dicts): the one place where a stored sheet line, an imported file and the
    demo's dealing become the engine's dataclasses. Values are passed through
    as given, so the validation still sees (and names) a bad one."""
    # Nearly every donne has no misère nor penalty: no tuple is built for an empty list.
    announced = (
        tuple(MisereAnnouncement(m["player"], m["kind"], m["valid"]) for m in miseres) if miseres else ()
    )
    paid = (
        tuple(
            Penalty(p["player"], p["amount"], p.get("reason", ""), p.get("to_each_player", 0))
            for p in penalties
        )
        if penalties
        else ()
    )
    if kind == "misere":
        return MisereGame(dealer=dealer, points=dict(misere_points or {}), miseres=announced, penalties=paid)
    # In the order of the fields (a season is 32,000 of these: the keywords cost a sixth of making them).
    return ContractDonne(
        dealer,
        taker,
        contract,
        partner,
        bouts,
        points,
        petit_au_bout,
        tuple(Poignee(p["player"], p["level"]) for p in poignees) if poignees else (),
        chelem,
        announced,
        paid,
    )


def score_donne(
    ruleset: RuleSet, table: Sequence[str], donne: ContractDonne | MisereGame, pot_before: int = 0
) -> DonneResult:
    """Score ``donne`` played at ``table`` (seats in playing order) with
    ``pot_before`` in the pot. Raises :class:`~.errors.InvalidInput` listing
    every problem. A ``dealer`` of None is taken to be ``table[0]``; sheets
    infer it from the previous donne instead (:func:`.sheet.score_sheet`)."""
    table = tuple(table)
    raise_if(validate_donne(ruleset, table, donne, pot_before))
    dealer = donne.dealer if donne.dealer is not None else table[0]
    return _score_valid(ruleset, table, donne, pot_before, dealer, explain=True)


def _score_valid(
    ruleset: RuleSet, table: tuple, donne, pot_before: int, dealer: str, *, explain: bool = False
) -> DonneResult:
    """Score a validated donne; without ``explain`` the explanation is
    rebuilt on demand from the same inputs."""
    ledger = _Ledger(table, pot_before, explain)
    _ante(ruleset, table, dealer, ledger)
    _penalties(donne.penalties or (), ledger)
    if isinstance(donne, MisereGame):
        _misere_game(table, donne, ledger)
        won, unit = None, None
    else:
        won, unit = _contract(ruleset, table, donne, ledger)
    _miseres(table, donne.miseres or (), ledger)
    return DonneResult(
        scores=ledger.scores,
        pot_after=ledger.pot,
        won=won,
        unit=unit,
        dealer=dealer,
        _lines=tuple(ledger.lines) if explain else None,
        _replay=None if explain else (ruleset, table, donne, pot_before, dealer),
    )


#: One text per chelem outcome (§1.8).
_CHELEM_TEXT = {
    "announced_made": _("Chelem announced and made: +400, not multiplied."),
    "made": _("Chelem made without announcement: +200, not multiplied."),
    "announced_failed": _(
        "Chelem announced and failed: −200, not multiplied, even when the contract is won."
    ),
    "defense": _("Chelem by the défense: −200, each defender receives 200 more."),
}


def contract_unit(
    ruleset: RuleSet, donne: ContractDonne, n_players: int, explain: bool = True
) -> tuple[bool, int, list[Message]]:
    """``(won, u, explanation)`` for a valid contract donne (§1)."""
    lines: list[Message] = []

    def say(text: str, **params) -> None:
        lines.append(Message(text, params))

    points = to_decimal(donne.points)
    required = REQUIRED_POINTS[donne.bouts]
    won = points >= required
    m = math.ceil(abs(points - required))
    g = _round_margin(m, ruleset.margin_rounding)
    s = 1 if won else -1
    c = ruleset.contract_value
    p = PETIT_AU_BOUT.get(donne.petit_au_bout, 0)
    k = ruleset.multiplier(donne.contract)
    poignees = sum(POIGNEE_VALUES[x.level] for x in donne.poignees or ())
    chelem = CHELEM_BONUS.get(donne.chelem, 0)
    u = (s * (c + g) + p) * k + s * poignees + chelem
    if not explain:
        return won, u, lines

    if won:
        say(
            _(
                "%(bouts)s bouts: the attaque needs %(required)s points, made %(points)s: won by %(margin)s (a half point goes to the winning side)."
            ),
            bouts=donne.bouts,
            required=required,
            points=points,
            margin=m,
        )
    else:
        say(
            _(
                "%(bouts)s bouts: the attaque needs %(required)s points, made %(points)s: lost by %(margin)s"
                " (a half point goes to the winning side)."
            ),
            bouts=donne.bouts,
            required=required,
            points=points,
            margin=m,
        )
    if ruleset.margin_rounding != 1:
        say(
            _("Margin %(margin)s rounded to the nearest multiple of %(step)s: %(rounded)s."),
            margin=m,
            step=ruleset.margin_rounding,
            rounded=g,
        )
    say(
        _("The contract is worth %(contract_value)s; %(contract)s multiplies by %(k)s."),
        contract_value=c,
        contract=canonical_contract(ruleset.family, donne.contract),
        k=k,
    )
    if p > 0:
        say(_("Petit au bout by the attaque: +10, multiplied."))
    elif p < 0:
        say(_("Petit au bout by the défense: −10, multiplied."))
    if poignees:
        say(
            _("Poignées shown (%(levels)s): %(value)s, not multiplied, to the winning side."),
            levels=", ".join(f"{x.player} {x.level}" for x in donne.poignees),
            value=poignees,
        )
    if donne.chelem:
        say(_CHELEM_TEXT[donne.chelem])
    say(_("Per defender: u = %(formula)s."), formula=unit_formula(won, c, g, p, k, poignees, chelem, u))
    return won, u, lines


def unit_formula(won: bool, c: int, g: int, p: int, k: int, poignees: int, chelem: int, u: int) -> str:
    """``(10 + 10 + 10) × 2 + 20 = 80``: §1.8 with the donne's numbers."""
    inner = f"{c} + {g}" if won else f"−({c} + {g})"
    if p:
        inner += f" + {p}" if p > 0 else f" − {-p}"
    text = f"({inner}) × {k}"
    if poignees:
        text += f" + {poignees}" if won else f" − {poignees}"
    if chelem:
        text += f" + {chelem}" if chelem > 0 else f" − {-chelem}"
    return f"{text} = {_signed(u) if u < 0 else u}"


def _contract(ruleset: RuleSet, table: tuple, donne: ContractDonne, ledger: _Ledger) -> tuple[bool, int]:
    n = len(table)
    won, u, lines = contract_unit(ruleset, donne, n, ledger.lines is not None)
    if ledger.lines is not None:
        ledger.lines.extend(lines)
    attaque = {donne.taker, donne.partner}
    for player in table:
        if player not in attaque:
            ledger.scores[player] -= u
    if donne.partner is not None:
        ledger.scores[donne.taker] += 2 * u
        ledger.scores[donne.partner] += u
        ledger.say(
            _(
                "With the appelé: preneur %(taker)s scores 2u = %(taker_score)s, appelé %(partner)s scores u = %(partner_score)s."
            ),
            taker=donne.taker,
            taker_score=_signed(2 * u),
            partner=donne.partner,
            partner_score=_signed(u),
        )
    else:
        ledger.scores[donne.taker] += (n - 1) * u
        ledger.say(
            _("Alone against %(defenders)s: preneur %(taker)s scores %(defenders)s × u = %(taker_score)s."),
            defenders=n - 1,
            taker=donne.taker,
            taker_score=_signed((n - 1) * u),
        )
    if not ruleset.has_pot:
        return won, u
    if won:
        pot = ledger.pot
        if donne.partner is None:
            ledger.from_pot(donne.taker, pot)
            ledger.say(_("The attaque wins: %(taker)s takes the pot of %(pot)s."), taker=donne.taker, pot=pot)
        else:
            first, second = pot_shares(pot)
            ledger.from_pot(donne.taker, first)
            ledger.from_pot(donne.partner, second)
            ledger.say(
                _(
                    "The attaque wins the pot of %(pot)s: %(taker)s takes %(first)s (2/3), %(partner)s %(second)s (1/3)."
                ),
                pot=pot,
                taker=donne.taker,
                first=first,
                partner=donne.partner,
                second=second,
            )
    else:
        ledger.to_pot(donne.taker, LOSING_PRENEUR_PAYS)
        ledger.say(
            _("The attaque loses: %(taker)s pays 60 into the pot (pot %(pot)s)."),
            taker=donne.taker,
            pot=ledger.pot,
        )
    return won, u


def misere_spread(high: Decimal, low: Decimal) -> int:
    """``d``: the spread of card points rounded to the nearest 10, halves up (§3.2)."""
    return int(((high - low + 5) / 10).to_integral_value(rounding="ROUND_FLOOR")) * 10


def _misere_game(table: tuple, donne: MisereGame, ledger: _Ledger) -> None:
    """§3.2: ranked by ascending card points; ties share the sum of their places."""
    points = {p: to_decimal(donne.points[p]) for p in table}
    order = sorted(table, key=lambda p: points[p])  # stable: seat order among ties
    n = len(order)
    d = misere_spread(points[order[-1]], points[order[0]])
    pot = ledger.pot
    first_share, second_share = pot_shares(pot)
    stake = d + 10
    if n == 5:
        amounts = [first_share + 2 * stake, second_share + stake, 0, -stake, -2 * stake]
    else:  # at 4 the last pays as the 5th, nobody pays as the 4th
        amounts = [first_share + 2 * stake, second_share, 0, -2 * stake]
    ledger.say(
        _(
            "Misère game: spread %(high)s − %(low)s rounded to the nearest 10 gives d = %(d)s; pot %(pot)s shared 2/3 (%(first)s) and 1/3 (%(second)s)."
        ),
        high=points[order[-1]],
        low=points[order[0]],
        d=d,
        pot=pot,
        first=first_share,
        second=second_share,
    )
    i = 0
    while i < n:
        j = i
        while j + 1 < n and points[order[j + 1]] == points[order[i]]:
            j += 1
        group = order[i : j + 1]
        total = sum(amounts[i : j + 1])
        share = total // (10 * len(group)) * 10  # received: down; paid: up in size
        for player in group:
            ledger.from_pot(player, share)
        if len(group) == 1:
            ledger.say(
                _("Place %(place)s: %(player)s with %(points)s points: %(amount)s."),
                place=i + 1,
                player=group[0],
                points=points[group[0]],
                amount=_signed(share),
            )
        else:
            ledger.say(
                _(
                    "Places %(first)s–%(last)s tied at %(points)s points (%(players)s) share %(total)s: %(share)s each, rounded to a multiple of 10, the rest stays in the pot."
                ),
                first=i + 1,
                last=j + 1,
                points=points[group[0]],
                players=", ".join(group),
                total=_signed(total),
                share=_signed(share),
            )
        i = j + 1
    ledger.say(_("Pot after the misère game: %(pot)s."), pot=ledger.pot)

"""Ce qu'il me faut: what a player needs from the manches left (§5, §5.6).

For each classified player of an open season and each of three goals —
pass the player just above him, reach the podium, escape the Cuillère de
bois — the least he must do in the manches still on the calendar, exactly
under the average rule: his points moyens at the close are
``(points + place points won + bonus − participation malus) ÷ (manches + 1)``.

Reading (the rulebook is silent on projections; written down in
docs/projections.md): the other players are taken as they would close if
they played no more manche — their points moyens at the close, their own
participation malus included (``standings_if_closed``). The player may
play any number of the ``remaining`` manches (each seats him at most once).
A goal is:

- ``already``: met at the close without playing again;
- ``places``: met with the returned finishes, no bonus needed — the fewest
  manches first, then the fewest wins, then the fewest 2nd places, and so
  on (any single finish one place worse misses it);
- ``bonus``: only met by winning the returned manches with some of the
  bonuses a vainqueur can still earn (seul positif +1, bouts sur prise
  +0.5), ``bonus`` points of them;
- ``out_of_reach``: not even winning every manche left with every bonus.

"Pass" means a strictly higher average (an equal one shares the rank);
the podium is rank 3 or better (at most two players strictly above);
escaping the Cuillère means someone strictly below.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from .manche import HALF, SEUL_POSITIF_VALUE
from .messages import Message, ngettext
from .messages import gettext_noop as _
from .numbers import json_number
from .ruleset import RuleSet
from .season import SeasonResult, StandingRow

__all__ = [
    "ALREADY",
    "BONUS",
    "GOALS",
    "Goal",
    "MAX_WINNER_BONUS",
    "OUT_OF_REACH",
    "PLACES",
    "PlayerProjection",
    "season_projections",
]

OVERTAKE, PODIUM, ESCAPE_SPOON = "overtake", "podium", "escape_spoon"
GOALS = (OVERTAKE, PODIUM, ESCAPE_SPOON)
ALREADY, PLACES, BONUS, OUT_OF_REACH = "already", "places", "bonus", "out_of_reach"
#: The most a vainqueur can add to his points in one manche: seul positif
#: and bouts sur prise (défensifs never go to the first).
MAX_WINNER_BONUS = SEUL_POSITIF_VALUE + HALF


@dataclass(frozen=True)
class Goal:
    """What ``player`` needs for one goal. ``target`` is the player to pass
    (or to stay level with, for the podium); ``finishes[i]`` the number of
    manches to end at place ``i + 1``; ``bonus`` the bonus points still
    needed on top (status ``bonus`` only); ``explanation`` the arithmetic."""

    goal: str
    status: str
    target: str
    target_average: Fraction
    finishes: tuple[int, ...] = ()
    bonus: Decimal = Decimal(0)
    average: Fraction | None = None
    explanation: Message | None = None

    @property
    def manches(self) -> int:
        return sum(self.finishes)


@dataclass(frozen=True)
class PlayerProjection:
    """A player's goals (the ones that make sense for him) and the manches left."""

    player: str
    remaining: int
    goals: tuple[Goal, ...]


@dataclass(frozen=True)
class _Standing:
    """Where the player stands now, without the participation malus."""

    points: Fraction
    manches: int


def season_projections(
    result: SeasonResult, ruleset: RuleSet, *, remaining: int
) -> dict[str, PlayerProjection]:
    """Every classified player's goals, in standings order, with
    ``remaining`` manches left on the calendar (an open season's result)."""
    closing = {row.player: row.average for row in result.standings_if_closed}
    # Made once, not for each goal: turning the place points into fractions was a
    # fifth of a club's projections.
    values = [Fraction(v) for v in ruleset.place_points]
    best_first = sorted(((a, p) for p, a in closing.items()), reverse=True)
    out = {}
    for i, row in enumerate(result.standings):
        me = _Standing(row.average * (row.manches + 1), row.manches)
        goals = []
        above = _player_above(result.standings[:i], row)
        if above is not None:
            goals.append(
                _goal(
                    OVERTAKE, ruleset, values, me, remaining, above.player, closing[above.player], strict=True
                )
            )
        third = [x for x in best_first[:4] if x[1] != row.player][2:3]
        if third:
            average, player = third[0]
            goals.append(_goal(PODIUM, ruleset, values, me, remaining, player, average, strict=False))
        last = [x for x in best_first[-2:] if x[1] != row.player][-1:]
        if last:
            average, player = last[0]
            goals.append(_goal(ESCAPE_SPOON, ruleset, values, me, remaining, player, average, strict=True))
        out[row.player] = PlayerProjection(row.player, remaining, tuple(goals))
    return out


def _player_above(ahead: Sequence[StandingRow], row: StandingRow) -> StandingRow | None:
    """The nearest player ranked strictly above ``row`` (None for a leader)."""
    return next((r for r in reversed(ahead) if r.average > row.average), None)


def _malus(ruleset: RuleSet, manches: int) -> int:
    return max(0, ruleset.min_manches - manches)


def _closing_average(ruleset: RuleSet, me: _Standing, gained: Fraction, played: int) -> Fraction:
    manches = me.manches + played
    return (me.points + gained - _malus(ruleset, manches)) / (manches + 1)


@dataclass(frozen=True)
class _Need:
    """What ``played`` more manches must bring: more than ``points`` (``strict``) or at least it."""

    points: Fraction
    strict: bool

    def met_by(self, gained: Fraction) -> bool:
        return gained > self.points if self.strict else gained >= self.points

    def fewest(self, step: Fraction, base: Fraction) -> int:
        """The fewest ``n ≥ 0`` with ``base + n × step`` meeting the need (``step > 0``)."""
        x = (self.points - base) / step
        n = math.floor(x) + 1 if self.strict else math.ceil(x)
        return max(0, n)


def _need(ruleset: RuleSet, me: _Standing, played: int, target: Fraction, strict: bool) -> _Need:
    """The average rule turned around: ``(points + gained − malus) ÷ (manches + 1)``
    against ``target`` is ``gained`` against ``target × (manches + 1) − points + malus``."""
    manches = me.manches + played
    return _Need(target * (manches + 1) - me.points + _malus(ruleset, manches), strict)


def _goal(
    kind: str,
    ruleset: RuleSet,
    values: list[Fraction],
    me: _Standing,
    remaining: int,
    target: str,
    target_average: Fraction,
    *,
    strict: bool,
) -> Goal:
    """``kind`` for ``me`` against ``target``, with the ruleset's place points as ``values``."""
    for played in range(remaining + 1):
        need = _need(ruleset, me, played, target_average, strict)
        if need.met_by(played * values[0]):
            finishes = _fewest_good_finishes(need, values, played)
            gained = sum((n * v for n, v in zip(finishes, values, strict=True)), Fraction(0))
            average = _closing_average(ruleset, me, gained, played)
            return Goal(
                kind,
                PLACES if played else ALREADY,
                target,
                target_average,
                finishes,
                average=average,
                explanation=_explain(ruleset, me, gained, Fraction(0), played, average, target_average),
            )
    for played in range(1, remaining + 1):
        need = _need(ruleset, me, played, target_average, strict)
        gained = played * values[0]
        bonus = need.fewest(Fraction(HALF), gained) * Fraction(HALF)
        if bonus <= played * MAX_WINNER_BONUS:
            average = _closing_average(ruleset, me, gained + bonus, played)
            return Goal(
                kind,
                BONUS,
                target,
                target_average,
                (played,) + (0,) * (len(values) - 1),
                Decimal(bonus.numerator) / Decimal(bonus.denominator),
                average,
                _explain(ruleset, me, gained, bonus, played, average, target_average),
            )
    return Goal(kind, OUT_OF_REACH, target, target_average)


def _fewest_good_finishes(need: _Need, values: list[Fraction], played: int) -> tuple[int, ...]:
    """Finishes over ``played`` manches meeting ``need`` (which all wins meet) with
    as few wins as possible, then as few 2nd places, and so on: at each place,
    the fewest manches there such that the rest, one place lower, still make it."""
    counts: list[int] = []
    gained = Fraction(0)
    left = played
    for place in range(len(values) - 1):
        better, worse = values[place], values[place + 1]
        if better <= worse or not left:  # a place worth no more than the next, or no manche left to place
            n = 0
        else:
            n = min(left, need.fewest(better - worse, gained + left * worse))
        counts.append(n)
        gained += n * better
        left -= n
    counts.append(left)
    return tuple(counts)


def _explain(
    ruleset: RuleSet,
    me: _Standing,
    gained: Fraction,
    bonus: Fraction,
    played: int,
    average: Fraction,
    target: Fraction,
) -> Message:
    """The arithmetic of a closing average, each number after its name (no
    "1 points"), the average to the hundredth: "=" when exact, "≈" when rounded."""
    manches = me.manches + played
    shown = round(average, 2)
    return Message(
        _(
            "(points %(points)s + place points %(gained)s + bonus %(bonus)s − participation %(malus)s) ÷ (%(manches)s + 1) %(equals)s %(average)s, against %(target)s"
        ),
        {
            "points": json_number(me.points),
            "gained": json_number(gained),
            "bonus": json_number(bonus),
            "malus": _malus(ruleset, manches),
            "manches": ngettext("%(n)s manche", "%(n)s manches", manches),
            "equals": "=" if shown == average else "≈",
            "average": json_number(shown),
            "target": json_number(round(target, 2)),
        },
    )

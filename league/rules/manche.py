"""Ranking a manche and its bonuses (rulings §4.2, §5.1–5.3).

A manche ranks its seated players by score, descending; equal scores share
places (average of the place points covered, best place covered) unless the
President recorded an explicit order; the absent player of a manche at 4 is
always last with a score of 0. The manche's bonuses follow from the ranking
and the players' prises.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from .adjustments import BOUTS_SUR_PRISE, DEFENSIF, SEUL_POSITIF, Adjustment
from .errors import RuleViolation, raise_if
from .messages import Message, ngettext, ordinal
from .messages import gettext_noop as _
from .numbers import decimal_of_fraction, to_decimal
from .ruleset import RuleSet

__all__ = [
    "DEFENSIVE_FACTORS",
    "QuickResult",
    "RankingEntry",
    "manche_bonuses",
    "rank_manche",
    "validate_order",
    "validate_quick_results",
    "vainqueurs",
]

#: Défensif threshold by place: the score must reach factor × W (§5.3).
DEFENSIVE_FACTORS = {2: Fraction(8, 10), 3: Fraction(4, 10), 4: Fraction(-1, 10), 5: Fraction(-6, 10)}
SEUL_POSITIF_VALUE = Decimal(1)
HALF = Decimal("0.5")


@dataclass(frozen=True)
class RankingEntry:
    """A player's line of a manche's classification."""

    player: str
    score: int
    place: int
    points: Decimal
    prises: int = 0
    bouts: int = 0
    prises_won: int = 0
    absent: bool = False
    # The exact share of tied players (4/3 has no exact Decimal); the
    # standings add these, so equal averages are recognised as equal.
    exact_points: Fraction | None = None

    @property
    def points_fraction(self) -> Fraction:
        return self.exact_points if self.exact_points is not None else Fraction(self.points)


@dataclass(frozen=True)
class QuickResult:
    """The quick form of a manche (history where only the final sheet survives)."""

    player: str
    score: int
    prises: int = 0
    bouts: int = 0
    prises_won: int = 0


def _v(path: str, text: str, **params) -> RuleViolation:
    return RuleViolation(path, Message(text, params))


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def validate_quick_results(
    ruleset: RuleSet, table: Sequence[str], results: Sequence[QuickResult]
) -> list[RuleViolation]:
    """Seated players exactly once, scores summing to zero, coherent prises
    (paths ``results[i].<field>``, ``results`` for the whole)."""
    problems = []
    seen = set()
    total = 0
    for i, r in enumerate(results):
        if r.player not in table:
            problems.append(_v(f"results[{i}].player", _("%(player)s is not at the table"), player=r.player))
        elif r.player in seen:
            problems.append(_v(f"results[{i}].player", _("%(player)s appears twice"), player=r.player))
        seen.add(r.player)
        for name in ("score", "prises", "bouts", "prises_won"):
            value = getattr(r, name)
            if not _is_int(value):
                problems.append(
                    _v(f"results[{i}].{name}", _("must be an integer, got %(value)r"), value=value)
                )
            elif name != "score" and value < 0:
                problems.append(
                    _v(f"results[{i}].{name}", _("must not be negative, got %(value)s"), value=value)
                )
        if _is_int(r.score):
            total += r.score
        if not all(
            _is_int(getattr(r, name)) and getattr(r, name) >= 0 for name in ("prises", "bouts", "prises_won")
        ):
            continue
        if r.prises_won > r.prises:
            problems.append(
                _v(
                    f"results[{i}].prises_won",
                    _("cannot exceed the prises (%(prises)s), got %(value)s"),
                    prises=r.prises,
                    value=r.prises_won,
                )
            )
        if r.bouts > 3 * r.prises:
            problems.append(
                _v(
                    f"results[{i}].bouts",
                    _("at most 3 bouts per prise (%(max)s), got %(value)s"),
                    max=3 * r.prises,
                    value=r.bouts,
                )
            )
    for player in table:
        if player not in seen:
            problems.append(_v("results", _("no result for %(player)s"), player=player))
    if total != 0:
        problems.append(_v("results", _("scores of a manche must sum to zero, got %(total)s"), total=total))
    return problems


def validate_order(
    table: Sequence[str], scores: Mapping[str, int], order: Sequence[str]
) -> list[RuleViolation]:
    """An explicit order must list the seated players once each, scores not increasing."""
    if sorted(order) != sorted(table) or len(set(order)) != len(order):
        return [
            _v(
                "order",
                _("must list each seated player once (%(players)s), got %(order)s"),
                players=", ".join(table),
                order=", ".join(map(str, order)),
            )
        ]
    for a, b in zip(order, order[1:], strict=False):
        if scores[a] < scores[b]:
            return [
                _v(
                    "order",
                    _("%(a)s (%(score_a)s) cannot be placed before %(b)s (%(score_b)s)"),
                    a=a,
                    score_a=scores[a],
                    b=b,
                    score_b=scores[b],
                )
            ]
    return []


def seated_order(order: Sequence[str] | None, absent: str | None) -> tuple[str, ...] | None:
    """An explicit order may end with the absent player (always last): drop him."""
    if not order:
        return None
    order = tuple(order)
    if absent is not None and order[-1] == absent:
        order = order[:-1]
    return order


def _stat(stats, player: str, name: str) -> int:
    if not stats or player not in stats:
        return 0
    return getattr(stats[player], name)


def rank_manche(
    ruleset: RuleSet,
    table: Sequence[str],
    absent: str | None,
    scores: Mapping[str, int],
    stats: Mapping | None = None,
    order: Sequence[str] | None = None,
) -> tuple[RankingEntry, ...]:
    """The manche's classification (§4.2): descending score; equal scores
    share the average of the place points they cover and the best place;
    an explicit ``order`` (the seated players, optionally followed by the
    absent one) places players one by one; the absent player is
    last (place 5, score 0). ``stats`` maps a player to anything with
    ``prises``, ``bouts`` and ``prises_won`` (PlayerStats, QuickResult)."""
    table = tuple(table)
    pp = ruleset.place_points
    order = seated_order(order, absent)
    if order:
        raise_if(validate_order(table, scores, order))
        ranked = [(p, i + 1, Fraction(pp[i])) for i, p in enumerate(order)]
    else:
        seat = {p: i for i, p in enumerate(table)}
        by_score = sorted(table, key=lambda p: (-scores[p], seat[p]))
        ranked = []
        i = 0
        while i < len(by_score):
            j = i
            while j + 1 < len(by_score) and scores[by_score[j + 1]] == scores[by_score[i]]:
                j += 1
            covered = pp[i : j + 1]
            points = Fraction(sum(covered, Decimal(0))) / len(covered)
            for p in by_score[i : j + 1]:
                ranked.append((p, i + 1, points))
            i = j + 1
    entries = [
        RankingEntry(
            player=p,
            score=scores[p],
            place=place,
            points=to_decimal(points),
            exact_points=points,
            prises=_stat(stats, p, "prises"),
            bouts=_stat(stats, p, "bouts"),
            prises_won=_stat(stats, p, "prises_won"),
        )
        for p, place, points in ranked
    ]
    if absent is not None:
        entries.append(RankingEntry(player=absent, score=0, place=5, points=pp[4], absent=True))
    return tuple(entries)


def vainqueurs(ranking: Sequence[RankingEntry]) -> tuple[str, ...]:
    """The players of the entries placed first (tied first players are all
    vainqueurs), as player ids in ranking order."""
    return tuple(e.player for e in ranking if e.place == 1 and not e.absent)


def manche_bonuses(ruleset: RuleSet, ranking: Sequence[RankingEntry], number: int | None) -> list[Adjustment]:
    """Seul positif (§5.1), bouts sur prise (§5.2) and défensifs (§5.3)."""
    return [
        *seul_positif(ranking, number),
        *bouts_sur_prise(ranking, number),
        *(defensifs(ranking, number) if ruleset.defensive_bonus else []),
    ]


def seul_positif(ranking: Sequence[RankingEntry], number: int | None) -> list[Adjustment]:
    """+1 to the vainqueur when his score is > 0 and everyone else's is ≤ 0."""
    out = []
    for e in ranking:
        if e.place != 1 or e.absent or e.score <= 0:
            continue
        if all(o.score <= 0 for o in ranking if o is not e):
            out.append(
                Adjustment(
                    e.player,
                    SEUL_POSITIF,
                    SEUL_POSITIF_VALUE,
                    number,
                    # "Lorsque le vainqueur d'une manche finit seul positif, 1 point de bonus…"
                    Message(
                        _(
                            "Seul positif: winner with a score of %(score)s, every other player at 0 or below: +1"
                        ),
                        {"score": e.score},
                    ),
                )
            )
    return out


def bouts_sur_prise(ranking: Sequence[RankingEntry], number: int | None) -> list[Adjustment]:
    """+0.5 to the lowest average of bouts per prise, if ≤ 1, among players who
    won at least one prise; ties: most prises, then best ratio of prises won."""
    candidates = [e for e in ranking if e.prises >= 1 and e.prises_won >= 1]
    if not candidates:
        return []

    def key(e: RankingEntry):
        return (Fraction(e.bouts, e.prises), -e.prises, -Fraction(e.prises_won, e.prises))

    best = min(key(e) for e in candidates)
    if best[0] > 1:
        return []
    return [
        Adjustment(
            e.player,
            BOUTS_SUR_PRISE,
            HALF,
            number,
            # "La moyenne de bout sur prise la plus faible, si elle est inférieure ou
            # égale à 1,0 … à condition d'avoir remporté au moins une partie."
            Message(
                _(
                    "Bouts sur prise: %(bouts)s in %(prises)s (%(won)s), an average of %(average)s, the lowest of the manche and at most 1: +0.5"
                ),
                {
                    "bouts": ngettext("%(n)s bout", "%(n)s bouts", e.bouts),
                    "prises": ngettext("%(n)s prise", "%(n)s prises", e.prises),
                    "won": ngettext("%(n)s won", "%(n)s won", e.prises_won),
                    "average": _hundredths(Fraction(e.bouts, e.prises)),
                },
            ),
        )
        for e in candidates
        if key(e) == best
    ]


def defensifs(ranking: Sequence[RankingEntry], number: int | None) -> list[Adjustment]:
    """+0.5 to a non-first player whose score reaches the factor of his
    (best shared) place times the vainqueur's score W; never the absent."""
    firsts = [e for e in ranking if e.place == 1 and not e.absent]
    if not firsts:
        return []
    w = firsts[0].score
    out = []
    for e in ranking:
        if e.absent or e.place == 1 or e.place not in DEFENSIVE_FACTORS:
            continue
        factor = DEFENSIVE_FACTORS[e.place]
        threshold = factor * w
        if e.score >= threshold:
            out.append(
                Adjustment(
                    e.player,
                    DEFENSIF,
                    HALF,
                    number,
                    # "Au troisième si son score est supérieur ou égal au score du vainqueur - 60%"
                    Message(
                        _(
                            "Défensif: %(place)s with a score of %(score)s, at least the winner's score (%(w)s) minus %(percent)s%%, that is %(threshold)s: +0.5"
                        ),
                        {
                            "place": ordinal(e.place),
                            "score": e.score,
                            "w": w,
                            "percent": int((1 - factor) * 100),
                            "threshold": _exact(threshold),
                        },
                    ),
                )
            )
    return out


def _exact(f: Fraction) -> Decimal:
    """A threshold (tenths of a score) as an exact Decimal: ``-21``, ``215.4``."""
    d = decimal_of_fraction(f)
    return d.quantize(Decimal(1)) if d == d.to_integral_value() else d.normalize()


def _hundredths(f: Fraction) -> Decimal:
    """``f`` to two decimals, halves away from zero (an average of bouts: ``0.67``)."""
    d = Decimal(f.numerator) / Decimal(f.denominator)
    return d.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP).normalize()

"""A rating across seasons: an Elo rating for games of several players.

Not a rule of the championship (the classification is the points moyens),
a statistic: how strong a player has been lately, whoever he sat with.
Recomputed from the played manches every time, never stored, so it is
always what the recorded results say. docs/rating.md explains it to players.

Each player starts at :data:`INITIAL`. A manche of ``n`` seated players
counts as ``n − 1`` duels for each of them: against each other player he
scores 1 if he finished above him, ½ at the same place, 0 below, and was
expected to score ``1 / (1 + 10^((R_other − R_him) / 400))``. His rating
moves by ``K × (scored − expected) / (n − 1)``, every change of a manche
computed from the ratings before it. The absent player of a manche at 4
did not play: his rating does not move. The changes of a manche sum to
zero, so the club's average rating stays :data:`INITIAL`.

Ratings are plain floats: a statistic, rounded to the unit on display.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .season import SeasonResult

__all__ = [
    "INITIAL",
    "K",
    "SCALE",
    "RatedManche",
    "RatingChange",
    "Ratings",
    "compute_ratings",
    "expected_score",
    "rated_manches",
]

#: The rating of a player before his first manche.
INITIAL = 1500.0
#: The most a player can gain or lose in one manche.
K = 32.0
#: A rating gap of SCALE means odds of 10 to 1 in a duel.
SCALE = 400.0


@dataclass(frozen=True)
class RatedManche:
    """A played manche as the rating reads it: its seated players' places."""

    season: str
    number: int
    places: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class RatingChange:
    """One player's rating change at one manche, with its arithmetic:
    ``after = before + K × (scored − expected) / duels``."""

    season: str
    number: int
    place: int
    duels: int
    scored: float
    expected: float
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before


@dataclass(frozen=True)
class Ratings:
    """Every player's current rating and his changes, oldest first."""

    current: dict[str, float] = field(default_factory=dict)
    history: dict[str, tuple[RatingChange, ...]] = field(default_factory=dict)

    def ranked(self) -> list[tuple[str, float]]:
        """``(player, rating)``, highest first (ties by player id)."""
        return sorted(self.current.items(), key=lambda kv: (-kv[1], kv[0]))

    def peak(self, player: str) -> float | None:
        changes = self.history.get(player, ())
        return max(c.after for c in changes) if changes else None


def rated_manches(season: str, result: SeasonResult) -> tuple[RatedManche, ...]:
    """The played manches of a computed season in manche order, absent players left out."""
    return tuple(
        RatedManche(season, number, tuple((e.player, e.place) for e in outcome.ranking if not e.absent))
        for number, outcome in sorted(result.manches.items())
    )


def expected_score(rating: float, other: float) -> float:
    """The share of a duel a player rated ``rating`` is expected to win against ``other``."""
    return 1.0 / (1.0 + 10.0 ** ((other - rating) / SCALE))


def compute_ratings(manches: Iterable[RatedManche]) -> Ratings:
    """Play the manches in the given order (seasons in order, then manche numbers)."""
    current: dict[str, float] = {}
    history: dict[str, list[RatingChange]] = {}
    for manche in manches:
        before = {player: current.get(player, INITIAL) for player, _place in manche.places}
        duels = len(manche.places) - 1
        if duels < 1:
            continue
        for player, place in manche.places:
            scored = expected = 0.0
            for other, other_place in manche.places:
                if other == player:
                    continue
                scored += 1.0 if place < other_place else 0.5 if place == other_place else 0.0
                expected += expected_score(before[player], before[other])
            after = before[player] + K * (scored - expected) / duels
            current[player] = after
            history.setdefault(player, []).append(
                RatingChange(
                    manche.season, manche.number, place, duels, scored, expected, before[player], after
                )
            )
    return Ratings(current=current, history={p: tuple(changes) for p, changes in history.items()})

"""The palmarès: each season's podium and accessits, and the all-time records."""

from __future__ import annotations

from dataclasses import dataclass, field

from league import rules
from league.models import Season


@dataclass(frozen=True)
class SeasonHonours:
    """What the palmarès keeps of one season."""

    season: str
    closed: bool
    podium: tuple[tuple[int, str, str | None], ...] = ()  # (rank, player, title)
    accessits: tuple[rules.Accessit, ...] = ()
    #: (score, player, manche number) of the season's highest and lowest manche scores.
    highest: tuple[tuple[int, str, int], ...] = ()
    lowest: tuple[tuple[int, str, int], ...] = ()
    manches: dict[str, int] = field(default_factory=dict)
    classified: int = 0
    played: int = 0
    problems: bool = False


def _honours(season: Season, result: rules.SeasonResult) -> SeasonHonours:
    seated = [
        (e.score, e.player, number) for number, o in result.manches.items() for e in o.ranking if not e.absent
    ]
    high = max((s for s, _p, _n in seated), default=None)
    low = min((s for s, _p, _n in seated), default=None)
    return SeasonHonours(
        season=season.name,
        closed=season.is_closed,
        podium=tuple((r.rank, r.player, r.title) for r in result.standings if r.title),
        accessits=result.accessits,
        highest=tuple(sorted(x for x in seated if x[0] == high)),
        lowest=tuple(sorted(x for x in seated if x[0] == low)),
        manches={r.player: r.manches for r in result.standings},
        classified=len(result.standings),
        played=len(result.manches),
    )


@dataclass(frozen=True)
class Palmares:
    seasons: tuple[SeasonHonours, ...]
    names: dict[str, str]
    #: All-time records: (score, player, season, manche number).
    highest: tuple[tuple[int, str, str, int], ...]
    lowest: tuple[tuple[int, str, str, int], ...]
    #: (player, ((title, times), …)), most champion titles first.
    titles: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    #: (player, manches) most manches first.
    most_manches: tuple[tuple[str, int], ...]

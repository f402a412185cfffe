"""A player as the reports show him: his season (manches, prises by contract, accessits), his record, his comptes-rendus.

The few sums made here (a player's manches over several seasons, his prises
over a season) add engine outputs together; they apply no rule.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.db.models import Count, Q

from accounts.models import User
from league import rules
from league.labels import CONTRACT_LABELS, TITLE_LABELS
from league.models import CompteRendu, Manche, Season


@dataclass(frozen=True)
class MancheLine:
    number: int
    score: int
    place: int
    points: Decimal
    absent: bool


@dataclass(frozen=True)
class PlayerSeason:
    """What one player did in one season (engine outputs, grouped)."""

    season: str
    closed: bool
    rank: int | None = None
    tied: bool = False
    title: str | None = None
    points: Decimal | None = None
    average: Fraction | None = None
    classified: int = 0
    manches: tuple[MancheLine, ...] = ()
    wins: int = 0
    prises: int = 0
    prises_won: int = 0
    bouts: int = 0
    #: contract -> (taken, won), from the full sheets only.
    contracts: dict[str, tuple[int, int]] = field(default_factory=dict)
    chelems: int = 0
    petits_au_bout: int = 0
    poignees: int = 0
    sheet_manches: int = 0
    accessits: tuple[str, ...] = ()
    problems: bool = False

    @property
    def title_label(self):
        return TITLE_LABELS.get(self.title) if self.title else ""


@dataclass
class _Tally:
    manches: list = field(default_factory=list)
    wins: int = 0
    prises: int = 0
    prises_won: int = 0
    bouts: int = 0
    contracts: dict = field(default_factory=dict)
    chelems: int = 0
    petits_au_bout: int = 0
    poignees: int = 0
    sheets: int = 0


def player_seasons(season: Season, result: rules.SeasonResult) -> dict[str, PlayerSeason]:
    """What every player did in ``season``, in one pass over its manches."""
    tallies: dict[str, _Tally] = {}
    for number, outcome in result.manches.items():
        winners = set(outcome.vainqueurs)
        sheet_stats = outcome.sheet.stats if outcome.sheet is not None else {}
        for entry in outcome.ranking:
            t = tallies.setdefault(entry.player, _Tally())
            t.manches.append(MancheLine(number, entry.score, entry.place, entry.points, entry.absent))
            if entry.absent:
                continue
            t.wins += entry.player in winners
            t.prises += entry.prises
            t.prises_won += entry.prises_won
            t.bouts += entry.bouts
            stats = sheet_stats.get(entry.player)
            if stats is None:
                continue
            t.sheets += 1
            t.chelems += stats.chelems
            t.petits_au_bout += stats.petits_au_bout
            t.poignees += stats.poignees
            for contract, taken in stats.contracts.items():
                pair = t.contracts.setdefault(contract, [0, 0])
                pair[0] += taken
                pair[1] += stats.contracts_won.get(contract, 0)
    rows = {r.player: r for r in result.standings}
    accessits: dict[str, list[str]] = {}
    for a in result.accessits:
        for p in a.players:
            accessits.setdefault(p, []).append(a.award)
    out = {}
    for player, t in tallies.items():
        row = rows.get(player)
        out[player] = PlayerSeason(
            season=season.name,
            closed=season.is_closed,
            rank=row.rank if row else None,
            tied=row.tied if row else False,
            title=row.title if row else None,
            points=row.points if row else None,
            average=row.average if row else None,
            classified=len(result.standings),
            manches=tuple(t.manches),
            wins=t.wins,
            prises=t.prises,
            prises_won=t.prises_won,
            bouts=t.bouts,
            contracts={c: (pair[0], pair[1]) for c, pair in t.contracts.items()},
            chelems=t.chelems,
            petits_au_bout=t.petits_au_bout,
            poignees=t.poignees,
            sheet_manches=t.sheets,
            accessits=tuple(accessits.get(player, ())),
        )
    return out


def seasons_played(user: User) -> list[Season]:
    """Seasons with a played manche where ``user`` sat or was the absent player, newest first."""
    played = Manche.Status.PLAYED
    return list(
        Season.objects.filter(
            Q(manches__status=played, manches__seats__player=user)
            | Q(manches__status=played, manches__absent=user)
        )
        .exclude(state=Season.State.PREPARATION)
        .distinct()
        .order_by("-name")
    )


@dataclass(frozen=True)
class PlayerRecord:
    """A player's whole record, every season added together."""

    seasons: tuple[PlayerSeason, ...]
    manches: int
    wins: int
    places: dict[int, int]
    prises: int
    prises_won: int
    bouts: int
    contracts: dict[str, tuple[int, int]]
    chelems: int
    petits_au_bout: int
    poignees: int
    sheet_manches: int
    best: tuple[str, MancheLine] | None
    worst: tuple[str, MancheLine] | None
    #: Final titles, ((title, times), …) champion first.
    titles: tuple[tuple[str, int], ...]

    @property
    def success_rate(self) -> Fraction | None:
        return Fraction(self.prises_won, self.prises) if self.prises else None

    @property
    def bouts_per_prise(self) -> Fraction | None:
        return Fraction(self.bouts, self.prises) if self.prises else None

    @property
    def contract_lines(self) -> list[tuple[str, object, int, int, Fraction | None]]:
        order = list(CONTRACT_LABELS)
        return [
            (c, CONTRACT_LABELS.get(c, c), taken, won, Fraction(won, taken) if taken else None)
            for c, (taken, won) in sorted(
                self.contracts.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99
            )
        ]


def _title_counts(counter: Counter) -> tuple[tuple[str, int], ...]:
    return tuple((title, counter[title]) for title in TITLE_LABELS if counter[title])


def comptes_rendus_written(user: User) -> dict[str, int]:
    """How many comptes-rendus ``user`` posted, by status, and in all (one query)."""
    counts = {
        row["status"]: row["n"]
        for row in CompteRendu.objects.filter(author=user).values("status").annotate(n=Count("pk"))
    }
    counts["total"] = sum(counts.values())
    return counts


def recent_comptes_rendus(user: User, limit: int = 10) -> list[dict]:
    return list(
        CompteRendu.objects.filter(author=user)
        .order_by("-posted_at")
        .values("title", "status", "posted_at", "manche__number", "manche__season__name")[:limit]
    )

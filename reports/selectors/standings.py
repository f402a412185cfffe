"""The classification of a season as the reports show it: its lines, their explanations, its JSON document.

Every number comes from the rules engine's result; this module only picks,
orders and names what the engine computed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from typing import Any

from accounts.models import User
from league import rules
from league.labels import ACCESSIT_HELP, ACCESSIT_LABELS, TITLE_LABELS
from league.models import Season


def names_of(usernames: Iterable[str]) -> dict[str, str]:
    """Display names of these players, in one query."""
    usernames = set(usernames)
    if not usernames:
        return {}
    found = dict(User.objects.filter(username__in=usernames).values_list("username", "display_name"))
    return {u: found.get(u) or u for u in usernames}


@dataclass(frozen=True)
class Line:
    """A line of the classification, with the explanation of its total.

    ``participation`` (open seasons only) is the malus the player would get
    if the season closed now, with the rank and average he would then have.
    """

    player: str
    name: str
    rank: int
    tied: bool
    manches: int
    place_points: Decimal
    bonus: Decimal
    malus: Decimal
    points: Decimal
    average: Fraction
    title: str | None
    participation: Decimal | None = None
    rank_if_closed: int | None = None
    average_if_closed: Fraction | None = None
    title_if_closed: str | None = None

    @property
    def title_label(self):
        return TITLE_LABELS.get(self.title) if self.title else ""


@dataclass(frozen=True)
class AccessitLine:
    award: str
    players: tuple[tuple[str, str], ...]  # (id, name), sorted by id
    value: int | None = None
    citation: str | None = None

    @property
    def label(self):
        return ACCESSIT_LABELS.get(self.award, self.award)

    @property
    def help(self):
        return ACCESSIT_HELP.get(self.award, "")


@dataclass(frozen=True)
class SeasonStandings:
    """A season's classification as the reports show it (small: read by every page)."""

    season: str
    closed: bool
    lines: tuple[Line, ...] = ()
    accessits: tuple[AccessitLine, ...] = ()
    min_manches: int | None = None
    #: Why the engine refused the season's data (nothing else is then filled).
    problems: tuple[rules.RuleViolation, ...] = ()
    #: Until when this reading is right (see :func:`valid_until`).
    valid_until: datetime | None = None

    def line_of(self, player: str) -> Line | None:
        return next((line for line in self.lines if line.player == player), None)

    @property
    def names(self) -> dict[str, str]:
        """Each classified player's name, by username."""
        return {line.player: line.name for line in self.lines}


@dataclass(frozen=True)
class StandingsDetails:
    """What only the full standings page shows: the chart's data, and how long the explanations are.

    Each line's explanation is a reading of its own (see :func:`explanations`):
    a big season's page fetches one when its line unfolds, and never reads
    them all back (that cost more than half the season's computation).
    """

    #: How many explanation lines all the players' explanations hold together.
    explanation_lines: int = 0
    #: Manche numbers in the order they were played (the chart's x axis).
    manche_numbers: tuple[int, ...] = ()
    #: player -> ((manche number, points moyens after it), …) at the manches he played.
    progression: dict[str, tuple[tuple[int, Fraction], ...]] = field(default_factory=dict)


#: Up to this many explanation lines in all, every line's explanation is made with
#: the season and is in the standings page (readable without a script,
#: printable); beyond, a line is explained when it is unfolded
#: (:func:`explanation_parts`): a big season's page stays light, and its
#: computation does not write 8,000 lines nobody may read.
INLINE_EXPLANATION_LINES = 2500


def explains_inline(details: StandingsDetails) -> bool:
    """Whether every line's explanation is made with the season (and is in the page)."""
    return details.explanation_lines <= INLINE_EXPLANATION_LINES


def explanations(result: rules.SeasonResult) -> dict[str, tuple[rules.Message, ...]]:
    """The engine's explanation of every classified player's total.

    Each is made from its parts (``explain_lines``), handed only the manches the
    player was in, so explaining 200 players of 1600 manches stays linear.
    """
    played_in: dict[str, list[rules.MancheOutcome]] = {}
    for outcome in result.manches.values():
        for entry in outcome.ranking:
            played_in.setdefault(entry.player, []).append(outcome)
    return {
        row.player: rules.explain_lines(
            row.player, played_in.get(row.player, ()), result.adjustments_by_player.get(row.player, ()), row
        )
        for row in result.standings
    }


def explanation_parts(result: rules.SeasonResult) -> dict[str, tuple[rules.StandingRow, tuple]]:
    """What a line's explanation needs besides its manches (each its own reading):
    the player's line of the classification and the adjustments of the season's own."""
    return {
        row.player: (
            row,
            tuple(a for a in result.adjustments_by_player.get(row.player, ()) if a.manche is None),
        )
        for row in result.standings
    }


def _progression(result: rules.SeasonResult) -> dict[str, tuple[tuple[int, Fraction], ...]]:
    """Each player's points moyens manche after manche, as the engine computes them."""
    return rules.average_progression(result)


def build_standings(season: Season, result: rules.SeasonResult) -> SeasonStandings:
    """The reports' view of a computed season (one query, for the players' names)."""
    if_closed = {row.player: row for row in result.standings_if_closed}
    usernames = {row.player for row in result.standings}
    usernames.update(p for a in result.accessits for p in a.players)
    names = names_of(usernames)
    closed = season.is_closed
    lines = []
    for row in result.standings:
        other = if_closed.get(row.player)
        lines.append(
            Line(
                player=row.player,
                name=names.get(row.player, row.player),
                rank=row.rank,
                tied=row.tied,
                manches=row.manches,
                place_points=row.place_points,
                bonus=row.bonus,
                malus=row.malus,
                points=row.points,
                average=row.average,
                title=row.title,
                participation=None if closed else result.provisional_participation.get(row.player),
                rank_if_closed=None if closed or other is None else other.rank,
                average_if_closed=None if closed or other is None else other.average,
                title_if_closed=None if closed or other is None else other.title,
            )
        )
    accessits = tuple(
        AccessitLine(
            award=a.award,
            players=tuple((p, names.get(p, p)) for p in a.players),
            value=a.value,
            citation=a.citation or None,
        )
        for a in result.accessits
    )
    return SeasonStandings(
        season=season.name,
        closed=closed,
        lines=tuple(lines),
        accessits=accessits,
        min_manches=season.ruleset().min_manches,
    )


def build_details(result: rules.SeasonResult, explanation_lines: int) -> StandingsDetails:
    """The chart's data of ``result``, and how many lines its explanations hold together."""
    return StandingsDetails(
        explanation_lines=explanation_lines,
        manche_numbers=tuple(result.manches),
        progression=_progression(result),
    )


def standings_document(standings: SeasonStandings) -> dict:
    """``{"season", "standings", "accessits"}`` exactly as the season format writes them."""
    n = rules.json_number
    rows = [
        {
            "player": line.player,
            "rank": line.rank,
            "manches": line.manches,
            "place_points": n(line.place_points),
            "bonus": n(line.bonus),
            "malus": n(line.malus),
            "points": n(line.points),
            "average": n(line.average),
            "title": line.title,
        }
        for line in standings.lines
    ]
    accessits = []
    for a in standings.accessits:
        item: dict[str, Any] = {"award": a.award, "players": sorted(p for p, _name in a.players)}
        if a.value is not None:
            item["value"] = a.value
        if a.citation:
            item["citation"] = a.citation
        accessits.append(item)
    return {"season": standings.season, "standings": rows, "accessits": accessits}

"""A season: its manches, the classification, titles and accessits (§4–§6).

:func:`compute_season` is a pure function of the season's recorded facts and
``now`` (which decides which compte-rendu deadlines are reached), so the
site recomputes it whenever anything changes; before the season is closed
titles and accessits are provisional and the participation malus is only
shown as what it *would* be.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from fractions import Fraction

from .adjustments import PARTICIPATION, Adjustment
from .comptes_rendus import (
    CR_STATUSES,
    REJECTED,
    CompteRenduRecord,
    as_of,
    compte_rendu_adjustments,
    last_manche_deadline,
    rejection_deadline,
    replacement_window,
)
from .deadlines import Deadlines
from .donne import ContractDonne, MisereGame
from .errors import RuleViolation, prefixed, raise_if
from .manche import (
    QuickResult,
    RankingEntry,
    manche_bonuses,
    rank_manche,
    seated_order,
    validate_order,
    validate_quick_results,
)
from .manche import (
    vainqueurs as ranking_vainqueurs,
)
from .memory import cycle_collector_paused
from .messages import Message, ngettext
from .messages import gettext_noop as _
from .numbers import to_decimal
from .ruleset import RuleSet
from .sheet import SheetResult, _score_valid_sheet, validate_sheet

__all__ = [
    "AWARDS",
    "Accessit",
    "Award",
    "MANCHE_STATUSES",
    "MancheInput",
    "MancheOutcome",
    "PlayerInfo",
    "SeasonInput",
    "SeasonResult",
    "StandingRow",
    "TITLES",
    "changes_after",
    "compute_season",
    "validate_season",
]

PLANNED, PLAYED, CANCELLED = "planned", "played", "cancelled"
MANCHE_STATUSES = (PLANNED, PLAYED, CANCELLED)
#: Trophies the President awards (§6).
AWARDS = ("fair_play", "manque_de_bol", "truffe")
#: Titles by rank number (a shared rank shares the title).
TITLES = {1: "champion", 2: "vice_champion", 3: "vice_vice_champion"}


@dataclass(frozen=True)
class PlayerInfo:
    """A player: ``id`` is the account's username; ``first_season`` the name
    of his first season (for the rookie accessit)."""

    id: str
    name: str
    first_season: str | None = None


@dataclass(frozen=True)
class MancheInput:
    """One manche as recorded: ``table`` the seats in playing order,
    ``absent`` the last-minute withdrawal of a manche at 4; a played manche
    has either ``donnes`` (the full sheet) or ``results`` (the quick form)."""

    number: int
    starts_at: datetime
    status: str = PLAYED
    table: tuple[str, ...] = ()
    absent: str | None = None
    donnes: tuple[ContractDonne | MisereGame, ...] | None = None
    results: tuple[QuickResult, ...] | None = None
    order: tuple[str, ...] | None = None
    comptes_rendus: tuple[CompteRenduRecord, ...] = ()


@dataclass(frozen=True)
class Award:
    """A trophy the President awards (``fair_play``, ``manque_de_bol``, ``truffe``)."""

    award: str
    player: str
    citation: str | None = None


@dataclass(frozen=True)
class SeasonInput:
    """Everything recorded about a season."""

    name: str
    ruleset: RuleSet
    players: Mapping[str, PlayerInfo] = field(hash=False)
    manches: tuple[MancheInput, ...] = ()
    president: str | None = None
    closed: bool = False
    awards: tuple[Award, ...] = ()


@dataclass(frozen=True)
class MancheOutcome:
    """What a played manche gives: its sheet (None for the quick form), its
    classification, its adjustments (one per event, each with its reason),
    its vainqueurs (player ids) and its compte-rendu deadlines (a view into
    the season's one list of manche starts: see :mod:`.deadlines`)."""

    number: int
    sheet: SheetResult | None
    ranking: tuple[RankingEntry, ...]
    adjustments: tuple[Adjustment, ...]
    vainqueurs: tuple[str, ...]
    deadlines: Deadlines


@dataclass(frozen=True)
class StandingRow:
    """A line of the classification: ``malus`` is a positive total;
    ``points = place_points + bonus − malus``; ``average = points ÷ (manches + 1)``."""

    player: str
    rank: int
    manches: int
    place_points: Decimal
    bonus: Decimal
    malus: Decimal
    points: Decimal
    average: Fraction
    title: str | None
    tied: bool


@dataclass(frozen=True)
class Accessit:
    """A trophy: computed ones carry ``value`` (aquila, abysses: the manche
    score), awarded ones their ``citation``. ``players`` sorted by id."""

    award: str
    players: tuple[str, ...]
    value: int | None = None
    citation: str | None = None


@dataclass(frozen=True)
class SeasonResult:
    """Everything computed. ``provisional_participation`` maps a player to
    the (negative) participation malus he would get if the season closed now;
    ``standings_if_closed`` is the classification with it."""

    manches: dict[int, MancheOutcome] = field(hash=False)
    standings: tuple[StandingRow, ...]
    accessits: tuple[Accessit, ...]
    adjustments_by_player: dict[str, list[Adjustment]] = field(hash=False)
    provisional_participation: dict[str, Decimal] = field(hash=False)
    standings_if_closed: tuple[StandingRow, ...]


# --------------------------------------------------------------------------
# validation
# --------------------------------------------------------------------------


def _v(path: str, text: str, **params) -> RuleViolation:
    return RuleViolation(path, Message(text, params))


def _aware(moment: object) -> bool:
    return isinstance(moment, datetime) and moment.tzinfo is not None and moment.utcoffset() is not None


@dataclass
class _Played:
    """A played manche once its scores are known."""

    index: int
    manche: MancheInput
    sheet: SheetResult | None
    scores: dict[str, int]
    ranking: tuple[RankingEntry, ...]


def _players(season: SeasonInput) -> dict[str, PlayerInfo]:
    players = season.players
    if isinstance(players, Mapping):
        return dict(players)
    return {p.id: p for p in players}


def _examine(season: SeasonInput) -> tuple[list[RuleViolation], list[_Played]]:
    """Every problem of the season, and the played manches scored when valid."""
    ruleset = season.ruleset
    problems: list[RuleViolation] = []
    players = _players(season)
    for i, (key, info) in enumerate(players.items()):
        if info.id != key:
            problems.append(_v(f"players[{i}].id", _("%(id)s is listed under %(key)s"), id=info.id, key=key))
    if season.president is not None and season.president not in players:
        problems.append(_v("season.president", _("unknown player %(player)s"), player=season.president))
    numbers: set = set()
    played: list[_Played] = []
    for i, manche in enumerate(season.manches):
        path = f"manches[{i}]"
        found = _manche_problems(ruleset, players, manche, numbers)
        scored = None
        if manche.status == PLAYED and not [p for p in found if not p.field.startswith("comptes_rendus")]:
            scored, more = _score_manche(ruleset, i, manche)
            found.extend(more)
            if scored is not None:
                found.extend(_president_problems(season, manche, scored))
        problems.extend(prefixed(path, found))
        if scored is not None and not found:
            played.append(scored)
    for i, award in enumerate(season.awards):
        if award.award not in AWARDS:
            problems.append(
                _v(
                    f"awards[{i}].award",
                    _("unknown award %(value)r: expected one of %(awards)s"),
                    value=award.award,
                    awards=", ".join(AWARDS),
                )
            )
        if award.player not in players:
            problems.append(_v(f"awards[{i}].player", _("unknown player %(player)s"), player=award.player))
    return problems, played


def _manche_problems(
    ruleset: RuleSet, players: Mapping, manche: MancheInput, numbers: set
) -> list[RuleViolation]:
    """Problems of a manche that do not need its scores (paths relative to it)."""
    found: list[RuleViolation] = []
    if not isinstance(manche.number, int) or isinstance(manche.number, bool):
        found.append(_v("number", _("must be an integer, got %(value)r"), value=manche.number))
    elif manche.number in numbers:
        found.append(_v("number", _("manche %(number)s is listed twice"), number=manche.number))
    numbers.add(manche.number)
    if manche.status not in MANCHE_STATUSES:
        found.append(
            _v("status", _("must be planned, played or cancelled, got %(value)r"), value=manche.status)
        )
    if not _aware(manche.starts_at):
        found.append(
            _v(
                "starts_at",
                _("must be a date and time with its UTC offset, got %(value)s"),
                value=manche.starts_at,
            )
        )
    table = tuple(manche.table or ())
    seen = set()
    for j, player in enumerate(table):
        if player not in players:
            found.append(_v(f"table[{j}]", _("unknown player %(player)s"), player=player))
        if player in seen:
            found.append(_v(f"table[{j}]", _("%(player)s is registered twice"), player=player))
        seen.add(player)
    if manche.absent is not None:
        if manche.absent not in players:
            found.append(_v("absent", _("unknown player %(player)s"), player=manche.absent))
        if manche.absent in seen:
            found.append(_v("absent", _("%(player)s is seated at the table"), player=manche.absent))
        if not ruleset.allows_absent:
            found.append(_v("absent", _("a manche has no absent player under the FFT rules")))
    if manche.status == PLAYED:
        found.extend(_table_size_problems(ruleset, manche, table))
        if manche.donnes is None and manche.results is None:
            found.append(_v("donnes", _("a played manche needs its donnes or its results")))
        elif manche.donnes is not None and manche.results is not None:
            found.append(_v("results", _("a played manche has its donnes or its results, not both")))
    for j, cr in enumerate(manche.comptes_rendus or ()):
        p = f"comptes_rendus[{j}]"
        if cr.author not in seen:
            found.append(
                _v(
                    f"{p}.author",
                    _("%(player)s did not play this manche (participants: %(players)s)"),
                    player=cr.author,
                    players=", ".join(table),
                )
            )
        if cr.status not in CR_STATUSES:
            found.append(
                _v(f"{p}.status", _("must be pending, accepted or rejected, got %(value)r"), value=cr.status)
            )
        if not _aware(cr.posted_at):
            found.append(
                _v(
                    f"{p}.posted_at",
                    _("must be a date and time with its UTC offset, got %(value)s"),
                    value=cr.posted_at,
                )
            )
        if cr.status == REJECTED:
            if cr.rejected_at is None:
                found.append(_v(f"{p}.rejected_at", _("a rejected compte-rendu needs its rejection time")))
            elif not _aware(cr.rejected_at):
                found.append(
                    _v(
                        f"{p}.rejected_at",
                        _("must be a date and time with its UTC offset, got %(value)s"),
                        value=cr.rejected_at,
                    )
                )
            elif _aware(cr.posted_at) and cr.rejected_at < cr.posted_at:
                found.append(_v(f"{p}.rejected_at", _("cannot be before the compte-rendu was posted")))
    return found


def _table_size_problems(ruleset: RuleSet, manche: MancheInput, table: tuple) -> list[RuleViolation]:
    n = len(table)
    if ruleset.allows_absent:
        if n == 5 and manche.absent is not None:
            return [_v("absent", _("a manche played at 5 has no absent player"))]
        if n == 4 and manche.absent is None:
            return [
                _v(
                    "absent",
                    _("a manche played at 4 names its absent player (with two withdrawals it is cancelled)"),
                )
            ]
        if n not in (4, 5):
            return [
                _v(
                    "table",
                    _("a tarot-biere table seats 5 players, or 4 plus the absent one, got %(n)s"),
                    n=n,
                )
            ]
        return []
    if n not in ruleset.table_sizes:
        return [_v("table", _("an fft table seats 3, 4 or 5 players, got %(n)s"), n=n)]
    return []


def _score_manche(
    ruleset: RuleSet, index: int, manche: MancheInput
) -> tuple[_Played | None, list[RuleViolation]]:
    table = tuple(manche.table)
    if manche.donnes is not None:
        found = [p for p in validate_sheet(ruleset, table, manche.donnes) if not p.field.startswith("table")]
        if found:
            return None, found
        sheet = _score_valid_sheet(ruleset, table, manche.donnes)
        if sheet.pot != 0:
            return None, [_v("donnes", _("pot must be empty at close, got %(pot)s"), pot=sheet.pot)]
        scores, stats = sheet.totals, sheet.stats
    else:
        found = validate_quick_results(ruleset, table, manche.results)
        if found:
            return None, found
        sheet = None
        scores = {r.player: r.score for r in manche.results}
        stats = {r.player: r for r in manche.results}
    order = seated_order(manche.order, manche.absent)
    if order:
        found = validate_order(table, scores, order)
        if found:
            return None, found
    ranking = rank_manche(ruleset, table, manche.absent, scores, stats, order)
    return _Played(index, manche, sheet, scores, ranking), []


def _president_problems(season: SeasonInput, manche: MancheInput, scored: _Played) -> list[RuleViolation]:
    """The President may not write a *replacement* compte-rendu (rulings
    §5.5): one posted after the first rejection of a vainqueur's and before
    that vainqueur's accepted revision. Any other post of his on a manche he
    did not win is history (the forum let anyone post): it earns and costs
    nothing, so it is imported as written."""
    president = season.president
    if president is None:
        return []
    winners = ranking_vainqueurs(scored.ranking)
    if president in winners:
        return []
    records = tuple(manche.comptes_rendus or ())
    window = replacement_window(winners, records)
    if window is None:
        return []
    t0, revised = window
    return [
        _v(
            f"comptes_rendus[{j}].author",
            _(
                "the President (%(player)s) may not write a replacement compte-rendu"
                " (posted after the rejection of the winner's, before his accepted revision)"
            ),
            player=president,
        )
        for j, cr in enumerate(records)
        if cr.author == president and t0 < cr.posted_at and (revised is None or cr.posted_at < revised)
    ]


def validate_season(season: SeasonInput) -> None:
    """Raise :class:`~.errors.InvalidInput` listing every problem of the
    season with ``manches[i]…`` paths."""
    problems, _played = _examine(season)
    raise_if(problems)


# --------------------------------------------------------------------------
# computation
# --------------------------------------------------------------------------


def compute_season(season: SeasonInput, *, now: datetime) -> SeasonResult:
    """Classification, adjustments, titles and accessits of ``season`` as of ``now``."""
    with cycle_collector_paused():
        return _compute_season(season, now=now)


def _compute_season(season: SeasonInput, *, now: datetime) -> SeasonResult:
    problems, played = _examine(season)
    if not _aware(now):
        problems.append(_v("now", _("must be a date and time with its UTC offset, got %(value)s"), value=now))
    raise_if(problems)
    ruleset = season.ruleset
    players = _players(season)
    # every non-cancelled manche's start, in UTC and in order, once: the
    # deadlines of a manche are the starts after its own, a view into it
    live = sorted((m.starts_at.astimezone(UTC), m.number) for m in season.manches if m.status != CANCELLED)
    starts = tuple(s for s, _n in live)
    starting_at = dict(live)
    outcomes: dict[int, MancheOutcome] = {}
    for p in sorted(played, key=lambda p: (p.manche.starts_at, p.manche.number)):
        m = p.manche
        first = bisect.bisect_right(starts, m.starts_at.astimezone(UTC))
        final = last_manche_deadline(ruleset, m.starts_at) if first == len(starts) else None
        deadlines = Deadlines(starts, first, final)
        winners = ranking_vainqueurs(p.ranking)
        adjustments = manche_bonuses(ruleset, p.ranking, m.number) + compte_rendu_adjustments(
            ruleset,
            number=m.number,
            vainqueurs=winners,
            participants=tuple(m.table),
            deadlines=deadlines,
            comptes_rendus=tuple(m.comptes_rendus or ()),
            now=now,
            deadline_manches=starting_at,
        )
        outcomes[m.number] = MancheOutcome(
            number=m.number,
            sheet=p.sheet,
            ranking=p.ranking,
            adjustments=tuple(adjustments),
            vainqueurs=winners,
            deadlines=deadlines,
        )
    outcomes = dict(sorted(outcomes.items()))
    participation = _participation(ruleset, outcomes)
    open_rows = _standings(players, outcomes, [])
    closed_rows = _standings(players, outcomes, participation)
    standings = closed_rows if season.closed else open_rows
    by_player: dict[str, list[Adjustment]] = {}
    for outcome in outcomes.values():
        for adj in outcome.adjustments:
            by_player.setdefault(adj.player, []).append(adj)
    if season.closed:
        for adj in participation:
            by_player.setdefault(adj.player, []).append(adj)
    return SeasonResult(
        manches=outcomes,
        standings=standings,
        accessits=_accessits(season, players, outcomes, standings),
        adjustments_by_player=by_player,
        provisional_participation={a.player: a.value for a in participation},
        standings_if_closed=closed_rows,
    )


def changes_after(season: SeasonInput, result: SeasonResult, now: datetime) -> datetime | None:
    """The first instant after ``now`` at which :func:`compute_season` may compute
    ``season`` otherwise than ``result`` (computed at ``now``); None when never.

    ``now`` enters the computation only through the comptes-rendus of the played
    manches: a deadline falls (a late malus), the window to react to a rejection
    closes (a non-conforme malus; past the season's last start it is none of the
    manche's deadlines), and a compte-rendu posted or rejected after ``now``
    counts from its own instant (an imported season may hold one). Whatever keeps
    a computation keeps it until then.
    """
    utc_now = now.astimezone(UTC)
    ahead = [outcome.deadlines.first_after(utc_now) for outcome in result.manches.values()]
    records = {manche.number: manche.comptes_rendus or () for manche in season.manches}
    for number, outcome in result.manches.items():
        for cr in records[number]:
            ahead += [cr.posted_at, cr.rejected_at]
        window = rejection_deadline(
            season.ruleset,
            vainqueurs=outcome.vainqueurs,
            deadlines=outcome.deadlines,
            comptes_rendus=as_of(records[number], now),
        )
        if window is not None:
            ahead.append(window[1])
    return min(
        (m.astimezone(UTC) for m in ahead if m is not None and m.astimezone(UTC) > utc_now), default=None
    )


def _manche_counts(outcomes: Mapping[int, MancheOutcome]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for outcome in outcomes.values():
        for entry in outcome.ranking:
            counts[entry.player] = counts.get(entry.player, 0) + 1
    return counts


def _participation(ruleset: RuleSet, outcomes: Mapping[int, MancheOutcome]) -> list[Adjustment]:
    """−1 per manche missing below the minimum (§5.6), for every classified player."""
    out = []
    for player, n in _manche_counts(outcomes).items():
        missing = ruleset.min_manches - n
        if missing > 0:
            out.append(
                Adjustment(
                    player,
                    PARTICIPATION,
                    Decimal(-missing),
                    None,
                    # "un malus de -1 par point d'écart entre le seuil de partie requis (10)
                    # et le nombre de parties effectuées"
                    Message(
                        _(
                            "Participation: %(manches)s of the %(minimum)s required, −1 per missing manche: −%(missing)s"
                        ),
                        {
                            "missing": missing,
                            "manches": ngettext("%(n)s manche played", "%(n)s manches played", n),
                            "minimum": ruleset.min_manches,
                        },
                    ),
                )
            )
    return out


def _standings(
    players: Mapping[str, PlayerInfo], outcomes: Mapping[int, MancheOutcome], extra: Sequence[Adjustment]
) -> tuple[StandingRow, ...]:
    zero = Fraction(0)
    acc: dict[str, list] = {}  # player -> [manches, place_points, bonus, malus], exact
    for outcome in outcomes.values():
        for entry in outcome.ranking:
            row = acc.setdefault(entry.player, [0, zero, zero, zero])
            row[0] += 1
            row[1] += entry.points_fraction
        for adj in outcome.adjustments:
            _add_adjustment(acc, adj)
    for adj in extra:
        _add_adjustment(acc, adj)
    rows = []
    for player, (n, pp, bonus, malus) in acc.items():
        points = pp + bonus - malus
        rows.append(
            (
                player,
                n,
                to_decimal(pp),
                to_decimal(bonus),
                to_decimal(malus),
                to_decimal(points),
                points / (n + 1),
            )
        )

    def name(player: str) -> str:
        info = players.get(player)
        return info.name if info else player

    rows.sort(key=lambda r: (-r[6], -r[1], name(r[0]), r[0]))
    averages = [r[6] for r in rows]
    out = []
    for i, (player, n, pp, bonus, malus, points, average) in enumerate(rows):
        rank = 1 + next(k for k, a in enumerate(averages) if a == average)
        tied = (i > 0 and averages[i - 1] == average) or (i + 1 < len(rows) and averages[i + 1] == average)
        out.append(StandingRow(player, rank, n, pp, bonus, malus, points, average, TITLES.get(rank), tied))
    return tuple(out)


def _add_adjustment(acc: dict[str, list], adj: Adjustment) -> None:
    row = acc.get(adj.player)
    if row is None:  # adjustments only concern classified players
        return
    if adj.value >= 0:
        row[2] += Fraction(adj.value)
    else:
        row[3] -= Fraction(adj.value)


def _accessits(
    season: SeasonInput,
    players: Mapping[str, PlayerInfo],
    outcomes: Mapping[int, MancheOutcome],
    standings: Sequence[StandingRow],
) -> tuple[Accessit, ...]:
    out = []
    if standings:
        worst = max(r.rank for r in standings)
        out.append(
            Accessit("cuillere_de_bois", tuple(sorted(r.player for r in standings if r.rank == worst)))
        )
    seated = [(e.score, e.player) for o in outcomes.values() for e in o.ranking if not e.absent]
    if seated:
        high = max(s for s, _p in seated)
        low = min(s for s, _p in seated)
        out.append(Accessit("aquila", tuple(sorted({p for s, p in seated if s == high})), value=high))
        out.append(Accessit("abysses", tuple(sorted({p for s, p in seated if s == low})), value=low))
    rookies = [
        r for r in standings if players.get(r.player) and players[r.player].first_season == season.name
    ]
    if rookies:
        best = min(r.rank for r in rookies)
        out.append(Accessit("rookie", tuple(sorted(r.player for r in rookies if r.rank == best))))
    for award in season.awards:
        out.append(Accessit(award.award, (award.player,), citation=award.citation))
    return tuple(out)

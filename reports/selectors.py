"""What the reports read: standings lines, a player's record, the palmarès.

Every number comes from the rules engine through
``league.selectors.engine.season_result``; this module only picks, groups and names
what the engine computed. The few sums it makes (a player's manches over
several seasons, his prises over a season) add engine outputs together, they
apply no rule.

Each read is cached under the season's ``revision`` (bumped by every write
that changes results, comptes-rendus, awards or parameters, through
``league.selectors.engine.invalidate``) and, like the engine's own cache, only until
the next compte-rendu deadline the computation did not count yet. A warm page
therefore costs a fixed handful of queries and no recomputation, whatever the
size of the season.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Q
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from league import rules
from league.models import CompteRendu, Manche, Season
from league.selectors import engine as league_selectors
from league.selectors.seasons import listed_seasons

TITLE_LABELS = {
    "champion": _("Champion du Monde"),
    "vice_champion": _("Vice-Champion du Monde"),
    "vice_vice_champion": _("Vice-Vice-Champion du Monde"),
}
ACCESSIT_LABELS = {
    "cuillere_de_bois": _("Cuillère de bois"),
    "aquila": _("Aquila"),
    "abysses": _("Abysses"),
    "rookie": _("Rookie of the year"),
    "fair_play": _("Prix du Fair-Play"),
    "manque_de_bol": _("Prix du Manque de bol"),
    "truffe": _("Trophée de la Truffe"),
}
ACCESSIT_HELP = {
    "cuillere_de_bois": _("dernier du classement final"),
    "aquila": _("meilleur score d'une manche de la saison"),
    "abysses": _("plus mauvais score d'une manche de la saison"),
    "rookie": _("meilleur classé de ceux dont c'est la première saison"),
    "fair_play": _("décerné par le Président"),
    "manque_de_bol": _("décerné par le Président"),
    "truffe": _("décerné par le Président"),
}
CONTRACT_LABELS = {
    "pouce": _("Pouce"),
    "prise": _("Prise"),
    "garde": _("Garde"),
    "garde_sans": _("Garde sans"),
    "garde_contre": _("Garde contre"),
}
CACHE_PREFIX = "reports"


# --------------------------------------------------------------------------
# caching under a season's revision
# --------------------------------------------------------------------------


def valid_until(result: rules.SeasonResult, now: datetime) -> datetime:
    """Until when a reading of ``result`` stays right: the next compte-rendu
    deadline still ahead (a late malus may fall then), at most
    ``RESULT_MAX_AGE`` from now, as the engine's own cache does."""
    upcoming = [d for o in result.manches.values() for d in (o.deadlines or ()) if d > now]
    return min([now + league_selectors.RESULT_MAX_AGE, *upcoming])


def cached(key: str, now: datetime) -> Any:
    """What :func:`store` kept under ``key``, if ``now`` is in its window (else None)."""
    hit = cache.get(key)
    if hit is not None:
        computed_at, until, value = hit
        if computed_at <= now < until:
            return value
    return None


def store(key: str, now: datetime, until: datetime, value: Any) -> None:
    cache.set(key, (now, until, value), timeout=max(1, int((until - now).total_seconds()) + 1))


def memo(key: str, now: datetime, compute: Callable[[], tuple[Any, datetime]]) -> Any:
    """``compute() -> (value, valid_until)`` cached under ``key`` while ``now`` is in its window."""
    value = cached(key, now)
    if value is None:
        value, until = compute()
        store(key, now, until, value)
    return value


def season_key(season: Season, *parts: object) -> str:
    """A cache key that changes with every write to the season (its revision)."""
    return ":".join(str(p) for p in (CACHE_PREFIX, *parts, season.pk, season.revision))


def names_of(usernames: Iterable[str]) -> dict[str, str]:
    """Display names of these players, in one query."""
    usernames = set(usernames)
    if not usernames:
        return {}
    found = dict(User.objects.filter(username__in=usernames).values_list("username", "display_name"))
    return {u: found.get(u) or u for u in usernames}


# --------------------------------------------------------------------------
# seasons
# --------------------------------------------------------------------------


# --------------------------------------------------------------------------
# the classification of one season
# --------------------------------------------------------------------------


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


@dataclass(frozen=True)
class StandingsDetails:
    """What only the full standings page shows: every line's explanation and the chart's data."""

    #: player -> the engine's explanation lines of his total.
    explanations: dict[str, tuple[rules.Message, ...]] = field(default_factory=dict)
    #: Manche numbers in the order they were played (the chart's x axis).
    manche_numbers: tuple[int, ...] = ()
    #: player -> ((manche number, points moyens after it), …) at the manches he played.
    progression: dict[str, tuple[tuple[int, Fraction], ...]] = field(default_factory=dict)


def _explanations(result: rules.SeasonResult) -> dict[str, tuple[rules.Message, ...]]:
    """The engine's explanation of every classified player's total.

    ``explain_player`` walks every manche of the season; it is handed a view
    of the result holding only the manches the player was in, so explaining
    200 players of 1600 manches stays linear.
    """
    played_in: dict[str, dict[int, rules.MancheOutcome]] = {}
    for number, outcome in result.manches.items():
        for entry in outcome.ranking:
            played_in.setdefault(entry.player, {})[number] = outcome
    return {
        row.player: rules.explain_player(replace(result, manches=played_in.get(row.player, {})), row.player)
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


def build_details(result: rules.SeasonResult) -> StandingsDetails:
    return StandingsDetails(
        explanations=_explanations(result),
        manche_numbers=tuple(result.manches),
        progression=_progression(result),
    )


def season_standings(season: Season, *, now: datetime) -> SeasonStandings:
    """The classification of ``season`` as of ``now``, cached under its revision."""
    return reading(season, now, "standings")


def standings_with_details(
    season: Season, *, now: datetime
) -> tuple[SeasonStandings, StandingsDetails | None]:
    """The classification and its explanations (None when the engine refused the season's data)."""
    lean = cached(season_key(season, "standings"), now)
    details = cached(season_key(season, "details"), now)
    if lean is None or (details is None and not lean.problems):
        readings = digest(season, now)
        lean = readings[season_key(season, "standings")]
        details = readings.get(season_key(season, "details"))
    return lean, details


# --------------------------------------------------------------------------
# the JSON document of the standings
# --------------------------------------------------------------------------


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


# --------------------------------------------------------------------------
# a player over the seasons
# --------------------------------------------------------------------------


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


def player_season(season: Season, player: str, *, now: datetime) -> PlayerSeason:
    """What ``player`` did in ``season`` (an empty record when he is not in it)."""
    key = season_key(season, "player", player)
    found = cached(key, now)
    if found is None:
        lean = cached(season_key(season, "standings"), now)
        if lean is None or not lean.problems:
            found = digest(season, now).get(key)
            lean = cached(season_key(season, "standings"), now)
        if found is None:
            problems = lean is not None and bool(lean.problems)
            return PlayerSeason(season=season.name, closed=season.is_closed, problems=problems)
    return found


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


def player_record(user: User, *, now: datetime) -> PlayerRecord:
    """Every season ``user`` played, with his totals (one query plus one cached read per season)."""
    seasons = [player_season(s, user.username, now=now) for s in seasons_played(user)]
    places: Counter = Counter()
    contracts: dict[str, list[int]] = {}
    best = worst = None
    titles: Counter = Counter()
    for ps in seasons:
        for m in ps.manches:
            places[m.place] += 1
            if m.absent:
                continue
            if best is None or m.score > best[1].score:
                best = (ps.season, m)
            if worst is None or m.score < worst[1].score:
                worst = (ps.season, m)
        for c, (taken, won) in ps.contracts.items():
            tally = contracts.setdefault(c, [0, 0])
            tally[0] += taken
            tally[1] += won
        if ps.title and ps.closed:
            titles[ps.title] += 1
    return PlayerRecord(
        seasons=tuple(seasons),
        manches=sum(len(ps.manches) for ps in seasons),
        wins=sum(ps.wins for ps in seasons),
        places=dict(sorted(places.items())),
        prises=sum(ps.prises for ps in seasons),
        prises_won=sum(ps.prises_won for ps in seasons),
        bouts=sum(ps.bouts for ps in seasons),
        contracts={c: (t[0], t[1]) for c, t in contracts.items()},
        chelems=sum(ps.chelems for ps in seasons),
        petits_au_bout=sum(ps.petits_au_bout for ps in seasons),
        poignees=sum(ps.poignees for ps in seasons),
        sheet_manches=sum(ps.sheet_manches for ps in seasons),
        best=best,
        worst=worst,
        titles=_title_counts(titles),
    )


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


# --------------------------------------------------------------------------
# the palmarès
# --------------------------------------------------------------------------


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


def season_honours(season: Season, *, now: datetime) -> SeasonHonours:
    return reading(season, now, "honours")


# --------------------------------------------------------------------------
# one computation, every reading
# --------------------------------------------------------------------------


def reading(season: Season, now: datetime, kind: str, *parts: str) -> Any:
    """One cached reading of ``season`` (``standings``, ``details``, ``honours``,
    ``player <id>``); on a miss every reading is made again by :func:`digest`.
    None when there is no such reading (a player not in the season)."""
    key = season_key(season, kind, *parts)
    value = cached(key, now)
    if value is None:
        value = digest(season, now).get(key)
    return value


def digest(season: Season, now: datetime) -> dict[str, Any]:
    """Read the engine's result once and cache every reading the reports make of it.

    The engine's result of a big season is large (every donne of every
    sheet), so reading it back from the cache costs seconds; the reports'
    readings are small and each page loads only the one it shows.
    """
    try:
        result = league_selectors.season_result(season, now=now)
    except rules.InvalidInput as exc:
        until = now + league_selectors.RESULT_MAX_AGE
        readings = {
            season_key(season, "standings"): SeasonStandings(
                season=season.name, closed=season.is_closed, problems=tuple(exc.problems), valid_until=until
            ),
            season_key(season, "honours"): SeasonHonours(
                season=season.name, closed=season.is_closed, problems=True
            ),
        }
    else:
        until = valid_until(result, now)
        readings = {
            season_key(season, "standings"): replace(build_standings(season, result), valid_until=until),
            season_key(season, "details"): build_details(result),
            season_key(season, "honours"): _honours(season, result),
        }
        for player, record in player_seasons(season, result).items():
            readings[season_key(season, "player", player)] = record
    timeout = max(1, int((until - now).total_seconds()) + 1)
    cache.set_many({key: (now, until, value) for key, value in readings.items()}, timeout=timeout)
    return readings


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


def palmares(*, now: datetime, limit: int = 10) -> Palmares:
    """Every season's podium and accessits, and the all-time records (closed seasons' titles only)."""
    honours = [season_honours(s, now=now) for s in listed_seasons()]
    highest: list = []
    lowest: list = []
    titles: dict[str, Counter] = {}
    manches: Counter = Counter()
    for h in honours:
        highest.extend((s, p, h.season, n) for s, p, n in h.highest)
        lowest.extend((s, p, h.season, n) for s, p, n in h.lowest)
        manches.update(h.manches)
        if h.closed:
            for _rank, player, title in h.podium:
                titles.setdefault(player, Counter())[title] += 1
    top = max((x[0] for x in highest), default=None)
    bottom = min((x[0] for x in lowest), default=None)
    title_table = sorted(
        titles.items(),
        key=lambda kv: (
            -kv[1]["champion"],
            -kv[1]["vice_champion"],
            -kv[1]["vice_vice_champion"],
            kv[0],
        ),
    )[:limit]
    most = sorted(manches.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
    usernames = {p for h in honours for _r, p, _t in h.podium}
    usernames.update(p for h in honours for a in h.accessits for p in a.players)
    usernames.update(p for h in honours for _s, p, _n in (*h.highest, *h.lowest))
    usernames.update(p for p, _n in most)
    return Palmares(
        seasons=tuple(honours),
        names=names_of(usernames),
        highest=tuple(sorted(x for x in highest if x[0] == top)),
        lowest=tuple(sorted(x for x in lowest if x[0] == bottom)),
        titles=tuple((player, _title_counts(counter)) for player, counter in title_table),
        most_manches=tuple(most),
    )

"""What the report pages read, cached: one computation of a season per revision, every reading made from it.

:func:`digest` makes every reading the pages make of the engine's result
(the standings, their details, the honours, each player's season) in the
same pass as the engine's own (``league.selectors.engine.season_readings``,
which calls it), and ``league.revision_cache`` keeps them with the engine's;
a warm page costs a fixed handful of queries and no recomputation, whatever
the size of the season.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from accounts.models import User
from league import revision_cache, rules
from league.models import Season
from league.rules import records as records_engine
from league.selectors import engine as league_selectors
from league.selectors.seasons import listed_seasons

from ..projections import PlayerGoals, SeasonProjections, build_projections, player_goals
from .cache import reading_name
from .palmares import Palmares, SeasonHonours, _honours
from .players import PlayerRecord, PlayerSeason, _title_counts, player_seasons, seasons_played
from .standings import (
    SeasonStandings,
    StandingsDetails,
    build_details,
    build_standings,
    explains_inline,
    explanation_parts,
    explanations,
    names_of,
)


def reading(season: Season, now: datetime, kind: str, *parts: str) -> Any:
    """One cached reading of ``season`` (``standings``, ``details``, ``explanation <id>``, ``progression <id>``, ``honours``,
    ``projections``, ``rated``, ``players``, ``player <id>``); on a miss every reading is made again by
    the season's computation. None when there is no such reading (a player not in the season)."""
    return league_selectors.season_reading(
        season, reading_name(kind, *parts), now=now, revision=season.revision
    )


def digest(
    season: Season,
    computed: rules.SeasonResult | league_selectors.Refused,
    until: datetime | None,
) -> dict[str, Any]:
    """Every reading the reports make of the engine's result (``computed``; or the
    problems it refused the season for), made with it and kept with the engine's readings
    until ``until`` (the standings show when they go stale).

    The engine's result of a big season is large, so it is never kept in the
    cache: the reports' readings are small and each page loads only the one it
    shows.
    """
    if isinstance(computed, league_selectors.Refused):
        readings = {
            "standings": SeasonStandings(
                season=season.name, closed=season.is_closed, problems=computed.problems
            ),
            "honours": SeasonHonours(season=season.name, closed=season.is_closed, problems=True),
            "players": frozenset(),
        }
    else:
        result = computed
        records = player_seasons(season, result)
        details = build_details(result, sum(rules.explanation_lengths(result).values()))
        readings = {
            "standings": replace(build_standings(season, result), valid_until=until),
            "details": details,
            "honours": _honours(season, result),
            "projections": build_projections(season, result),
            "rated": rules.rated_manches(season.name, result),
            "players": frozenset(records),
        }
        readings.update({f"player:{player}": record for player, record in records.items()})
        if explains_inline(details):
            readings.update(
                {f"explanation:{player}": lines for player, lines in explanations(result).items()}
            )
            readings["explanation-parts"] = None  # says so to an unfolded line (see line_explanation)
        else:
            readings["explanation-parts"] = explanation_parts(result)
        readings.update({f"progression:{p}": points for p, points in readings["details"].progression.items()})
        projections = readings["projections"]
        names = readings["standings"].names
        readings.update(
            {f"projection:{p}": player_goals(goals, names) for p, goals in projections.players.items()}
        )
    return {reading_name(name): value for name, value in readings.items()}


def season_standings(season: Season, *, now: datetime) -> SeasonStandings:
    """The classification of ``season`` as of ``now``, cached under its revision."""
    return reading(season, now, "standings")


def standings_with_details(
    season: Season, *, now: datetime
) -> tuple[SeasonStandings, StandingsDetails | None]:
    """The classification and its chart's data (None when the engine refused the season's data)."""
    lean = reading(season, now, "standings")
    details = None if lean.problems else reading(season, now, "details")
    return lean, details


def player_progression(season: Season, player: str, *, now: datetime) -> tuple | None:
    """``player``'s points moyens after each of his manches (see ``StandingsDetails.progression``; None when he has none)."""
    return reading(season, now, "progression", player)


def line_explanation(season: Season, player: str, *, now: datetime) -> tuple[rules.Message, ...] | None:
    """The engine's explanation of ``player``'s total (None when he is not classified):
    made with the season, or for a big one from his manches' and his line's readings."""
    # Which of the two is read from a reading of its own: the details, which also say it,
    # hold every player's progression, unpickled again for each unfolded line.
    every_part = reading(season, now, "explanation-parts")
    if every_part is None:
        return reading(season, now, "explanation", player)
    parts = every_part.get(player)
    if parts is None:
        return None
    row, adjustments = parts
    numbers = [line.number for line in player_season(season, player, now=now).manches]
    outcomes = league_selectors.manche_outcomes(season, numbers, now=now)
    # While the season is recomputed his record may be the previous revision's: a manche since cancelled is passed over.
    played = (outcomes[n] for n in numbers if outcomes[n] is not None)
    return rules.explain_lines(player, played, adjustments, row)


def season_projections(season: Season, *, now: datetime) -> SeasonProjections:
    """Ce qu'il me faut for every player of ``season`` (empty when closed or refused by the engine)."""
    return reading(season, now, "projections") or SeasonProjections(season=season.name)


def player_projection(season: Season, player: str, *, now: datetime) -> PlayerGoals | None:
    """Ce qu'il me faut for ``player`` alone, with the names its goals need (None when there is none)."""
    if season.is_closed:
        return None
    return reading(season, now, "projection", player)


def player_season(season: Season, player: str, *, now: datetime) -> PlayerSeason:
    """What ``player`` did in ``season`` (an empty record when he is not in it)."""
    if player not in reading(season, now, "players"):
        problems = bool(reading(season, now, "standings").problems)
        return PlayerSeason(season=season.name, closed=season.is_closed, problems=problems)
    return reading(season, now, "player", player)


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


def season_honours(season: Season, *, now: datetime) -> SeasonHonours:
    return reading(season, now, "honours")


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


#: Players whose ratings the palmarès lists, and streak holders it lists per kind.
PALMARES_RATINGS = 10
PALMARES_STREAKS = 3


def _ratings_slices(ratings: rules.Ratings) -> dict[str, rules.Ratings]:
    """What the pages read of the club's ratings: the palmarès' top players
    and each player's own (a page unpickles a few kilobytes, not every player's history)."""

    def of(players) -> rules.Ratings:
        return rules.Ratings(
            current={p: ratings.current[p] for p in players},
            history={p: ratings.history[p] for p in players if p in ratings.history},
        )

    slices = {"palmares": of([p for p, _r in ratings.ranked()[:PALMARES_RATINGS]])}
    slices.update({f"player:{p}": of([p]) for p in ratings.current})
    return slices


def _records_slices(records: records_engine.Records) -> dict[str, records_engine.Records]:
    """The palmarès' longest streaks (holders of the first few of each kind) and each player's own records."""

    def of(players) -> records_engine.Records:
        return records_engine.Records(
            longest={p: records.longest[p] for p in players if p in records.longest},
            current={p: records.current[p] for p in players if p in records.current},
            head_to_head={p: records.head_to_head[p] for p in players if p in records.head_to_head},
        )

    kinds = {kind for streaks in records.longest.values() for kind in streaks}
    holders = {s.player for kind in kinds for s in records.longest_of(kind)[:PALMARES_STREAKS]}
    everyone = set(records.longest) | set(records.current) | set(records.head_to_head)
    slices = {"palmares": of(holders)}
    slices.update({f"player:{p}": of([p]) for p in everyone})
    return slices


def _across_seasons(
    kind: str,
    compute: Callable[[list], Any],
    slices: Callable[[Any], dict[str, Any]],
    *,
    now: datetime,
    part: str | None = None,
) -> Any:
    """``compute(manches)`` over every listed season's played manches (oldest season
    first, as :func:`league.rules.rated_manches` gives them), from history;
    with ``part``, only that slice of it (``slices(value)`` names them; None when there is no such slice).

    Kept by ``league.revision_cache`` with the newest season's readings, under
    a name listing every season and the sum of their revisions (revisions only
    grow, so any change to any season computes it again); right until the
    first season's next compte-rendu deadline it did not count.
    """
    seasons = sorted(listed_seasons(), key=lambda s: s.name)
    if not seasons:
        return compute([]) if part is None else None
    name = reading_name(kind, ",".join(str(s.pk) for s in seasons))

    def from_history():
        manches = [m for s in seasons for m in reading(s, now, "rated") or ()]
        expiries = [reading(s, now, "standings").valid_until for s in seasons]
        until = min((u for u in expiries if u is not None), default=None)
        value = compute(manches)
        made = {f"{name}:{key}": piece for key, piece in slices(value).items()}
        made[name] = value
        return made, until

    wanted = name if part is None else f"{name}:{part}"
    revision = sum(s.revision for s in seasons)
    return revision_cache.reading(seasons[-1].pk, revision, wanted, now=now, compute=from_history)


def club_ratings(*, now: datetime, part: str | None = None) -> rules.Ratings:
    """Every player's Elo rating (docs/rating.md); with ``part`` (``palmares``, ``player:<id>``) only those players'."""
    return (
        _across_seasons("ratings", rules.compute_ratings, _ratings_slices, now=now, part=part)
        or rules.Ratings()
    )


def club_records(*, now: datetime, part: str | None = None) -> records_engine.Records:
    """Every player's streaks and head-to-head; with ``part`` (``palmares``, ``player:<id>``) only those players'."""
    return (
        _across_seasons("records", records_engine.compute_records, _records_slices, now=now, part=part)
        or records_engine.Records()
    )

"""Reads that turn database rows into the rules engine's input, and its cached results.

The standings of a season are computed by ``rules.compute_season`` from
every manche, donne and compte-rendu of the season. Loading them takes a
fixed number of queries whatever the season's size. What the pages read of
the result (each manche's outcome here, the reports' readings registered by
:func:`register_digest`) is made in the same pass and cached under the
season's ``revision`` (bumped by every write through
``league.services.revision.invalidate``) by :mod:`league.revision_cache`, so
web processes sharing a Redis cache compute it once per change. Because late
compte-rendu maluses depend on the clock, the readings also expire at the
next deadline the computation did not count yet (and at nothing else).
"""

import json
import logging
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from operator import itemgetter
from typing import NamedTuple

from django.db.models import TextField, Value
from django.db.models.functions import Cast, NullIf
from django.utils import timezone

from accounts.models import User

from .. import revision_cache, rules
from ..models import Award, CompteRendu, Donne, Manche, QuickResult, Season, Seat

logger = logging.getLogger(__name__)

ENGINE_STATUS = {
    Manche.Status.PLANNED: "planned",
    Manche.Status.OPEN: "planned",
    Manche.Status.PLAYED: "played",
    Manche.Status.CANCELLED: "cancelled",
}

#: The donne's small JSON fields, read as their stored text, NULL for an empty list
#: (:func:`_json_text`): nearly every donne has no poignée, misère nor penalty, and
#: an empty list needs no parsing, nor even a call to see that it is empty.
_JSON_FIELDS = ("poignees", "miseres", "penalties", "misere_points")


def _json_text(name: str) -> NullIf:
    """A JSON column as its stored text, NULL when it holds an empty list."""
    return NullIf(Cast(name, TextField()), Value("[]", output_field=TextField()))


#: The card points as the donne's field holds them (one decimal place).
_POINTS_PLACES = Decimal("0.1")


def _points(text: str | None, known: dict[str, Decimal]) -> Decimal | None:
    """The card points from their stored text, as the field reads them (``Decimal``, one
    place). A season's 32,000 donnes hold a few dozen values: each is made once, where
    the field's converter made one per row (a tenth of the reading of a big season)."""
    if text is None:
        return None
    points = known.get(text)
    if points is None:
        points = known[text] = Decimal(text).quantize(_POINTS_PLACES)
    return points


def stored_donne(
    kind,
    dealer,
    taker,
    contract,
    partner,
    bouts,
    points,
    petit_au_bout,
    chelem,
    poignees,
    miseres,
    penalties,
    misere_points,
) -> "rules.ContractDonne | rules.MisereGame":
    """One donne in the engine's terms from its stored fields, in the model's order: players
    by username, the JSON lists parsed (None or empty when there are none). Positional, as
    a big season's 32,000 rows come: the dict each row was first turned into cost a sixth
    of reading the season."""
    if kind == "contract" and not (poignees or miseres or penalties):
        # Nearly every donne: a contract with no poignée, misère nor penalty, made here as
        # ``rules.donne_from_fields`` makes it (in the order of its fields), without its two
        # calls by keyword (a fifth of reading a 50 × 10 season).
        return rules.ContractDonne(
            dealer, taker, contract, partner, bouts, points, petit_au_bout or None, (), chelem or None, (), ()
        )
    return rules.donne_from_fields(
        kind=kind,
        dealer=dealer,
        taker=taker,
        contract=contract,
        partner=partner,
        bouts=bouts,
        points=points,
        petit_au_bout=petit_au_bout or None,
        chelem=chelem or None,
        poignees=poignees or (),
        miseres=miseres or (),
        penalties=penalties or (),
        misere_points=(
            {player: Decimal(str(points)) for player, points in misere_points.items()}
            if misere_points
            else None
        ),
    )


def donne_to_engine(row: dict) -> "rules.ContractDonne | rules.MisereGame":
    """One donne in the engine's terms, from a ``values()``-shaped dict of its fields
    (players by username: ``dealer__username``, ``taker__username``, ``partner__username``)."""
    return stored_donne(
        row["kind"],
        row["dealer__username"],
        row["taker__username"],
        row["contract"],
        row["partner__username"],
        row["bouts"],
        row["points"],
        row["petit_au_bout"],
        row["chelem"],
        row["poignees"],
        row["miseres"],
        row["penalties"],
        row["misere_points"],
    )


def compte_rendu_to_engine(cr) -> "rules.CompteRenduRecord":
    return rules.CompteRenduRecord(
        author=cr["author__username"],
        posted_at=cr["posted_at"],
        status=cr["status"],
        rejected_at=cr["rejected_at"],
    )


class _SeasonRows:
    """Every row a season's computation needs, fetched in a fixed number of queries.

    Rows name players by id and one query turns the ids into usernames:
    joining the users three times on every donne, and parsing its empty
    JSON lists, was most of the cost of reading a big season.
    """

    def __init__(self, manche_filter: dict, *, also: Iterable[int] = ()):
        seats = list(
            Seat.objects.filter(**manche_filter).order_by("position").values_list("manche_id", "player_id")
        )
        # Sorted here rather than by the database: SQLite sorted a big season's 32,000 rows
        # in a temporary B-tree (18 ms), and they come nearly in order (Python: 5 ms).
        donnes = sorted(
            Donne.objects.filter(**manche_filter)
            .order_by()
            .annotate(
                points_text=Cast("points", TextField()),
                **{f"{name}_text": _json_text(name) for name in _JSON_FIELDS},
            )
            .values_list(
                "manche_id",
                "index",
                "kind",
                "dealer_id",
                "taker_id",
                "contract",
                "partner_id",
                "bouts",
                "points_text",
                "petit_au_bout",
                "chelem",
                *(f"{name}_text" for name in _JSON_FIELDS),
            ),
            key=itemgetter(0, 1),
        )
        quick = list(
            QuickResult.objects.filter(**manche_filter).values_list(
                "manche_id", "player_id", "score", "prises", "bouts", "prises_won"
            )
        )
        comptes_rendus = list(
            CompteRendu.objects.filter(**manche_filter)
            .order_by("posted_at", "pk")
            .values_list("manche_id", "author_id", "posted_at", "status", "rejected_at")
        )
        ids = {player for _m, player in seats}
        ids.update(row[i] for row in donnes for i in (3, 4, 6) if row[i] is not None)
        ids.update(row[1] for row in quick)
        ids.update(row[1] for row in comptes_rendus)
        ids.update(player for player in also if player is not None)
        #: Each player's username, display name and first season, in the one query of the users.
        self.users = (
            {
                pk: fields
                # Read into a dict: not in the members' order by name (a sort for nothing).
                for pk, *fields in User.objects.filter(pk__in=ids)
                .order_by()
                .values_list("pk", "username", "display_name", "first_season")
            }
            if ids
            else {}
        )
        username = {pk: fields[0] for pk, fields in self.users.items()}
        self.username = username

        self.tables = defaultdict(list)
        for manche_id, player in seats:
            self.tables[manche_id].append(username[player])
        self.donnes = defaultdict(list)
        known_points: dict[str, Decimal] = {}
        for (
            manche_id,
            _index,
            kind,
            dealer,
            taker,
            contract,
            partner,
            bouts,
            points,
            petit_au_bout,
            chelem,
            poignees,
            miseres,
            penalties,
            misere_points,
        ) in donnes:
            self.donnes[manche_id].append(
                stored_donne(
                    kind,
                    username.get(dealer),
                    username.get(taker),
                    contract,
                    username.get(partner),
                    bouts,
                    _points(points, known_points),
                    petit_au_bout,
                    chelem,
                    poignees and json.loads(poignees),
                    miseres and json.loads(miseres),
                    penalties and json.loads(penalties),
                    misere_points and json.loads(misere_points),
                )
            )
        self.quick = defaultdict(list)
        for manche_id, player, score, prises, bouts, prises_won in quick:
            self.quick[manche_id].append(
                rules.QuickResult(
                    player=username[player], score=score, prises=prises, bouts=bouts, prises_won=prises_won
                )
            )
        self.comptes_rendus = defaultdict(list)
        for manche_id, author, posted_at, status, rejected_at in comptes_rendus:
            self.comptes_rendus[manche_id].append(
                compte_rendu_to_engine(
                    {
                        "author__username": username[author],
                        "posted_at": posted_at,
                        "status": status,
                        "rejected_at": rejected_at,
                    }
                )
            )

    def manche_input(self, manche: "_MancheFields") -> "rules.MancheInput":
        played = manche.status == Manche.Status.PLAYED
        donnes = self.donnes.get(manche.pk)
        quick = self.quick.get(manche.pk)
        return rules.MancheInput(
            number=manche.number,
            starts_at=manche.starts_at,
            status=ENGINE_STATUS[manche.status],
            table=tuple(self.tables.get(manche.pk, ())),
            absent=manche.absent,
            donnes=tuple(donnes) if played and donnes else (() if played and not quick else None),
            results=tuple(quick) if played and quick and not donnes else None,
            order=tuple(manche.order) if manche.order else None,
            comptes_rendus=tuple(self.comptes_rendus.get(manche.pk, ())),
        )


class _MancheFields(NamedTuple):
    """What the engine reads of a manche (the absent player by username): a big
    season's 1,600 read as these took 7 ms, as model instances 30."""

    pk: int
    number: int
    starts_at: datetime
    status: str
    order: list | None
    absent: str | None

    @classmethod
    def of(cls, manche: Manche) -> "_MancheFields":
        absent = manche.absent.username if manche.absent_id else None
        return cls(manche.pk, manche.number, manche.starts_at, manche.status, manche.order, absent)


def manche_input(manche: Manche) -> "rules.MancheInput":
    """One manche in the engine's terms (its sheet even while it is being played)."""
    rows = _SeasonRows({"manche": manche})
    played_input = rows.manche_input(_MancheFields.of(manche))
    absent = played_input.absent
    if manche.status == Manche.Status.PLAYED:
        return played_input
    donnes = rows.donnes.get(manche.pk)
    return rules.MancheInput(
        number=played_input.number,
        starts_at=played_input.starts_at,
        status=played_input.status,
        table=played_input.table,
        absent=absent,
        donnes=tuple(donnes) if donnes else None,
        results=tuple(rows.quick[manche.pk]) if rows.quick.get(manche.pk) else None,
        order=played_input.order,
        comptes_rendus=played_input.comptes_rendus,
    )


def season_input(season: Season) -> "rules.SeasonInput":
    """The whole season in the engine's terms, in a constant number of queries (seven: the
    manches, seats, donnes, quick results, comptes-rendus, awards, and every player they
    name read once, with his display name and first season: at 50 × 10 reading the season
    cost a third of its computation, the users' four queries a tenth of that)."""
    manches = list(
        Manche.objects.filter(season=season)
        .order_by("starts_at", "number")
        .values_list(*_MancheFields._fields[:-1], "absent_id")
    )
    # In the order of the usernames (the database's collation, as the page always listed them).
    awards = list(
        Award.objects.filter(season=season)
        .order_by("award", "player__username")
        .values_list("award", "player_id", "citation")
    )
    officers = (season.president_id, season.vice_president_id)
    rows = _SeasonRows(
        {"manche__season": season},
        also=(*(m[-1] for m in manches), *(a[1] for a in awards), *officers),
    )
    username = rows.username
    manches = [_MancheFields(*fields[:-1], username.get(fields[-1])) for fields in manches]
    usernames = set()
    for table in rows.tables.values():
        usernames.update(table)
    usernames.update(m.absent for m in manches if m.absent)
    usernames.update(username[player] for _award, player, _citation in awards)
    president = username.get(season.president_id)
    usernames.update(username[pk] for pk in officers if pk in username)
    known = {name: (display, first) for name, display, first in rows.users.values()}
    return rules.SeasonInput(
        name=season.name,
        ruleset=season.ruleset(),
        players={
            player: rules.PlayerInfo(
                id=player,
                name=known[player][0] if player in known else player,
                first_season=(known[player][1] or None) if player in known else None,
            )
            for player in sorted(usernames)
        },
        manches=tuple(rows.manche_input(m) for m in manches),
        president=president,
        closed=season.is_closed,
        awards=tuple(
            rules.Award(award=award, player=username[player], citation=citation)
            for award, player, citation in awards
        ),
    )


def _without_donne_results(result: "rules.SeasonResult") -> "rules.SeasonResult":
    """The season's result without each donne's scores, which only the sheet pages show.

    Every donne of a big season is most of the result's size; kept, it made
    reading the cached standings back cost seconds.
    """
    manches = {
        number: replace(outcome, sheet=replace(outcome.sheet, donnes=()) if outcome.sheet else None)
        for number, outcome in result.manches.items()
    }
    return replace(result, manches=manches)


def current_revision(season: Season) -> int:
    """The season's revision as stored now (a write earlier in this request bumped it in the database)."""
    return Season.objects.filter(pk=season.pk).values_list("revision", flat=True).get()


def _packed(outcome: "rules.MancheOutcome") -> tuple:
    """A manche's outcome for its own cache entry: its deadlines as where they
    start in the season's list of starts (stored once), not a copy of them; its
    sheet without each player's statistics, which only the season's digests read
    (they were half of the entry, read back on every view of the manche page)."""
    sheet = replace(outcome.sheet, stats={}) if outcome.sheet else None
    return replace(outcome, sheet=sheet, deadlines=None), outcome.deadlines.first, outcome.deadlines.final


def _unpacked(packed: tuple, starts: tuple) -> "rules.MancheOutcome":
    outcome, first, final = packed
    return replace(outcome, deadlines=rules.Deadlines(starts, first, final))


@dataclass(frozen=True)
class Refused:
    """Kept in place of the readings when the engine refuses the season's data, so
    every page does not compute it again until the next change."""

    problems: tuple


#: What else is made from a computation of a season, in the same pass:
#: ``digest(season, computed, valid_until) -> {name: reading}``, ``computed``
#: being the engine's result without per-donne scores or :class:`Refused`, and
#: ``valid_until`` when the readings go stale (``rules.changes_after``).
Digest = Callable[[Season, "rules.SeasonResult | Refused", datetime | None], dict]
#: Registered by the apps that read the result (the reports), so that the result
#: itself, the largest thing a season computes, is never written to the cache nor read back.
_digests: list[Digest] = []


def register_digest(digest: Digest) -> None:
    """Have ``digest`` make its readings from every computation of a season (once per app)."""
    if digest not in _digests:
        _digests.append(digest)


def season_reading(season: Season, name: str, *, now: datetime, revision: int):
    """One of the readings kept from a computation of the season (see :func:`season_readings`)
    at ``revision``; None when it makes no such reading (the stored list of the names
    each computation made, ``names``, says so without computing the season again). While
    another process recomputes after a change, this is the previous revision's
    reading (see :mod:`league.revision_cache`)."""
    return revision_cache.reading(
        season.pk,
        revision,
        name,
        now=now,
        compute=lambda: season_readings(season, now),
        scheduled=True,
        read_only=True,
        made_with="names",
    )


def _played(season: Season, now: datetime, revision: int) -> tuple[frozenset, tuple]:
    """The numbers of the manches with an outcome, and the season's list of starts
    their deadlines point into. Raises ``rules.InvalidInput`` when the engine refused the season."""
    played = season_reading(season, "played", now=now, revision=revision)
    if isinstance(played, Refused):
        raise rules.InvalidInput(played.problems)
    return played


def refresh(season_pk: int, now: datetime) -> None:
    """Compute the season's readings at its current revision (after a change; see ``league.recompute_season``)."""
    season = Season.objects.filter(pk=season_pk).first()
    if season is not None:
        revision_cache.refresh(
            season.pk,
            season.revision,
            "played",
            now=now,
            compute=lambda: season_readings(season, now),
            read_only=True,
        )


def season_readings(season: Season, now: datetime) -> tuple[dict, datetime | None]:
    """Every reading made from one computation of the season, and until when they stay right:
    each manche's outcome, which manches have one (``played``), and each registered
    digest's readings; ``played`` is :class:`Refused` when the engine refuses the
    season's data. (Each manche's point flow is made when its page is first
    rendered: making all of them here cost as much as the computation itself.)"""
    started = read = time.perf_counter()
    try:
        engine_input = season_input(season)
        read = time.perf_counter()
        full = rules.compute_season(engine_input, now=now)
    except rules.InvalidInput as exc:
        computed = Refused(tuple(exc.problems))
        readings, until = {"played": computed}, None
    else:
        computed = _without_donne_results(full)
        starts = next((o.deadlines.starts for o in computed.manches.values()), ())
        readings = {f"manche:{number}": _packed(outcome) for number, outcome in computed.manches.items()}
        readings["played"] = (frozenset(computed.manches), starts)
        until = rules.changes_after(engine_input, full, now)
    scored = time.perf_counter()
    for digest in _digests:
        readings.update(digest(season, computed, until))
    readings["names"] = frozenset(readings)  # what is not among them is not made (see season_reading)
    done = time.perf_counter()
    # Where a recomputation's time goes, in the worker's log (and the scaling benchmark's split).
    logger.info(
        "season %s: computed with its readings in %.3f s (reading the season %.3f s, the engine %.3f s, "
        "the digests %.3f s)",
        season.pk,
        done - started,
        read - started,
        scored - read,
        done - scored,
    )
    return readings, until


def manche_point_flow(manche: Manche) -> tuple:
    """Who took jetons from whom over a played manche's donnes (``rules.Transfer``,
    largest first; empty for the quick form or a sheet the rules refuse), from
    its sheet alone (the manche page keeps its rendering per revision)."""
    played = manche_input(manche)
    if not played.donnes:
        return ()
    try:
        sheet = rules.score_sheet(manche.season.ruleset(), played.table, played.donnes)
    except rules.InvalidInput:
        return ()
    return rules.point_flow(sheet)


def manche_outcomes(season: Season, numbers, *, now: datetime | None = None) -> dict:
    """The engine's outcome of each given manche number (None for a manche not played).

    Read from the per-manche cache entries; the whole season is computed
    only when one of them is missing or stale.
    """
    now = now or timezone.now()
    numbers = list(numbers)
    revision = current_revision(season)
    names = ["played", *(f"manche:{n}" for n in numbers)]
    found = revision_cache.read_many(season.pk, revision, names, now=now)
    if isinstance(found.get("played"), Refused):
        raise rules.InvalidInput(found["played"].problems)
    if "played" not in found or not all(f"manche:{n}" in found for n in numbers if n in found["played"][0]):
        # Computed (or being recomputed) as one: the list of starts and the outcomes pointing into it.
        played, starts = _played(season, now, revision)
        found = {
            f"manche:{n}": season_reading(season, f"manche:{n}", now=now, revision=revision)
            for n in numbers
            if n in played
        }
    else:
        played, starts = found["played"]
    return {n: _unpacked(found[f"manche:{n}"], starts) if n in played else None for n in numbers}


def rule_change_preview(
    season: Season, *, name: str, family: str, params: dict, now: datetime
) -> "rules.RuleChangeEffect":
    """The season's classification under its rules and under ``family``/``params``
    (for a season named ``name``: the era defaults follow the name), compared by
    the engine; nothing is saved. Raises ``rules.InvalidInput`` when the season's
    data do not pass the rules."""
    current = season_input(season)
    changed = replace(current, ruleset=rules.ruleset_for(family, name, params))
    return rules.rule_change_effect(
        rules.compute_season(current, now=now), rules.compute_season(changed, now=now)
    )

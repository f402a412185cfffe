"""A manche's sheet rows turned into the rules engine's input, and what the engine makes of them.

The feuille de marque stores what the table declared (``Seat``, ``Donne``,
``QuickResult`` rows); every number shown about it (a donne's scores, the
running totals, the pot, the next dealer, the ranking and the bonuses of the
night) comes from :mod:`league.rules`. Player ids given to the engine are
usernames, as in the season interchange format.

Rows are converted by ``league.selectors.engine.donne_to_engine``, so the sheet and
the season standings read them the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime

from django.db.models import Exists, OuterRef
from django.utils.translation import get_language

from accounts.models import User
from league import rules
from league.rules.adjustments import CR_NON_CONFORME, CR_REMPLACEMENT, CR_RETARD
from league.rules.calendar import closing_problems, entry_problems
from league.wording import SIDE_LISTS, card_points_text, message_text, side_entry_text

from .. import revision_cache
from ..models import Donne, Manche, QuickResult, Registration, Seat
from . import engine as selectors

#: A played manche's adjustments that are not bonuses of the night.
COMPTE_RENDU_KINDS = (CR_RETARD, CR_NON_CONFORME, CR_REMPLACEMENT)

#: Parameters of the engine's messages that hold a player's id.
PLAYER_PARAMS = frozenset({"player", "taker", "partner", "dealer", "a", "b"})


def named(message: rules.Message, users: dict) -> rules.Message:
    """The message with each player's id replaced by the name people know him by (``jc`` → ``Jean-Claude``)."""

    def name(player_id: str) -> str:
        return str(users.get(player_id, player_id))

    params = {}
    for key, value in message.params.items():
        if isinstance(value, rules.Message):
            value = named(value, users)
        elif key in PLAYER_PARAMS and isinstance(value, str):
            value = name(value)
        elif key == "players" and isinstance(value, str):
            value = ", ".join(name(p.strip()) for p in value.split(","))
        params[key] = value
    return rules.Message(message.text, params)


def render(message: rules.Message, users: dict | None = None) -> str:
    """An engine message in the active language, players named by their display names when ``users`` is given."""
    return message_text(named(message, users) if users else message)


# --------------------------------------------------------------------------
# rows -> engine
# --------------------------------------------------------------------------


def seats_of(manche: Manche) -> list[Seat]:
    """The table as played, in playing order."""
    return list(Seat.objects.filter(manche=manche).select_related("player").order_by("position"))


def table_players(manche: Manche) -> list:
    """The players of the manche's table in playing order, as its sheet seats them: the
    saved seats, else the seated registrations (the absent one left out). For the page
    that sets the table, which needs nothing else of the sheet (scoring it was half its time)."""
    seats = seats_of(manche)
    return [seat.player for seat in seats] if seats else registered_table(manche)


def registered_table(manche: Manche, seated: list | None = None) -> list:
    """The table the registrations give: seated players in seat order, the absent one left out
    (``seated``: the seated registrations by seat, when already read)."""
    if seated is not None:
        return [r.player for r in seated if r.player_id != manche.absent_id]
    regs = (
        Registration.objects.filter(manche=manche, seat__isnull=False)
        .exclude(player_id=manche.absent_id)
        .select_related("player")
        .order_by("seat")
    )
    return [r.player for r in regs]


def donne_row(donne: Donne) -> dict:
    """A ``Donne`` (saved or not) as the row dict ``selectors.donne_to_engine`` reads."""
    return {
        "manche_id": donne.manche_id,
        "index": donne.index,
        "kind": donne.kind,
        "dealer__username": donne.dealer.username if donne.dealer_id else None,
        "taker__username": donne.taker.username if donne.taker_id else None,
        "contract": donne.contract,
        "partner__username": donne.partner.username if donne.partner_id else None,
        "bouts": donne.bouts,
        "points": donne.points,
        "petit_au_bout": donne.petit_au_bout,
        "chelem": donne.chelem,
        "poignees": donne.poignees,
        "miseres": donne.miseres,
        "penalties": donne.penalties,
        "misere_points": donne.misere_points,
    }


def engine_donne(donne: Donne) -> rules.ContractDonne | rules.MisereGame:
    """One ``Donne`` row in the engine's terms, read the way the season standings read it."""
    return selectors.donne_to_engine(donne_row(donne))


def donnes_of(manche: Manche, users: dict[str, User]) -> list[Donne]:
    """The manche's donnes in order, their dealer, taker and partner taken from ``users`` (the
    table's players, by username): joined to the users' table, a sheet's twenty donnes made
    sixty copies of five players, two thirds of reading them. One not among them is read."""
    donnes = list(Donne.objects.filter(manche=manche).order_by("index"))
    by_pk = {user.pk: user for user in users.values()}
    wanted = {d.dealer_id for d in donnes} | {d.taker_id for d in donnes} | {d.partner_id for d in donnes}
    missing = wanted - set(by_pk) - {None}
    if missing:
        by_pk.update({user.pk: user for user in User.objects.filter(pk__in=missing)})
    for donne in donnes:
        donne.dealer = by_pk.get(donne.dealer_id)
        donne.taker = by_pk.get(donne.taker_id)
        donne.partner = by_pk.get(donne.partner_id)
    return donnes


def sheet_started():
    """Whether a manche's sheet is started (a donne or a quick result entered), as a condition
    on a query of manches: its table no longer changes, and its season is not closed over it."""
    return Exists(Donne.objects.filter(manche=OuterRef("pk"))) | Exists(
        QuickResult.objects.filter(manche=OuterRef("pk"))
    )


def is_sheet_started(manche: Manche) -> bool:
    """Whether ``manche``'s sheet is started (:func:`sheet_started`, in one query): the
    table is then what was played, and no sign-up, draw nor seating changes it."""
    return Manche.objects.filter(pk=manche.pk).filter(sheet_started()).exists()


def quick_results_of(manche: Manche) -> list[QuickResult]:
    return list(QuickResult.objects.filter(manche=manche).select_related("player"))


def results_wait_until(manche: Manche, now: datetime) -> datetime | None:
    """The start the manche's results wait for at ``now``, or None once they may be published.

    A manche is closed, or its quick results entered, from its start and never before
    (:func:`league.rules.calendar.closing_problems`); a played manche's are corrected at
    any time. The sheet's services refuse them before then, and its pages offer them
    only from then, on this one condition."""
    if manche.status == Manche.Status.PLAYED or not closing_problems(manche.starts_at, now):
        return None
    return manche.starts_at


def donnes_wait_until(manche: Manche, now: datetime) -> datetime | None:
    """The start of the manche whose day has not come at ``now`` (its donnes are entered
    from that day: :func:`league.rules.calendar.entry_problems`), else None. The sheet's
    services refuse a donne before then, and its page offers the form only from then."""
    if manche.status == Manche.Status.PLAYED or not entry_problems(manche.starts_at, now):
        return None
    return manche.starts_at


def engine_quick_result(row: QuickResult) -> rules.QuickResult:
    return rules.QuickResult(
        player=row.player.username,
        score=row.score,
        prises=row.prises,
        bouts=row.bouts,
        prises_won=row.prises_won,
    )


# --------------------------------------------------------------------------
# engine -> what the sheet shows
# --------------------------------------------------------------------------


@dataclass
class RankingLine:
    """One line of a manche's published ranking, with the user and the bonuses of the night."""

    entry: rules.RankingEntry
    user: object
    bonuses: list = field(default_factory=list)  # [(kind, value, reason text)]
    vainqueur: bool = False


@dataclass
class SheetState:
    """Everything the sheet page shows, computed by the engine from the rows."""

    manche: Manche
    ruleset: rules.RuleSet
    seats: list  # Seat rows, or unsaved stand-ins from the registrations
    users: dict  # username -> User (seated players and the absent one)
    absent: object | None  # User
    donnes: list  # Donne rows, in order
    quick_results: list  # QuickResult rows
    sheet: rules.SheetResult | None = None  # None without donnes or when invalid
    next_dealer: str | None = None
    problems: list = field(default_factory=list)  # RuleViolation of the stored rows, if any
    ranking: list = field(default_factory=list)  # RankingLine, when there is something to rank
    seats_saved: bool = True

    @property
    def table(self) -> tuple[str, ...]:
        return tuple(s.player.username for s in self.seats)

    @property
    def has_table(self) -> bool:
        return len(self.seats) in self.ruleset.table_sizes and self.table_is_consistent

    @property
    def calls_a_king(self) -> bool:
        """Whether this table's preneur may name an appelé (the rule set says)."""
        return self.ruleset.calls_a_king(len(self.seats))

    @property
    def table_is_consistent(self) -> bool:
        """A Tarot-Bière table of 4 names its absent player, one of 5 has none."""
        if not self.ruleset.allows_absent:
            return self.absent is None
        return (len(self.seats) == 4) == (self.absent is not None)

    @property
    def pot(self) -> int:
        return self.sheet.pot if self.sheet else 0

    @property
    def totals(self) -> dict[str, int]:
        if self.sheet:
            return self.sheet.totals
        if self.quick_results:
            return {r.player.username: r.score for r in self.quick_results}
        return dict.fromkeys(self.table, 0)

    @property
    def uses_quick_results(self) -> bool:
        return not self.donnes and bool(self.quick_results)

    @property
    def vainqueurs(self) -> list:
        return [line.user for line in self.ranking if line.vainqueur]

    @property
    def tied_scores(self) -> bool:
        scores = [line.entry.score for line in self.ranking if not line.entry.absent]
        return len(scores) != len(set(scores))

    def rows(self) -> list[dict]:
        """Each donne with its engine result (scores and running totals in seat order, explanation), newest first."""
        out = []
        results = list(self.sheet.donnes) if self.sheet else [None] * len(self.donnes)
        running = dict.fromkeys(self.table, 0)
        for donne, result in zip(self.donnes, results, strict=False):
            for player in self.table:
                running[player] += (result.scores.get(player) or 0) if result else 0
            out.append(
                {
                    "donne": donne,
                    "result": result,
                    "scores": [result.scores.get(p) if result else None for p in self.table],
                    "cells": [(result.scores.get(p) if result else None, running[p]) for p in self.table],
                    "explanation": [render(m, self.users) for m in result.explanation] if result else [],
                    "sides": self._sides(donne),
                    "card_points": self._card_points(donne),
                }
            )
        out.reverse()
        return out

    def _card_points(self, donne) -> list[str]:
        """A misère game's card points as entered, each player by his display name, in playing order:
        ``["Anne 12", "Bruno 20,5", …]``; nothing for a contract."""
        points = donne.misere_points or {}
        order = [p for p in self.table if p in points] + [p for p in points if p not in self.table]
        return [card_points_text(points[p], str(self.users.get(p, p))) for p in order]

    def _sides(self, donne) -> list[str]:
        """A donne's poignées, misères and penalties in words, each player by his display name."""
        return [
            side_entry_text(field, item, str(self.users.get(item.get("player"), item.get("player"))))
            for field in SIDE_LISTS
            for item in getattr(donne, field) or ()
        ]

    def seat_lines(self) -> list[dict]:
        """Seats in playing order with running jetons; the dealer of the next donne marked."""
        totals = self.totals
        return [
            {
                "seat": s,
                "user": s.player,
                "total": totals.get(s.player.username, 0),
                "deals_next": s.player.username == self.next_dealer,
            }
            for s in self.seats
        ]


def _ranking(state: SheetState, scores: dict, stats) -> list[RankingLine]:
    manche = state.manche
    absent = state.absent.username if state.absent else None
    order = tuple(manche.order) if manche.order else None
    try:
        entries = rules.rank_manche(state.ruleset, state.table, absent, scores, stats, order)
    except rules.InvalidInput as exc:
        # An order recorded before a correction that changed the scores: rank without it.
        state.problems.extend(exc.problems)
        entries = rules.rank_manche(state.ruleset, state.table, absent, scores, stats, None)
    return _lines(state, entries, rules.manche_bonuses(state.ruleset, entries, manche.number))


def _lines(state: SheetState, entries, bonuses) -> list[RankingLine]:
    winners = set(rules.vainqueurs(entries))
    lines = []
    for entry in entries:
        lines.append(
            RankingLine(
                entry=entry,
                user=state.users.get(entry.player),
                bonuses=[
                    (a.kind, a.value, render(a.reason, state.users))
                    for a in bonuses
                    if a.player == entry.player
                ],
                vainqueur=entry.player in winners,
            )
        )
    return lines


def sheet_state(
    manche: Manche,
    *,
    seats: list | None = None,
    outcome: rules.MancheOutcome | None = None,
    seated: list | None = None,
) -> SheetState:
    """Read the manche's rows and let the engine score them.

    ``seats``: the saved ``Seat`` rows (read here unless given); while there
    are none, stand-ins built from the seated registrations (not saved). ``outcome``,
    the engine's cached outcome of the played manche, is used instead of
    scoring the sheet again (its totals and ranking, not each donne's scores).
    ``seated``: the seated registrations by seat, when already read (the stand-ins').
    """
    ruleset = manche.season.ruleset()
    saved = True
    if seats is None:
        seats = seats_of(manche)
    if not seats:
        saved = False
        seats = [
            Seat(manche=manche, player=p, position=i + 1)
            for i, p in enumerate(registered_table(manche, seated))
        ]
    absent = manche.absent if manche.absent_id else None
    users = {s.player.username: s.player for s in seats}
    if absent is not None:
        users[absent.username] = absent
    state = SheetState(
        manche=manche,
        ruleset=ruleset,
        seats=seats,
        users=users,
        absent=absent,
        donnes=donnes_of(manche, users),
        quick_results=quick_results_of(manche),
        seats_saved=saved,
    )
    for row in state.quick_results:
        users.setdefault(row.player.username, row.player)
    if not state.has_table:
        return state
    if outcome is not None:
        state.sheet = outcome.sheet
        bonuses = [a for a in outcome.adjustments if a.kind not in COMPTE_RENDU_KINDS]
        state.ranking = _lines(state, outcome.ranking, bonuses)
        return state
    table = state.table
    if state.donnes:
        engine_donnes = [engine_donne(d) for d in state.donnes]
        try:
            state.sheet = rules.score_sheet(ruleset, table, engine_donnes)
        except rules.InvalidInput as exc:
            state.problems.extend(exc.problems)
            return state
        state.next_dealer = rules.next_dealer(table, engine_donnes)
        state.ranking = _ranking(state, state.sheet.totals, state.sheet.stats)
    else:
        state.next_dealer = table[0]
        if state.quick_results:
            results = [engine_quick_result(r) for r in state.quick_results]
            problems = rules.validate_quick_results(ruleset, table, results)
            if problems:
                state.problems.extend(problems)
                return state
            state.ranking = _ranking(
                state, {r.player: r.score for r in results}, {r.player: r for r in results}
            )
    return state


def kept_sheet_state(manche: Manche, *, now: datetime) -> SheetState:
    """The manche's :func:`sheet_state`, read and scored once per version of its sheet.

    Its seats, donnes and quick results change only with a write to the sheet, which
    bumps the manche's ``sheet_version``; the rules, a player's name or the season's
    with the season's revision; its texts (a bonus's reason) with the language: it is
    kept under the manche's version and status, the language and the revision, as the
    board is (``league.views.sheet_board``). Read and scored at each view, a sheet's
    twenty donnes were a third of the page correcting one of them (4 ms, 1.5× the
    sign-in page). Stand-ins for seats not yet saved come from the registrations, which
    change with no new version: such a state is read at each view, never kept.
    """
    season = manche.season
    name = f"sheet-state:{manche.pk}:{manche.status}:{manche.sheet_version}:{get_language()}"
    found = revision_cache.read_many(season.pk, season.revision, [name], now=now)
    if name in found:
        return replace(found[name], manche=manche)  # the reader's manche, not the one kept
    state = sheet_state(manche)
    if state.seats_saved:
        kept = replace(state, manche=None)
        revision_cache.store(season.pk, season.revision, {name: kept}, now=now, valid_until=None)
    return state

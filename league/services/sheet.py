"""Writes on the feuille de marque: the table, donnes, closing, tie order, quick results.

Every write names the ``sheet_version`` of the manche it saw. The write first
claims the next version with a conditional UPDATE; when another device wrote
in between, no row matches and the write is refused (:class:`StaleSheet`)
instead of silently overwriting. Every check on what was played is the rules
engine's (``league.rules``): its messages are returned field by field and
nothing is saved. After closing, only the President may change a result, and
every change stays in the models' history (django-simple-history).
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F
from django.urls import reverse
from django.utils.translation import gettext as _

from config.typography import colon
from league import rules
from league.models import Donne, Manche, QuickResult, Seat, SheetConflict
from league.notifications import notify
from league.permissions import Action, can
from league.rules.calendar import closing_problems, entry_problems
from league.selectors.engine import donne_to_engine
from league.selectors.sheet import (
    SheetState,
    donne_row,
    donnes_wait_until,
    is_sheet_started,
    render,
    results_wait_until,
    sheet_state,
)
from league.services import draw as draw_services
from league.services import first_seasons
from league.services.revision import invalidate
from league.services.signatures import ask_to_sign


class StaleSheet(ValidationError):
    """The sheet changed since the writer saw it: nothing was saved."""

    def __init__(self):
        super().__init__(
            {
                NON_FIELD_ERRORS: [
                    _(
                        "La feuille a été modifiée entre-temps sur un autre appareil : votre saisie n'a pas "
                        "été enregistrée. Voici la feuille à jour ; vérifiez-la avant de valider à nouveau."
                    )
                ]
            }
        )


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------


def _claim(manche: Manche, seen_version) -> Manche:
    """Take the next sheet version if the writer saw the current one; return the fresh manche."""
    try:
        seen = int(seen_version)
    except (TypeError, ValueError):
        raise StaleSheet() from None
    updated = Manche.objects.filter(pk=manche.pk, sheet_version=seen).update(
        sheet_version=F("sheet_version") + 1
    )
    if updated != 1:
        raise StaleSheet()
    fresh = Manche.objects.select_related("season", "absent", "capitaine").get(pk=manche.pk)
    manche.sheet_version = fresh.sheet_version
    return fresh


def _check_writable(manche: Manche, by) -> None:
    """A cancelled manche has no sheet; a closed one is corrected by the President only."""
    if manche.status == Manche.Status.CANCELLED:
        raise ValidationError(
            {NON_FIELD_ERRORS: [_("Cette manche est annulée : sa feuille ne se modifie plus.")]}
        )
    if by is not None:
        if not can(by, Action.EDIT_SHEET, manche):
            raise PermissionDenied
        if manche.status == Manche.Status.PLAYED and not can(by, Action.CORRECT_RESULTS, manche):
            raise PermissionDenied


def _invalidate(manche: Manche) -> None:
    invalidate(manche.season)


def _results_changed(manche: Manche, *, now: datetime) -> None:
    """After a donne or the tie order changed: stale standings, and, once played, the vainqueurs told.

    Before the close nothing is published yet; after it, a correction can
    change who won, and a new vainqueur must learn his compte-rendu is due
    (the notice is sent once per manche and player, so the others hear nothing twice).
    """
    _invalidate(manche)
    if manche.status == Manche.Status.PLAYED:
        _notify_vainqueurs(manche, now=now)


def _in(path: str, prefix: str) -> bool:
    return path == prefix or path.startswith((prefix + ".", prefix + "["))


def _problems_error(problems, *, users: dict, prefix: str | None = None) -> ValidationError:
    """Engine problems as a ValidationError.

    With ``prefix`` (``donnes[3]``), a problem under it is keyed by the rest of
    its path (``bouts``, ``poignees[0].player``), any other one is a
    non-field error; without, each is keyed by its whole path. Players are
    named by their display names (``users``: id → user).
    """
    errors: dict[str, list[str]] = {}
    for p in problems:
        path = p.field
        text = render(p.message, users)
        if prefix is None:
            key = path or NON_FIELD_ERRORS
        elif _in(path, prefix):
            key = path[len(prefix) :].lstrip(".") or NON_FIELD_ERRORS
        else:
            key = NON_FIELD_ERRORS
            if "[" in path:
                text = f"{path}{colon()} {text}"
        errors.setdefault(key, []).append(text)
    return ValidationError(errors)


def _nonfield(message: str) -> ValidationError:
    return ValidationError({NON_FIELD_ERRORS: [message]})


def _season_check(state: SheetState, *, donnes=None, results=None, order=None) -> list:
    """The engine's checks of the manche as played (table, pot empty at close, zero sum, order)."""
    absent = state.absent.username if state.absent else None
    return _engine_problems(
        state.manche,
        state.ruleset,
        table=state.table,
        absent=absent,
        donnes=donnes,
        results=results,
        order=order,
    )


def _engine_problems(manche: Manche, ruleset, *, table: tuple, absent: str | None, **played) -> list:
    """The engine's verdict on ``manche`` played at ``table``, as violations with paths relative to the manche.

    The engine validates whole seasons: the manche goes in alone, in a season
    of its own whose players are those of the table, so that every write of
    the sheet (and the choice of the table itself) is judged by the same rules
    as the season's standings, never by a copy of them. ``played``: the
    manche's donnes, results and order, as far as there are any.
    """
    ids = set(table) | ({absent} if absent else set())
    mi = rules.MancheInput(
        number=manche.number,
        starts_at=manche.starts_at,
        status="played",
        table=table,
        absent=absent,
        **played,
    )
    season = rules.SeasonInput(
        name=manche.season.name,
        ruleset=ruleset,
        players={i: rules.PlayerInfo(id=i, name=i) for i in ids},
        manches=(mi,),
    )
    try:
        rules.validate_season(season)
    except rules.InvalidInput as exc:
        return [
            rules.RuleViolation(p.field.removeprefix("manches[0]").lstrip("."), p.message)
            for p in exc.problems
        ]
    return []


def _state_for_write(manche: Manche) -> SheetState:
    state = sheet_state(manche)
    if not state.seats_saved and state.has_table:
        table_ensure(manche=manche)
        state = sheet_state(manche)
    return state


def _require_table(state: SheetState) -> None:
    if not state.has_table:
        raise _nonfield(
            _(
                "La table n'est pas encore constituée : indiquez d'abord les joueurs dans l'ordre où ils sont "
                "assis (et l'absent d'un jeu à 4)."
            )
        )


def _save_seats(manche: Manche, players, *, by=None) -> list[Seat]:
    for seat in Seat.objects.filter(manche=manche):
        seat._history_user = by
        seat.delete()
    seats = []
    for position, player in enumerate(players, start=1):
        seat = Seat(manche=manche, player=player, position=position)
        seat._history_user = by
        seat.save()
        seats.append(seat)
    for seat in seats:
        seat.player = next(p for p in players if p.pk == seat.player_id)
    return seats


# --------------------------------------------------------------------------
# the table
# --------------------------------------------------------------------------


def table_ensure(*, manche: Manche) -> list[Seat]:
    """The seats of the night: the draw's, else (registrations making a whole table) the seated sign-ups.

    Returns the saved seats; none while the registrations do not make a table
    (the capitaine or the President then sets it on the sheet).
    """
    seats = list(Seat.objects.filter(manche=manche).select_related("player").order_by("position"))
    if seats:
        return seats
    state = sheet_state(manche)
    if not state.has_table:
        return []
    draw_services.table_ensure(manche)
    return list(Seat.objects.filter(manche=manche).select_related("player").order_by("position"))


@transaction.atomic
def table_set(*, manche: Manche, players: list, absent, by, seen_version, now: datetime) -> list[Seat]:
    """Seat ``players`` in playing order (first deals first); ``absent``: the withdrawal of a jeu à 4."""
    manche = _claim(manche, seen_version)
    _check_writable(manche, by)
    if is_sheet_started(manche):
        raise _nonfield(
            _("La table ne change plus une fois des donnes ou des résultats saisis : supprimez-les d'abord.")
        )
    state = sheet_state(manche)
    table = tuple(p.username for p in players)
    absent_id = absent.username if absent else None
    # Only the table's problems: the (empty) results are not the point here.
    problems = [
        p
        for p in _engine_problems(manche, state.ruleset, table=table, absent=absent_id, results=())
        if p.field.startswith(("table", "absent"))
    ]
    if problems:
        raise _problems_error(problems, users={**state.users, **{p.username: p for p in players}})
    if manche.absent_id != (absent.pk if absent else None):
        manche.absent = absent
        manche._history_user = by
        manche.save(update_fields=["absent"])
    seats = _save_seats(manche, players, by=by)
    _invalidate(manche)
    return seats


# --------------------------------------------------------------------------
# donnes
# --------------------------------------------------------------------------


def _clean_lists(data: dict) -> dict:
    """The donne as stored: the interchange format's shape, usernames for players."""
    kind = data.get("kind") or Donne.Kind.CONTRACT
    row = {
        "kind": kind,
        "dealer": data.get("dealer") or None,
        "miseres": [
            {"player": m["player"], "kind": m["kind"], "valid": bool(m["valid"])}
            for m in data.get("miseres") or ()
        ],
        "penalties": [rules.penalty_fields(p) for p in data.get("penalties") or ()],
    }
    if kind == Donne.Kind.MISERE:
        row["misere_points"] = {
            player: _json_points(value) for player, value in (data.get("points") or {}).items()
        }
    else:
        row.update(
            taker=data.get("taker") or None,
            contract=data.get("contract") or "",
            partner=data.get("partner") or None,
            bouts=data.get("bouts"),
            points=data.get("points"),
            petit_au_bout=data.get("petit_au_bout") or "",
            chelem=data.get("chelem") or "",
            poignees=[{"player": p["player"], "level": p["level"]} for p in data.get("poignees") or ()],
        )
    return row


def _json_points(value):
    """Card points as the season format writes them (30.5, 12); anything else is left for the engine to refuse."""
    try:
        return rules.json_number(rules.to_decimal(value))
    except (TypeError, ValueError, ArithmeticError):
        return value


def _engine_row(manche: Manche, index: int, row: dict) -> dict:
    """A values()-shaped dict for ``donne_to_engine``."""
    return {
        "manche_id": manche.pk,
        "index": index,
        "kind": row["kind"],
        "dealer__username": row.get("dealer"),
        "taker__username": row.get("taker"),
        "contract": row.get("contract", ""),
        "partner__username": row.get("partner"),
        "bouts": row.get("bouts"),
        "points": row.get("points"),
        "petit_au_bout": row.get("petit_au_bout", ""),
        "chelem": row.get("chelem", ""),
        "poignees": row.get("poignees", []),
        "miseres": row["miseres"],
        "penalties": row["penalties"],
        "misere_points": row.get("misere_points"),
    }


def _score_with(state: SheetState, position: int, candidate: dict | None, *, replace: bool) -> tuple:
    """Score the sheet with ``candidate`` inserted at (or replacing, or — None — removing) ``position``."""
    engine = [donne_to_engine(donne_row(d)) for d in state.donnes]
    if candidate is None:
        del engine[position]
    elif replace:
        engine[position] = donne_to_engine(candidate)
    else:
        engine.insert(position, donne_to_engine(candidate))
    try:
        return rules.score_sheet(state.ruleset, state.table, engine), engine
    except rules.InvalidInput as exc:
        raise _problems_error(exc.problems, users=state.users, prefix=f"donnes[{position}]") from None
    except (TypeError, ValueError, KeyError, ArithmeticError) as exc:
        raise _nonfield(_("Donne illisible : %(error)s") % {"error": exc}) from None


def _apply(donne: Donne, row: dict, users: dict) -> None:
    donne.kind = row["kind"]
    donne.dealer = users.get(row.get("dealer")) if row.get("dealer") else None
    donne.miseres = row["miseres"]
    donne.penalties = row["penalties"]
    if row["kind"] == Donne.Kind.MISERE:
        donne.misere_points = row["misere_points"]
        donne.taker = donne.partner = None
        donne.contract = donne.petit_au_bout = donne.chelem = ""
        donne.bouts = donne.points = None
        donne.poignees = []
    else:
        donne.misere_points = None
        donne.taker = users[row["taker"]]
        donne.partner = users[row["partner"]] if row.get("partner") else None
        donne.contract = row["contract"]
        donne.bouts = row["bouts"]
        donne.points = rules.to_decimal(row["points"])
        donne.petit_au_bout = row["petit_au_bout"]
        donne.chelem = row["chelem"]
        donne.poignees = row["poignees"]


def _after_closed_change(state_before: SheetState, manche: Manche, engine_donnes, *, by, now) -> None:
    """A correction after closing must leave a sheet that still closes (empty pot)."""
    if manche.status != Manche.Status.PLAYED:
        return
    problems = _season_check(
        state_before, donnes=tuple(engine_donnes), order=tuple(manche.order) if manche.order else None
    )
    if problems:
        raise _problems_error(problems, users=state_before.users, prefix="")


def _entered(manche: Manche, client_id) -> Donne | None:
    """The donne a phone already sent under ``client_id``, marked as a replay; None if it never arrived."""
    if client_id is None:
        return None
    donne = Donne.objects.filter(manche_id=manche.pk, client_id=client_id).first()
    if donne is not None:
        donne.replayed = True
    return donne


def donne_add(*, manche: Manche, data: dict, by, seen_version, now: datetime, client_id=None) -> Donne:
    """Enter the next donne; the engine checks it (with the pot carried so far) before it is saved.

    ``client_id``: the id the phone gave this donne before sending it, an
    idempotency key. A resend under the same id (a double tap, a retry after
    a lost answer, even one racing the first send) saves nothing more and
    returns the donne already saved, with ``replayed`` set; a new donne has
    ``replayed`` False.
    """
    existing = _entered(manche, client_id)
    if existing is not None:
        return existing
    try:
        donne = _donne_add(
            manche=manche, data=data, by=by, seen_version=seen_version, now=now, client_id=client_id
        )
    except (StaleSheet, IntegrityError):
        # The same donne's other send won the race for the version (or the key): it is the saved one.
        existing = _entered(manche, client_id)
        if existing is None:
            raise
        return existing
    donne.replayed = False
    return donne


@transaction.atomic
def _donne_add(*, manche: Manche, data: dict, by, seen_version, now: datetime, client_id) -> Donne:
    manche = _claim(manche, seen_version)
    _check_writable(manche, by)
    if donnes_wait_until(manche, now) is not None:
        raise _problems_error(entry_problems(manche.starts_at, now), users={}, prefix="")
    state = _state_for_write(manche)
    _require_table(state)
    if state.uses_quick_results:
        raise _nonfield(
            _("Les résultats de cette manche ont été saisis en résultats rapides : pas de donnes.")
        )
    row = _clean_lists(data)
    index = (state.donnes[-1].index + 1) if state.donnes else 1
    position = len(state.donnes)
    if not row["dealer"]:
        row["dealer"] = state.next_dealer
    _sheet, engine = _score_with(state, position, _engine_row(manche, index, row), replace=False)
    _after_closed_change(state, manche, engine, by=by, now=now)
    donne = Donne(manche=manche, index=index, client_id=client_id)
    _apply(donne, row, state.users)
    donne._history_user = by
    donne.save()
    _results_changed(manche, now=now)
    return donne


def conflict_record(
    *, manche: Manche, choice: str, donnes: list, seen_version: int, by, now: datetime
) -> SheetConflict:
    """Record what the capitaine chose when his phone's offline donnes met a sheet changed elsewhere.

    The sheet itself is not touched here: keeping both means the phone then
    sends its donnes against the current version; keeping the site's version
    means they are dropped, and this record is all that remains of them.
    """
    _check_writable(manche, by)
    if choice not in SheetConflict.Choice.values:
        raise _nonfield(_("Choix inconnu."))
    return SheetConflict.objects.create(
        manche=manche,
        choice=choice,
        donnes=donnes,
        seen_version=seen_version,
        sheet_version=Manche.objects.values_list("sheet_version", flat=True).get(pk=manche.pk),
        decided_by=by,
        decided_at=now,
    )


def _donne_at(state: SheetState, index: int) -> tuple[int, Donne]:
    for position, donne in enumerate(state.donnes):
        if donne.index == index:
            return position, donne
    raise _nonfield(_("Cette donne n'existe plus."))


@transaction.atomic
def donne_correct(*, manche: Manche, index: int, data: dict, by, seen_version, now: datetime) -> Donne:
    """Correct any donne, re-checked by the engine with the whole sheet (the pot and every later donne follow).

    Before the close the capitaine corrects any donne, as the table agrees;
    after it, :func:`_check_writable` leaves corrections to the President.
    """
    manche = _claim(manche, seen_version)
    _check_writable(manche, by)
    state = sheet_state(manche)
    _require_table(state)
    position, donne = _donne_at(state, index)
    row = _clean_lists(data)
    if not row["dealer"]:
        row["dealer"] = donne.dealer.username if donne.dealer_id else None
    _sheet, engine = _score_with(state, position, _engine_row(manche, index, row), replace=True)
    _after_closed_change(state, manche, engine, by=by, now=now)
    _apply(donne, row, state.users)
    donne._history_user = by
    donne.save()
    _results_changed(manche, now=now)
    return donne


@transaction.atomic
def donne_delete(*, manche: Manche, index: int, by, seen_version, now: datetime) -> None:
    """Delete any donne (kept in the audit history); the later ones move up one rank.

    The engine re-scores the sheet without it first, so the pot and every
    later donne follow; after the close the sheet must still close.
    """
    manche = _claim(manche, seen_version)
    _check_writable(manche, by)
    state = sheet_state(manche)
    _require_table(state)
    position, donne = _donne_at(state, index)
    if manche.status == Manche.Status.PLAYED and len(state.donnes) == 1:
        raise _nonfield(_("Une manche jouée garde au moins une donne."))
    _sheet, engine = _score_with(state, position, None, replace=False)
    _after_closed_change(state, manche, engine, by=by, now=now)
    donne._history_user = by
    donne.delete()
    for later in state.donnes[position + 1 :]:
        later.index -= 1
        later._history_user = by
        later.save(update_fields=["index", "updated_at"])
    _results_changed(manche, now=now)


# --------------------------------------------------------------------------
# closing, tie order, quick results
# --------------------------------------------------------------------------


def _publish(manche: Manche, *, by, now: datetime) -> None:
    manche.status = Manche.Status.PLAYED
    manche.closed_at = now
    manche.closed_by = by
    manche._history_user = by
    manche.save(update_fields=["status", "closed_at", "closed_by"])
    _record_first_season(manche)


def _record_first_season(manche: Manche) -> None:
    """A played manche's season is its players' first unless an earlier one is known (the rookie accessit reads it)."""
    players = [seat.player.username for seat in manche.seats.select_related("player")]
    if manche.absent_id:
        players.append(manche.absent.username)
    first_seasons.settle(dict.fromkeys(players), write=True)


def _refuse_before_start(manche: Manche, now: datetime) -> None:
    """Results are published once the night has started, never before (a
    manche of 26 November closed on the 24th would start its vainqueur's deadline):
    the condition the pages offer them on (:func:`results_wait_until`)."""
    if results_wait_until(manche, now) is not None:
        raise _problems_error(closing_problems(manche.starts_at, now), users={}, prefix="")


@transaction.atomic
def manche_close(*, manche: Manche, by, seen_version, now: datetime) -> SheetState:
    """Close the night: only with an empty pot and zero-sum scores (the engine's checks).

    Publishes the ranking, designates the vainqueur(s) and tells them their compte-rendu is due.
    """
    manche = _claim(manche, seen_version)
    if manche.status == Manche.Status.PLAYED:
        raise _nonfield(_("Cette manche est déjà clôturée."))
    _check_writable(manche, by)
    _refuse_before_start(manche, now)
    state = _state_for_write(manche)
    _require_table(state)
    if not state.donnes:
        raise _nonfield(
            _("Aucune donne n'est saisie : il n'y a rien à clôturer (ou saisissez des résultats rapides).")
        )
    engine = tuple(donne_to_engine(donne_row(d)) for d in state.donnes)
    problems = _season_check(state, donnes=engine, order=tuple(manche.order) if manche.order else None)
    if problems:
        raise _problems_error(problems, users=state.users, prefix="")
    _publish(manche, by=by, now=now)
    _invalidate(manche)
    _notify_vainqueurs(manche, now=now)
    ask_to_sign(manche=manche, now=now)
    return sheet_state(manche)


@transaction.atomic
def manche_order_set(*, manche: Manche, order: list[str] | None, by, seen_version, now: datetime) -> None:
    """Record (or, with None, clear) the order the table agreed for tied scores; the engine checks it."""
    manche = _claim(manche, seen_version)
    if manche.status == Manche.Status.CANCELLED:
        raise _nonfield(_("Cette manche est annulée."))
    if by is not None and not can(by, Action.CORRECT_RESULTS, manche):
        raise PermissionDenied
    state = sheet_state(manche)
    _require_table(state)
    order = list(order) if order else None
    if order:
        if state.sheet is not None:
            scores, stats = state.sheet.totals, state.sheet.stats
        elif state.quick_results:
            scores = {r.player.username: r.score for r in state.quick_results}
            stats = None
        else:
            raise _nonfield(_("Il n'y a pas encore de scores à départager."))
        absent = state.absent.username if state.absent else None
        try:
            rules.rank_manche(state.ruleset, state.table, absent, scores, stats, tuple(order))
        except rules.InvalidInput as exc:
            raise _problems_error(exc.problems, users=state.users, prefix="order") from None
    manche.order = order
    manche._history_user = by
    manche.save(update_fields=["order"])
    _results_changed(manche, now=now)


@transaction.atomic
def quick_results_set(*, manche: Manche, rows: list[dict], by, seen_version, now: datetime) -> None:
    """Each player's final score, prises, bouts and prises won (a sheet kept on paper); publishes the manche.

    ``rows``: ``[{"player": username, "score", "prises", "bouts", "prises_won"}, …]``.
    Same engine checks as a closing (scores summing to zero, coherent prises).
    """
    manche = _claim(manche, seen_version)
    _check_writable(manche, by)
    _refuse_before_start(manche, now)
    state = _state_for_write(manche)
    _require_table(state)
    if state.donnes:
        raise _nonfield(_("Cette manche a une feuille détaillée : ses résultats viennent de ses donnes."))
    results = tuple(
        rules.QuickResult(
            player=r.get("player"),
            score=r.get("score"),
            prises=r.get("prises", 0),
            bouts=r.get("bouts", 0),
            prises_won=r.get("prises_won", 0),
        )
        for r in rows
    )
    order = tuple(manche.order) if manche.order else None
    problems = _season_check(state, results=results, order=order)
    if problems and order:
        # A correction that changes the scores makes an old tie order moot: retry without it.
        retry = _season_check(state, results=results, order=None)
        if not retry:
            problems, order = [], None
            manche.order = None
            manche._history_user = by
            manche.save(update_fields=["order"])
    if problems:
        raise _problems_error(problems, users=state.users)
    existing = {q.player.username: q for q in state.quick_results}
    for r in results:
        q = existing.pop(r.player, None) or QuickResult(manche=manche, player=state.users[r.player])
        values = {"score": r.score, "prises": r.prises, "bouts": r.bouts, "prises_won": r.prises_won}
        if q.pk is None or any(getattr(q, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(q, k, v)
            q._history_user = by
            q.save()
    for q in existing.values():
        q._history_user = by
        q.delete()
    if manche.status != Manche.Status.PLAYED:
        _publish(manche, by=by, now=now)
    _invalidate(manche)
    _notify_vainqueurs(manche, now=now)


# --------------------------------------------------------------------------
# the vainqueurs' notice
# --------------------------------------------------------------------------


def _deadline(manche: Manche, state: SheetState):
    later = Manche.objects.filter(season=manche.season, starts_at__gt=manche.starts_at).exclude(
        status=Manche.Status.CANCELLED
    )
    deadlines = rules.manche_deadlines(
        state.ruleset, manche.starts_at, list(later.values_list("starts_at", flat=True))
    )
    return deadlines[0] if deadlines else None


def _notify_vainqueurs(manche: Manche, *, now: datetime) -> None:
    """Tell each vainqueur, once per manche, that his compte-rendu is due (site notice and email)."""
    state = sheet_state(manche)
    if not state.ranking:
        return
    kwargs = {"season_name": manche.season.name, "number": manche.number}
    url = reverse("league:cr_write", kwargs=kwargs)
    deadline = _deadline(manche, state)
    for user in state.vainqueurs:
        notify(
            user=user,
            key=f"cr:{manche.pk}:{user.pk}:due",
            template="cr_due",
            context={
                "manche": manche,
                "season": manche.season,
                "ranking": state.ranking,
                "manche_url": settings.SITE_URL + manche.get_absolute_url(),
                "deadline": deadline,
                "shared": len(state.vainqueurs) > 1,
            },
            url=url,
            now=now,
            preference="notify_deadlines",
        )

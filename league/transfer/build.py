"""Write a parsed season document to the database (inside the caller's transaction).

Rows are inserted in bulk through :mod:`.rows` (a season of 1,600 manches
has some 32,000 donnes), each with its history row, the importer as the
history user, so the audit trail says where they came from. Replacing a
season deletes its rows the same way, children first. Nothing is computed
here: the standings are the engine's, from these rows.
"""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from accounts.models import User
from league import rules
from league.markdown import render_markdown, shown_text
from league.models import (
    Award,
    Comment,
    CompteRendu,
    Donne,
    DonneContest,
    Manche,
    QuickResult,
    Registration,
    Season,
    Seat,
    SheetConflict,
    SheetSignature,
)

from . import rows
from .parse import ParsedSeason

STATUS = {
    "planned": Manche.Status.PLANNED,
    "played": Manche.Status.PLAYED,
    "cancelled": Manche.Status.CANCELLED,
}


def referenced_players(parsed: ParsedSeason) -> list[str]:
    """The document's player ids (the ``players`` list, in its order)."""
    return [p.id for p in parsed.players]


def ensure_players(parsed: ParsedSeason, *, by: User | None, now: datetime) -> dict[str, User]:
    """Every player of the document as an account: matched on the username, else created.

    A created account is inactive with no usable password (its owner claims
    it through an invitation); a known account keeps its name. First seasons
    are settled after the season is written (:mod:`league.services.first_seasons`).
    """
    ids = referenced_players(parsed)
    users = {u.username: u for u in User.objects.filter(username__in=ids)}
    reason = _("Import de la saison %(name)s") % {"name": parsed.name}
    new = []
    for player in parsed.players:
        if player.id not in users:
            user = User(
                username=player.id,
                display_name=player.name,
                first_season=player.first_season or "",
                is_active=False,
            )
            user.set_unusable_password()
            user._history_user = by
            user._change_reason = reason
            new.append(user)
    if new:  # a season of history brings hundreds of accounts: two statements, not one save each
        created = bulk_create_with_history(new, User, batch_size=500, default_date=now)
        users.update((user.username, user) for user in created)
    return users


# What a season's rows are pointed at by, deleted children first. A model
# pointing at one of these that is not listed here (added later) makes
# ``clear_season`` fall back to the ORM's cascading delete.
SEASON_ROWS = (
    (Comment, "compte_rendu__manche__season"),
    (CompteRendu, "manche__season"),
    (Donne, "manche__season"),
    (DonneContest, "manche__season"),
    (SheetSignature, "manche__season"),
    (SheetConflict, "manche__season"),
    (Seat, "manche__season"),
    (QuickResult, "manche__season"),
    (Registration, "manche__season"),
    (Manche, "season"),
    (Award, "season"),
)
SEASON_PATH = dict(SEASON_ROWS)


def _deletion_is_complete() -> bool:
    listed = {model for model, _path in SEASON_ROWS}
    return all(
        rel.related_model in listed for model, _path in SEASON_ROWS for rel in model._meta.related_objects
    )


def clear_season(season: Season, *, by: User | None, now: datetime) -> None:
    """Delete what a season holds (manches with their seats, sheets, comptes-rendus, sign-ups; awards)."""
    reason = _("Remplacement de la saison %(name)s par un import") % {"name": season.name}
    if not _deletion_is_complete():
        Award.objects.filter(season=season).delete()
        Manche.objects.filter(season=season).delete()
        return
    for model, path in SEASON_ROWS:
        rows.delete_with_history(
            model.objects.filter(**{path: season}), by_id=by.pk if by else None, now=now, reason=reason
        )


def write_season(parsed: ParsedSeason, *, existing: Season | None, by: User | None, now: datetime) -> Season:
    """Create (or, ``existing``, replace) the season described by ``parsed``."""
    users = ensure_players(parsed, by=by, now=now)
    reason = _("Import de la saison %(name)s") % {"name": parsed.name}

    def uid(player_id: str | None) -> int | None:
        return users[player_id].pk if player_id is not None else None

    if existing is not None:
        clear_season(existing, by=by, now=now)
        season = existing
        closed_at = existing.closed_at
    else:
        season = Season(name=parsed.name)
        closed_at = None
    season.family = parsed.family
    season.params = parsed.params
    season.president_id = uid(parsed.president)
    season.vice_president_id = uid(parsed.vice_president)
    if parsed.closed:
        season.state = Season.State.CLOSED
        season.closed_at = closed_at or now
    else:
        season.state = Season.State.OPEN
        season.closed_at = None
    season._history_user = by
    season._change_reason = reason
    season.save()

    by_id = by.pk if by else None
    manche_ids = rows.insert_with_history(
        Manche,
        [
            {
                "season_id": season.pk,
                "number": m.number,
                "starts_at": m.starts_at,
                "location": m.location,
                "status": STATUS[m.status],
                "absent_id": uid(m.absent),
                "order": list(m.order) if m.order else None,
            }
            for m in parsed.manches
        ],
        by_id=by_id,
        now=now,
        reason=reason,
    )
    seats, donnes, results, comptes_rendus = [], [], [], []
    for manche_id, m in zip(manche_ids, parsed.manches, strict=True):
        seats.extend(
            {
                "manche_id": manche_id,
                "player_id": uid(p),
                "position": k,
                "jeton_colour": users[p].jeton_colour or "",
            }
            for k, p in enumerate(m.table, start=1)
        )
        donnes.extend(_donne(manche_id, k, d, uid) for k, d in enumerate(m.donnes or (), start=1))
        results.extend(
            {
                "manche_id": manche_id,
                "player_id": uid(r.player),
                "score": r.score,
                "prises": r.prises,
                "bouts": r.bouts,
                "prises_won": r.prises_won,
            }
            for r in m.results or ()
        )
        comptes_rendus.extend(
            {
                "manche_id": manche_id,
                "author_id": uid(cr.author),
                "title": "",
                "text": cr.text,
                "html": render_markdown(shown_text("", cr.text)),
                "posted_at": cr.posted_at,
                "status": cr.status,
                "judged_at": cr.rejected_at if cr.status == CompteRendu.Status.REJECTED else None,
                "rejected_at": cr.rejected_at,
                "reason": cr.reason or "",
            }
            for cr in m.comptes_rendus
        )
    # Every row under the season is one written here (a replaced season's were deleted first).
    for model, batch in (
        (Seat, seats),
        (Donne, donnes),
        (QuickResult, results),
        (CompteRendu, comptes_rendus),
        (
            Award,
            [
                {
                    "season_id": season.pk,
                    "award": a.award,
                    "player_id": uid(a.player),
                    "citation": a.citation or "",
                }
                for a in parsed.awards
            ],
        ),
    ):
        rows.fill_with_history(
            model.objects.filter(**{SEASON_PATH[model]: season}),
            batch,
            by_id=by_id,
            now=now,
            reason=reason,
        )
    return season


def _donne(manche_id: int, index: int, d, uid) -> dict:
    row = {
        "manche_id": manche_id,
        "index": index,
        "kind": d.kind,
        "dealer_id": uid(d.dealer),
        "miseres": [{"player": m.player, "kind": m.kind, "valid": m.valid} for m in d.miseres],
        "penalties": [rules.penalty_fields(p.__dict__) for p in d.penalties],
    }
    if d.kind == Donne.Kind.MISERE:
        row["misere_points"] = {
            player: rules.json_number(points) for player, points in d.misere_points.items()
        }
    else:
        row.update(
            taker_id=uid(d.taker),
            contract=d.contract,
            partner_id=uid(d.partner),
            bouts=d.bouts,
            points=d.points,
            petit_au_bout=d.petit_au_bout or "",
            chelem=d.chelem or "",
            poignees=[{"player": p.player, "level": p.level} for p in d.poignees],
        )
    return row

"""Write a parsed season document to the database (inside the caller's transaction).

Rows are inserted in bulk (a season of 1,600 manches has some 32,000
donnes) and each bulk insert records its history rows too, with the
importer as the history user, so the audit trail says where they came from.
Nothing is computed here: the standings are the engine's, from these rows.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.db import models
from django.utils.translation import gettext as _

from accounts.models import User
from league import rules
from league.models import Award, CompteRendu, Donne, Manche, QuickResult, Season, Seat

from .parse import ParsedSeason

BATCH = 2000
STATUS = {
    "planned": Manche.Status.PLANNED,
    "played": Manche.Status.PLAYED,
    "cancelled": Manche.Status.CANCELLED,
}


def _bulk(model: type[models.Model], objs: list, *, by: User | None, now: datetime, reason: str) -> list:
    """Insert ``objs`` and their history rows; the objects get their primary keys."""
    if not objs:
        return objs
    model.objects.bulk_create(objs, batch_size=BATCH)
    model.history.bulk_history_create(
        objs, batch_size=BATCH, default_user=by, default_change_reason=reason, default_date=now
    )
    return objs


def referenced_players(parsed: ParsedSeason) -> list[str]:
    """The document's player ids (the ``players`` list, in its order)."""
    return [p.id for p in parsed.players]


def ensure_players(parsed: ParsedSeason, *, by: User | None, now: datetime) -> dict[str, User]:
    """Every player of the document as an account: matched on the username, else created.

    A created account is inactive with no usable password (its owner claims
    it through an invitation); a known account keeps its name, and gets the
    document's first season only when none is recorded.
    """
    ids = referenced_players(parsed)
    users = {u.username: u for u in User.objects.filter(username__in=ids)}
    reason = _("Import de la saison %(name)s") % {"name": parsed.name}
    for player in parsed.players:
        user = users.get(player.id)
        if user is None:
            user = User(
                username=player.id,
                display_name=player.name,
                first_season=player.first_season or "",
                is_active=False,
            )
            user.set_unusable_password()
            user._history_user = by
            user._change_reason = reason
            user.save()
            users[player.id] = user
        elif player.first_season and not user.first_season:
            user.first_season = player.first_season
            user._history_user = by
            user._change_reason = reason
            user.save(update_fields=["first_season"])
    return users


def clear_season(season: Season) -> None:
    """Delete what a season holds (manches with their seats, sheets, comptes-rendus, sign-ups; awards)."""
    Award.objects.filter(season=season).delete()
    Manche.objects.filter(season=season).delete()


def write_season(parsed: ParsedSeason, *, existing: Season | None, by: User | None, now: datetime) -> Season:
    """Create (or, ``existing``, replace) the season described by ``parsed``."""
    users = ensure_players(parsed, by=by, now=now)
    reason = _("Import de la saison %(name)s") % {"name": parsed.name}

    def uid(player_id: str | None) -> int | None:
        return users[player_id].pk if player_id is not None else None

    if existing is not None:
        clear_season(existing)
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

    manches = [
        Manche(
            season=season,
            number=m.number,
            starts_at=m.starts_at,
            location=m.location,
            status=STATUS[m.status],
            absent_id=uid(m.absent),
            order=list(m.order) if m.order else None,
        )
        for m in parsed.manches
    ]
    _bulk(Manche, manches, by=by, now=now, reason=reason)

    seats, donnes, results, comptes_rendus = [], [], [], []
    for manche, m in zip(manches, parsed.manches, strict=True):
        seats.extend(
            Seat(manche=manche, player_id=uid(p), position=k, jeton_colour=users[p].jeton_colour or "")
            for k, p in enumerate(m.table, start=1)
        )
        donnes.extend(_donne(manche, k, d, uid) for k, d in enumerate(m.donnes or (), start=1))
        results.extend(
            QuickResult(
                manche=manche,
                player_id=uid(r.player),
                score=r.score,
                prises=r.prises,
                bouts=r.bouts,
                prises_won=r.prises_won,
            )
            for r in m.results or ()
        )
        comptes_rendus.extend(
            CompteRendu(
                manche=manche,
                author_id=uid(cr.author),
                title="",
                text=cr.text,
                posted_at=cr.posted_at,
                status=cr.status,
                judged_at=cr.rejected_at if cr.status == CompteRendu.Status.REJECTED else None,
                rejected_at=cr.rejected_at,
                reason=cr.reason or "",
            )
            for cr in m.comptes_rendus
        )
    _bulk(Seat, seats, by=by, now=now, reason=reason)
    _bulk(Donne, donnes, by=by, now=now, reason=reason)
    _bulk(QuickResult, results, by=by, now=now, reason=reason)
    _bulk(CompteRendu, comptes_rendus, by=by, now=now, reason=reason)
    _bulk(
        Award,
        [
            Award(season=season, award=a.award, player_id=uid(a.player), citation=a.citation or "")
            for a in parsed.awards
        ],
        by=by,
        now=now,
        reason=reason,
    )
    return season


def _players_json(items: Iterable[dict], keys: tuple[str, ...]) -> list[dict]:
    return [{key: item[key] for key in keys} for item in items]


def _donne(manche: Manche, index: int, d, uid) -> Donne:
    row = Donne(
        manche=manche,
        index=index,
        kind=d.kind,
        dealer_id=uid(d.dealer),
        miseres=_players_json(d.miseres, ("player", "kind", "valid")),
        penalties=_players_json(d.penalties, ("player", "amount", "reason")),
    )
    if d.kind == Donne.Kind.MISERE:
        row.misere_points = {player: rules.json_number(points) for player, points in d.misere_points.items()}
    else:
        row.taker_id = uid(d.taker)
        row.contract = d.contract
        row.partner_id = uid(d.partner)
        row.bouts = d.bouts
        row.points = d.points
        row.petit_au_bout = d.petit_au_bout or ""
        row.chelem = d.chelem or ""
        row.poignees = _players_json(d.poignees, ("player", "level"))
    return row

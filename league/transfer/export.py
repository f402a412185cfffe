"""The database → a season document, with everything the rules engine computes added.

The document's facts are read in a fixed number of queries; the computed
part is not read from anywhere: the facts just written are parsed back
(:mod:`.parse`, the importer's own reading) and handed to
``rules.compute_season``. So an export always agrees with itself — anyone
recomputing from its facts finds its numbers — and importing it gives back
the same season, which exports byte for byte the same.

Order is fixed: players by id, manches by number, donnes by index, seats in
playing order, quick results in seat order, comptes-rendus by posting time,
awards by kind then player. Times are written on the club's clock
(Europe/Paris) with their offset; numbers through ``rules.json_number``.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from zoneinfo import ZoneInfo

from accounts.models import User
from league import rules
from league.limits import SeasonImportLimits
from league.models import Award, CompteRendu, Donne, Manche, QuickResult, Season, Seat

from . import FORMAT, VERSION
from .parse import parse_document

CLUB_ZONE = ZoneInfo("Europe/Paris")
STATUS = {
    Manche.Status.PLANNED: "planned",
    Manche.Status.OPEN: "planned",
    Manche.Status.PLAYED: "played",
    Manche.Status.CANCELLED: "cancelled",
}
AWARDED = ("fair_play", "manque_de_bol", "truffe")


def instant(moment: datetime | None) -> str | None:
    """``2011-09-01T21:00:00+02:00``: the club's wall clock with its offset."""
    return None if moment is None else moment.astimezone(CLUB_ZONE).isoformat()


def number(value) -> int | float:
    return rules.json_number(value)


# --------------------------------------------------------------------------
# facts
# --------------------------------------------------------------------------


def season_facts(season: Season) -> dict:
    """The season as the format's input part (what a person or a tool would write)."""
    manches = list(Manche.objects.filter(season=season).order_by("number"))
    names: dict[int, str] = {}  # user pk -> username, filled below
    user_ids: set[int] = {pk for pk in (season.president_id, season.vice_president_id) if pk}
    user_ids.update(m.absent_id for m in manches if m.absent_id)

    tables: dict[int, list[int]] = defaultdict(list)
    for manche_id, player_id in (
        Seat.objects.filter(manche__season=season)
        .order_by("manche_id", "position")
        .values_list("manche_id", "player_id")
    ):
        tables[manche_id].append(player_id)
        user_ids.add(player_id)
    donnes: dict[int, list[dict]] = defaultdict(list)
    for row in (
        Donne.objects.filter(manche__season=season)
        .order_by("manche_id", "index")
        .values(
            "manche_id",
            "kind",
            "dealer_id",
            "taker_id",
            "contract",
            "partner_id",
            "bouts",
            "points",
            "petit_au_bout",
            "chelem",
            "poignees",
            "miseres",
            "penalties",
            "misere_points",
        )
    ):
        donnes[row["manche_id"]].append(row)
        user_ids.update(pk for pk in (row["dealer_id"], row["taker_id"], row["partner_id"]) if pk)
    results: dict[int, list[dict]] = defaultdict(list)
    for row in QuickResult.objects.filter(manche__season=season).values(
        "manche_id", "player_id", "score", "prises", "bouts", "prises_won"
    ):
        results[row["manche_id"]].append(row)
        user_ids.add(row["player_id"])
    crs: dict[int, list[dict]] = defaultdict(list)
    for row in (
        CompteRendu.objects.filter(manche__season=season)
        .order_by("manche_id", "posted_at", "pk")
        .values("manche_id", "author_id", "posted_at", "status", "text", "rejected_at", "reason")
    ):
        crs[row["manche_id"]].append(row)
        user_ids.add(row["author_id"])
    awards = list(Award.objects.filter(season=season).values("award", "player_id", "citation"))
    user_ids.update(a["player_id"] for a in awards)

    players = []
    for pk, username, display_name, first_season in (
        User.objects.filter(pk__in=user_ids)
        .order_by("username")
        .values_list("pk", "username", "display_name", "first_season")
    ):
        names[pk] = username
        players.append(
            {"id": username, "name": display_name or username, "first_season": first_season or None}
        )

    def name(pk: int | None) -> str | None:
        return names[pk] if pk else None

    manche_docs = []
    for m in manches:
        table = [name(pk) for pk in tables.get(m.pk, ())]
        seat = {p: k for k, p in enumerate(table)}
        sheet = donnes.get(m.pk)
        quick = results.get(m.pk)
        played = m.status == Manche.Status.PLAYED
        manche_docs.append(
            {
                "number": m.number,
                "starts_at": instant(m.starts_at),
                "location": m.location,
                "status": STATUS[m.status],
                "table": table,
                "absent": name(m.absent_id),
                "donnes": [_donne(row, name) for row in sheet]
                if sheet
                else ([] if played and not quick else None),
                "results": sorted(
                    (_result(row, name) for row in quick),
                    key=lambda r: (seat.get(r["player"], len(seat)), r["player"]),
                )
                if quick
                else None,
                "order": list(m.order) if m.order else None,
                "comptes_rendus": [_compte_rendu(row, name) for row in crs.get(m.pk, ())],
            }
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "season": {
            "name": season.name,
            "ruleset": season.family,
            "params": _params(season.params or {}),
            "president": name(season.president_id),
            "vice_president": name(season.vice_president_id),
        },
        "players": players,
        "manches": manche_docs,
        "awards": sorted(
            (
                {"award": a["award"], "player": name(a["player_id"]), "citation": a["citation"] or None}
                for a in awards
            ),
            key=lambda a: (a["award"], a["player"]),
        ),
        "closed": season.is_closed,
    }


def _params(params: dict) -> dict:
    return {
        key: [number(rules.to_decimal(v)) for v in value] if key == "place_points" else value
        for key, value in params.items()
    }


def _donne(row: dict, name) -> dict:
    common = {
        "dealer": name(row["dealer_id"]),
        "kind": row["kind"],
        "miseres": [
            {"player": m["player"], "kind": m["kind"], "valid": bool(m["valid"])}
            for m in row["miseres"] or ()
        ],
        "penalties": [rules.penalty_fields(p) for p in row["penalties"] or ()],
    }
    if row["kind"] == Donne.Kind.MISERE:
        return {
            **common,
            "points": {p: number(rules.to_decimal(v)) for p, v in (row["misere_points"] or {}).items()},
        }
    return {
        **common,
        "taker": name(row["taker_id"]),
        "contract": row["contract"],
        "partner": name(row["partner_id"]),
        "bouts": row["bouts"],
        "points": None if row["points"] is None else number(row["points"]),
        "petit_au_bout": row["petit_au_bout"] or None,
        "poignees": [{"player": p["player"], "level": p["level"]} for p in row["poignees"] or ()],
        "chelem": row["chelem"] or None,
    }


def _result(row: dict, name) -> dict:
    return {
        "player": name(row["player_id"]),
        "score": row["score"],
        "prises": row["prises"],
        "bouts": row["bouts"],
        "prises_won": row["prises_won"],
    }


def _compte_rendu(row: dict, name) -> dict:
    return {
        "author": name(row["author_id"]),
        "posted_at": instant(row["posted_at"]),
        "status": row["status"],
        "text": row["text"],
        "rejected_at": instant(row["rejected_at"]),
        "reason": row["reason"] or None,
    }


# --------------------------------------------------------------------------
# computed
# --------------------------------------------------------------------------


def add_computed(document: dict, *, now: datetime) -> dict:
    """Add to ``document`` (in place, and return it) what the engine computes from its facts.

    Raises :class:`rules.InvalidInput` when the facts are not a valid season.
    """
    return computed_until(document, now=now)[0]


def computed_until(document: dict, *, now: datetime) -> tuple[dict, datetime | None]:
    """:func:`add_computed`, and until when what it added stays right with the same facts
    (``rules.changes_after``); None when nothing ahead can change it."""
    # A season the site holds is exported whatever its size; compute_season checks it all the same.
    parsed = parse_document(document, limits=SeasonImportLimits(), engine_check=False)
    result = rules.compute_season(parsed.engine, now=now)
    ruleset = parsed.engine.ruleset
    for doc, manche in zip(document["manches"], parsed.manches, strict=True):
        outcome = result.manches.get(manche.number) if manche.status == "played" else None
        if outcome is not None:
            sheet = outcome.sheet
            doc["ranking"] = [_ranking_entry(e) for e in outcome.ranking]
            doc["adjustments"] = [
                {"player": player, "kind": kind, "value": number(value)}
                for player, kind, value in rules.summed_adjustments(outcome.adjustments)
            ]
        elif manche.donnes:  # a sheet on a manche not played yet: its donnes are scored all the same
            sheet = rules.score_sheet(ruleset, manche.table, [d.engine() for d in manche.donnes])
        else:
            sheet = None
        if sheet is not None and doc.get("donnes"):
            for donne_doc, donne_result in zip(doc["donnes"], sheet.donnes, strict=True):
                donne_doc["dealer"] = donne_result.dealer
                donne_doc["scores"] = dict(donne_result.scores)
                donne_doc["pot"] = donne_result.pot_after
    document["standings"] = [_standing(row) for row in result.standings]
    document["accessits"] = [_accessit(a) for a in result.accessits]
    return document, rules.changes_after(parsed.engine, result, now)


def _ranking_entry(e) -> dict:
    return {
        "player": e.player,
        "score": e.score,
        "place": e.place,
        "points": number(e.points),
        "prises": e.prises,
        "bouts": e.bouts,
        "prises_won": e.prises_won,
    }


def _standing(row) -> dict:
    return {
        "player": row.player,
        "rank": row.rank,
        "manches": row.manches,
        "place_points": number(row.place_points),
        "bonus": number(row.bonus),
        "malus": number(row.malus),
        "points": number(row.points),
        "average": number(row.average),
        "title": row.title,
    }


def _accessit(a) -> dict:
    out = {"award": a.award, "players": list(a.players)}
    if a.award in AWARDED:
        out["citation"] = a.citation or None
    elif a.value is not None:
        out["value"] = a.value
    return out


def export_document(season: Season, *, now: datetime) -> dict:
    """The whole season document: facts and what the engine computes from them."""
    return add_computed(season_facts(season), now=now)


def export_document_until(season: Season, *, now: datetime) -> tuple[dict, datetime | None]:
    """:func:`export_document`, and until when it stays right (see :func:`computed_until`)."""
    return computed_until(season_facts(season), now=now)


__all__ = [
    "add_computed",
    "computed_until",
    "export_document",
    "export_document_until",
    "instant",
    "season_facts",
]

"""A season document → the rows to write and the rules engine's input, or every problem.

Three steps. First the document as a whole is bounded (see the README's
"Limits on what members send"): its size (by where the import runs:
:class:`league.limits.SeasonImportLimits`), its nesting (:func:`loads`, :func:`_unstorable`),
and no text, key or value, may carry a NUL, a lone surrogate or a
text-direction override. Then its shape is checked against the declared
schema (:mod:`.schema`: known keys only, required keys present, every value
of its JSON type, what the database needs and what a club can mean). Last,
what is well formed goes to the rules engine (``rules.validate_season``),
which checks everything about the game itself and names each problem with
its season-format path (``manches[3].donnes[7].bouts: must be 0..3, got 4``).
A manche with a problem of shape is left out of the engine's pass (the
engine's paths are mapped back to the document's indices), so one pass
reports as much as it can without repeating itself.

The keys ``export_season`` adds (``scores``, ``pot``, ``ranking``,
``adjustments``, ``standings``, ``accessits``) are known and ignored: they
are recomputed from the facts, so an export imports as it is.

Messages are the engine's kind (:class:`rules.Message`, English msgids
marked for translation) so the page translates them and the command line
prints them as the format's specification shows.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from pydantic import ValidationError

from league import rules
from league.limits import UPLOAD_IMPORT, SeasonImportLimits
from league.rules.errors import join_path, prefixed

from . import schema
from .schema import SHORT_ID, UNSTORABLE, show

_ = rules.gettext_noop

__all__ = ["ParsedSeason", "loads", "parse_document", "SHORT_ID"]

PLAYED = "played"
MAX_DEPTH = 16  # the format itself nests 6 deep
# Where a problem's top-level key sorts in the list of problems (document order).
TOP_ORDER = {
    "$": 0,
    "format": 1,
    "version": 2,
    "season": 3,
    "players": 4,
    "manches": 5,
    "awards": 6,
    "closed": 7,
}
_INDEX = re.compile(r"\[(\d+)\]")
#: Checks the params' values before the era is known (it needs the manches' dates).
ERA_PLACEHOLDER = {"garde_contre_multiplier": 6, "defensive_bonus": True}


@dataclass
class ParsedSeason:
    """A valid document: what to write (the schema's objects), and the engine's input for it."""

    name: str
    family: str
    params: dict
    president: str | None
    vice_president: str | None
    closed: bool
    players: list[schema.Player]
    manches: list[schema.Manche]
    awards: list[schema.Award]
    engine: rules.SeasonInput


# --------------------------------------------------------------------------
# problems
# --------------------------------------------------------------------------


class Problems:
    """The problems found so far, each a :class:`rules.RuleViolation` with its JSON path."""

    def __init__(self) -> None:
        self.items: list[rules.RuleViolation] = []

    def add(self, path: str, text: str, **params: Any) -> None:
        self.items.append(rules.RuleViolation(path, rules.Message(text, params)))

    def extend(self, problems) -> None:
        self.items.extend(problems)

    def __len__(self) -> int:
        return len(self.items)

    def sorted(self) -> list[rules.RuleViolation]:
        """In document order: top-level key, then the indices along the path (stable otherwise)."""

        def key(p: rules.RuleViolation):
            top = re.split(r"[.\[]", p.field, maxsplit=1)[0]
            return (TOP_ORDER.get(top, len(TOP_ORDER)), tuple(int(i) for i in _INDEX.findall(p.field)))

        return sorted(self.items, key=key)


# --------------------------------------------------------------------------
# JSON text, and what no later check should meet
# --------------------------------------------------------------------------


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict:
    seen = dict(pairs)
    if len(seen) != len(pairs):  # which key, only then
        keys: set = set()
        for key, _value in pairs:
            if key in keys:
                raise ValueError(f"duplicate key {key!r}")
            keys.add(key)
    return seen


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def loads(text: str | bytes, *, max_mb: int | None = UPLOAD_IMPORT.document_mb) -> Any:
    """JSON text → Python values (decimals exact, duplicate keys and NaN refused).

    Raises :class:`rules.InvalidInput` with the problem at path ``$``; a
    text longer than ``max_mb`` MB is refused before it is read.
    """
    if max_mb is not None and len(text) > max_mb * 2**20:
        raise rules.InvalidInput(
            [
                rules.RuleViolation(
                    "$", rules.Message(_("the file is too large: %(max)s MB at most"), {"max": max_mb})
                )
            ]
        )
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise rules.InvalidInput(
                [rules.RuleViolation("$", rules.Message(_("not UTF-8 text: %(error)s"), {"error": exc}))]
            ) from exc
    try:
        return json.loads(
            text, parse_float=Decimal, parse_constant=_no_constant, object_pairs_hook=_no_duplicates
        )
    except json.JSONDecodeError as exc:
        raise rules.InvalidInput([rules.RuleViolation("$", _json_problem(exc))]) from exc
    except ValueError as exc:  # our own hooks: duplicate keys, NaN
        raise rules.InvalidInput(
            [
                rules.RuleViolation(
                    "$", rules.Message(_("not valid JSON: %(error)s"), {"error": show(str(exc))})
                )
            ]
        ) from exc
    except RecursionError as exc:
        raise rules.InvalidInput([_too_deep("$")]) from exc


def _too_deep(path: str) -> rules.RuleViolation:
    return rules.RuleViolation(
        path, rules.Message(_("nested more than %(max)s levels deep"), {"max": MAX_DEPTH})
    )


def _storable(data: Any) -> bool:
    """Whether nothing in ``data`` is nested beyond :data:`MAX_DEPTH` nor holds a text the
    database refuses: every text, keys included, searched at once, no path made.

    What a document nearly always is; :func:`_where_unstorable`, which makes the path
    of every container it may have to name, costs about three times as much (two thirds of
    ``compute_season`` at 200 × 40).
    """
    texts: list[str] = []
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            texts.extend(value)
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:  # the document itself is not a container
            return not (isinstance(value, str) and UNSTORABLE.search(value))
        if children and depth >= MAX_DEPTH:
            return False
        for child in children:
            if isinstance(child, str):
                texts.append(child)
            elif isinstance(child, (dict, list)):
                stack.append((child, depth + 1))
    return not UNSTORABLE.search("".join(texts))


def _unstorable(data: Any) -> list[rules.RuleViolation]:
    """Nesting beyond :data:`MAX_DEPTH` and texts the database refuses, keys included, anywhere.

    The schema could not say it: a key is named in messages before it is
    known to be wrong, and the computed keys are not read.
    """
    return [] if _storable(data) else _where_unstorable(data)


def _where_unstorable(data: Any) -> list[rules.RuleViolation]:
    """:func:`_unstorable`, each problem at its path. Walks the containers without
    recursion; each one's texts are searched at once, one by one only when something
    is found."""
    found: list[rules.RuleViolation] = []
    stack: list[tuple[str, Any, int]] = [("", data, 0)]
    while stack and len(found) < 10:
        path, value, depth = stack.pop()
        if isinstance(value, dict):
            items = list(value.items())
            texts = "".join([*value, *(v for v in value.values() if type(v) is str)])
        elif isinstance(value, list):
            items = list(zip(range(len(value)), value, strict=True))
            texts = "".join(v for v in value if type(v) is str)
        else:
            if isinstance(value, str) and UNSTORABLE.search(value):
                found.append(_bad_text(path or "$", value))
            continue
        if items and depth >= MAX_DEPTH:
            return [_too_deep(_child(path, items[0][0]))]
        if UNSTORABLE.search(texts):
            for key, item in items:
                if isinstance(key, str) and UNSTORABLE.search(key):
                    found.append(_bad_text(path or "$", key))
                elif isinstance(item, str) and UNSTORABLE.search(item):
                    found.append(_bad_text(_child(path, key), item))
            # what is under a key that cannot be named is not named either
            items = [(k, v) for k, v in items if not (isinstance(k, str) and UNSTORABLE.search(k))]
        stack.extend(
            (_child(path, key), item, depth + 1) for key, item in items if isinstance(item, (dict, list))
        )
    return found


def _child(path: str, key: str | int) -> str:
    return f"{path}[{key}]" if isinstance(key, int) else join_path(path, key)


def _bad_text(path: str, value: str) -> rules.RuleViolation:
    error = schema.bad_character(value)
    return rules.RuleViolation(path, rules.Message(error.message_template, error.context))


#: Python's JSON messages, said in words a club's President reads (and translated).
JSON_PROBLEMS = {
    "Expecting value": _("a value is missing (is the file empty, or not a JSON file?)"),
    "Expecting property name enclosed in double quotes": _("a key must be written in double quotes"),
    "Expecting ',' delimiter": _("a comma is missing (or the file is cut short)"),
    "Expecting ':' delimiter": _("a colon is missing after a key"),
    "Unterminated string starting at": _("a text is not closed by its double quote"),
    "Extra data": _("something follows the end of the document"),
    "Invalid control character at": _("a text holds a line break or a control character"),
    "Invalid \\escape": _("a backslash starts an unknown escape"),
}


def _json_problem(exc: json.JSONDecodeError) -> rules.Message:
    """Where the file stops being JSON (line, column) and what is wrong there, in the reader's language."""
    problem = JSON_PROBLEMS.get(exc.msg, _("the text is not JSON"))
    return rules.Message(
        _("not valid JSON, line %(line)s, column %(column)s: %(problem)s"),
        {"line": exc.lineno, "column": exc.colno, "problem": rules.Message(problem, {})},
    )


# --------------------------------------------------------------------------
# the shape (the schema), then the engine
# --------------------------------------------------------------------------


def _not_ours(error: dict) -> bool:
    """A problem that makes the rest noise: not an object, an unknown or missing top-level key, format, version."""
    loc = error["loc"]
    return (
        not loc
        or loc[0] in ("format", "version")
        or (len(loc) == 1 and error["type"] in ("missing", "extra_forbidden"))
    )


def _shape(data: Any, limits: SeasonImportLimits) -> tuple[schema.Document | None, list[dict]]:
    try:
        return schema.Document.model_validate(data, context=schema.context(limits)), []
    except ValidationError as exc:
        return None, exc.errors(include_url=False)


def _salvage(data: dict, errors: list[dict]) -> dict[str, Any]:
    """The parts of a document with problems that are well formed, each validated alone.

    ``season`` (or None), ``players`` / ``manches`` / ``awards`` as lists of
    (document index, object), ``closed``: what the engine's pass can still check.
    """
    bad = {tuple(e["loc"][:2]) for e in errors}
    tops = {e["loc"][0] for e in errors}
    out: dict[str, Any] = {"season": None, "closed": False}
    season = [e for e in errors if e["loc"][0] == "season"]
    if all(e["type"] == "extra_forbidden" and len(e["loc"]) == 2 for e in season):
        # an unknown key of the season is reported, and its rule set still checks the rest
        known = {k: v for k, v in data["season"].items() if k in schema.Season.model_fields}
        out["season"] = schema.Season.model_validate(known)
    for key in ("players", "manches", "awards"):
        items = data.get(key) or []
        good = [] if (key,) in bad else [i for i in range(len(items)) if (key, i) not in bad]
        out[key] = [(i, schema.PARTS[key].model_validate(items[i])) for i in good]
    if "closed" not in tops:
        out["closed"] = bool(data.get("closed"))
    return out


def _season(season: schema.Season, problems: Problems) -> dict | None:
    """The season's rule set and params as the engine reads them (the era is placed later)."""
    try:  # the params' own values; the era is placed once the manches' dates are read
        rules.ruleset_for(season.ruleset, "", {**ERA_PLACEHOLDER, **season.params})
    except rules.InvalidInput as exc:
        problems.extend(exc.problems)
        return None
    stored = {
        key: [rules.json_number(rules.to_decimal(v)) for v in value] if key == "place_points" else value
        for key, value in season.params.items()
    }
    return {
        "name": season.name,
        "family": season.ruleset,
        "params": stored,
        "president": season.president,
        "vice_president": season.vice_president,
    }


def _players(
    data: dict, players: list[tuple[int, schema.Player]], problems: Problems
) -> tuple[list[schema.Player], dict[str, rules.PlayerInfo]]:
    """The players to write, and every player id the engine should know (even one with a problem)."""
    infos: dict[str, rules.PlayerInfo] = {}
    items = data.get("players")
    if isinstance(items, list) and len(items) <= schema.MAX_PLAYERS:
        for item in items:
            if isinstance(item, dict) and isinstance(item.get("id"), str) and item["id"] not in infos:
                name, first = item.get("name"), item.get("first_season")
                infos[item["id"]] = rules.PlayerInfo(
                    id=item["id"],
                    name=name if isinstance(name, str) else item["id"],
                    first_season=first if isinstance(first, str) else None,
                )
    rows, seen = [], set()
    for i, player in players:
        if player.id in seen:
            problems.add(f"players[{i}].id", _("%(id)s is listed twice"), id=player.id)
            continue
        seen.add(player.id)
        rows.append(player)
    return rows, infos


def _awards(awards: list[tuple[int, schema.Award]], problems: Problems) -> list[tuple[int, schema.Award]]:
    """Several players may share a trophy; the same trophy twice to the same player is a duplicate."""
    out, seen = [], set()
    for i, award in awards:
        if (award.award, award.player) in seen:
            problems.add(
                f"awards[{i}]",
                _("%(award)s is already awarded to %(player)s"),
                award=award.award,
                player=award.player,
            )
            continue
        seen.add((award.award, award.player))
        out.append((i, award))
    return out


def parse_document(
    data: Any, *, limits: SeasonImportLimits = UPLOAD_IMPORT, engine_check: bool = True
) -> ParsedSeason:
    """Check ``data`` (a loaded JSON document, or its text) and return what to write.

    Raises :class:`rules.InvalidInput` listing every problem found, in
    document order, each with its JSON path. ``limits`` bound the document's
    size and its manches (the upload's unless the caller says otherwise).
    ``engine_check=False`` leaves out the engine's validation of the played
    manches, for a caller that hands the result to ``rules.compute_season``
    (which validates it anyway).
    """
    if isinstance(data, (str, bytes, bytearray)):
        data = loads(data, max_mb=limits.document_mb)
    unstorable = _unstorable(data)
    if unstorable:
        raise rules.InvalidInput(unstorable)
    document, errors = _shape(data, limits)
    problems = Problems()
    if errors:
        problems.extend(schema.problems(errors))
        if any(_not_ours(e) for e in errors):  # not a document of ours: what follows would only be noise
            stop = Problems()
            stop.extend(p for p, e in zip(problems.items, errors, strict=True) if _not_ours(e))
            raise rules.InvalidInput(stop.sorted())
        parts = _salvage(data, errors)
    else:
        parts = {
            "season": document.season,
            "players": list(enumerate(document.players)),
            "manches": list(enumerate(document.manches)),
            "awards": list(enumerate(document.awards)),
            "closed": document.closed,
        }
    season = _season(parts["season"], problems) if parts["season"] is not None else None
    players, infos = _players(data, parts["players"], problems)
    manche_index = [i for i, _m in parts["manches"]]  # engine position -> document index
    manches = [m for _i, m in parts["manches"]]
    awards = _awards(parts["awards"], problems)
    award_index = [i for i, _a in awards]
    closed = parts["closed"]

    if season is not None:
        vp = season["vice_president"]
        if vp is not None and vp not in infos:
            problems.add("season.vice_president", _("unknown player %(player)s"), player=vp)
        elif vp is not None and vp == season["president"]:
            problems.add(
                "season.vice_president",
                _("must be another player than the President (%(player)s)"),
                player=vp,
            )

    if season is None:  # no rule set to check the rest with
        raise rules.InvalidInput(problems.sorted())
    try:
        _place_in_era(season, manches)
    except rules.InvalidInput as exc:
        problems.extend(exc.problems)
        raise rules.InvalidInput(problems.sorted()) from None

    engine = rules.SeasonInput(
        name=season["name"],
        ruleset=season["ruleset"],
        players=infos,
        manches=tuple(m.engine() for m in manches),
        president=season["president"],
        closed=closed,
        awards=tuple(rules.Award(a.award, a.player, a.citation) for _i, a in awards),
    )
    try:
        if engine_check:
            rules.validate_season(engine)
    except rules.InvalidInput as exc:
        problems.extend(_remap(exc.problems, manche_index, award_index))
    for position, manche in enumerate(manches):
        problems.extend(_unplayed_sheet(season["ruleset"], f"manches[{manche_index[position]}]", manche))

    if problems:
        raise rules.InvalidInput(problems.sorted())
    return ParsedSeason(
        name=season["name"],
        family=season["family"],
        params=season["params"],
        president=season["president"],
        vice_president=season["vice_president"],
        closed=closed,
        players=players,
        manches=manches,
        awards=[a for _i, a in awards],
        engine=engine,
    )


def _place_in_era(season: dict, manches: list[schema.Manche]) -> None:
    """The season's rule set, its era taken from its dates (the first manche),
    the era's values written into the stored params when the name alone
    would not give them back. Raises when the season cannot be placed."""
    first_start = min((m.starts_at for m in manches), default=None)
    season["params"] = rules.placed_params(season["family"], season["name"], season["params"], first_start)
    season["ruleset"] = rules.ruleset_for(season["family"], season["name"], season["params"])


def _remap(problems, manche_index: list[int], award_index: list[int]) -> list[rules.RuleViolation]:
    """The engine's paths, indexed over what it was given, back to the document's indices."""
    out = []
    for p in problems:
        path = p.field
        for name, index in (("manches", manche_index), ("awards", award_index)):
            match = re.match(rf"{name}\[(\d+)\]", path)
            if match and int(match.group(1)) < len(index):
                path = f"{name}[{index[int(match.group(1))]}]" + path[match.end() :]
        out.append(rules.RuleViolation(path, p.message))
    return out


def _unplayed_sheet(ruleset: rules.RuleSet, path: str, manche: schema.Manche) -> list[rules.RuleViolation]:
    """A sheet (or quick results) recorded on a manche not played yet: the engine checks it too."""
    if manche.status == PLAYED:
        return []
    found: list[rules.RuleViolation] = []
    if manche.donnes:
        try:
            rules.score_sheet(ruleset, manche.table, [d.engine() for d in manche.donnes])
        except rules.InvalidInput as exc:
            found.extend(exc.problems)
    if manche.results:
        found.extend(
            rules.validate_quick_results(ruleset, manche.table, [r.engine() for r in manche.results])
        )
    return prefixed(path, found)

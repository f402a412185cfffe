"""A season document → the rows to write and the rules engine's input, or every problem.

Two passes. The first checks the document's shape: known keys only (a key
the importer does not know is an error, never silently dropped), required
keys present, every value of the right JSON type, and what the database
needs (short ids, lengths, ranges). The second hands what is well formed to
the rules engine (``rules.validate_season``), which checks everything about
the game itself and names each problem with its season-format path
(``manches[3].donnes[7].bouts: must be 0..3, got 4``). A manche with a
problem of shape is left out of the second pass (the engine's paths are
mapped back to the document's indices), so one pass reports as much as it
can without repeating itself.

The keys ``export_season`` adds (``scores``, ``pot``, ``ranking``,
``adjustments``, ``standings``, ``accessits``) are known and ignored: they
are recomputed from the facts, so an export imports as it is.

Before either pass, the document as a whole is bounded (see the README's
"Import limits"): its size, its nesting, how many players, manches and
donnes it holds; no text may carry a NUL, a lone surrogate or a
text-direction override, and no one-line text (a name, an id, a place) a
control character; numbers stay within what a club can mean. Each refusal
is a message with its path, never a crash further down.

Messages are the engine's kind (:class:`rules.Message`, English msgids
marked for translation) so the page translates them and the command line
prints them as the format's specification shows.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from accounts.models import short_id_validator
from league import rules
from league.limits import COUNT_MAX, PENALTY_MAX, PENALTY_REASON_MAX, SCORE_MAX
from league.markdown import MAX_CHARS as COMPTE_RENDU_MAX
from league.rules.errors import join_path, prefixed

from . import FORMAT, VERSION

_ = rules.gettext_noop

__all__ = ["ParsedSeason", "loads", "parse_document", "MANCHE_STATUSES"]

MANCHE_STATUSES = ("planned", "played", "cancelled")
PLAYED = "played"
SHORT_ID = re.compile(short_id_validator.regex.pattern)
# Database limits (league.models / accounts.models).
SEASON_NAME_MAX = 40
PLAYER_NAME_MAX = 80
FIRST_SEASON_MAX = 40  # a season name (SEASON_NAME_MAX)
LOCATION_MAX = 120
SMALL_MAX = 32767
INT_MIN, INT_MAX = -(2**31), 2**31 - 1
# What a club can mean (documented in the README's "Import limits").
MAX_DOCUMENT_CHARS = 50 * 1024 * 1024
MAX_DEPTH = 16  # the format itself nests 6 deep
MAX_PLAYERS = 1_000
MAX_MANCHES = 2_000
MAX_DONNES = 200  # per manche
NUMBER_MAX = 1_000_000  # any number: card points, place points, parameters
MANCHE_NUMBER_MAX = 10_000
FREE_TEXT_MAX = 2_000  # a judgement's reason, an accessit's citation
YEAR_MIN, YEAR_MAX = 1900, 2200
OFFSET_MAX = timedelta(hours=14)  # the widest UTC offset in use on Earth
# Never in any text: NUL, lone surrogates (PostgreSQL refuses both), text-direction overrides.
_NEVER = "\x00\ud800-\udfff\u202a-\u202e\u2066-\u2069"
_BAD_IN_TEXT = re.compile(f"[{_NEVER}\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_BAD_IN_LINE = re.compile(f"[{_NEVER}\x01-\x1f\x7f-\x9f]")
_UNSTORABLE = re.compile(f"[{_NEVER}]")
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
_MISSING = object()
_BAD = object()


# --------------------------------------------------------------------------
# what a valid document gives
# --------------------------------------------------------------------------


@dataclass
class PlayerRow:
    id: str
    name: str
    first_season: str | None = None


@dataclass
class DonneRow:
    """One line of a sheet in the ``Donne`` row's shape (player ids for players)."""

    kind: str
    dealer: str | None
    taker: str | None = None
    contract: str = ""
    partner: str | None = None
    bouts: int | None = None
    points: Decimal | None = None
    petit_au_bout: str | None = None
    chelem: str | None = None
    poignees: list[dict] = field(default_factory=list)
    miseres: list[dict] = field(default_factory=list)
    penalties: list[dict] = field(default_factory=list)
    misere_points: dict[str, Decimal] | None = None

    def engine(self) -> rules.ContractDonne | rules.MisereGame:
        return rules.donne_from_fields(**{f.name: getattr(self, f.name) for f in fields(self)})


@dataclass
class ResultRow:
    player: str
    score: int
    prises: int = 0
    bouts: int = 0
    prises_won: int = 0

    def engine(self) -> rules.QuickResult:
        return rules.QuickResult(self.player, self.score, self.prises, self.bouts, self.prises_won)


@dataclass
class CompteRenduRow:
    author: str
    posted_at: datetime
    status: str
    text: str
    rejected_at: datetime | None = None
    reason: str | None = None

    def engine(self) -> rules.CompteRenduRecord:
        return rules.CompteRenduRecord(self.author, self.posted_at, self.status, self.rejected_at)


@dataclass
class MancheRow:
    number: int
    starts_at: datetime
    status: str
    location: str = ""
    table: list[str] = field(default_factory=list)
    absent: str | None = None
    donnes: list[DonneRow] | None = None
    results: list[ResultRow] | None = None
    order: list[str] | None = None
    comptes_rendus: list[CompteRenduRow] = field(default_factory=list)

    def engine(self) -> rules.MancheInput:
        return rules.MancheInput(
            number=self.number,
            starts_at=self.starts_at,
            status=self.status,
            table=tuple(self.table),
            absent=self.absent,
            donnes=None if self.donnes is None else tuple(d.engine() for d in self.donnes),
            results=None if self.results is None else tuple(r.engine() for r in self.results),
            order=tuple(self.order) if self.order else None,
            comptes_rendus=tuple(cr.engine() for cr in self.comptes_rendus),
        )


@dataclass
class AwardRow:
    award: str
    player: str
    citation: str | None = None


@dataclass
class ParsedSeason:
    """A valid document: what to write, and the engine's input for it."""

    name: str
    family: str
    params: dict
    president: str | None
    vice_president: str | None
    closed: bool
    players: list[PlayerRow]
    manches: list[MancheRow]
    awards: list[AwardRow]
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


def _show(value: Any) -> str:
    """A value as JSON text, shortened: what the person wrote, in messages."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        text = repr(value)
    text = text if len(text) <= 60 else text[:57] + "…"
    return _UNSTORABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return (_is_int(value) or isinstance(value, (float, Decimal))) and not isinstance(value, bool)


# --------------------------------------------------------------------------
# JSON text
# --------------------------------------------------------------------------


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict:
    seen: dict = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"duplicate key {key!r}")
        seen[key] = value
    return seen


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def loads(text: str | bytes) -> Any:
    """JSON text → Python values (decimals exact, duplicate keys and NaN refused).

    Raises :class:`rules.InvalidInput` with the problem at path ``$``.
    """
    if len(text) > MAX_DOCUMENT_CHARS:
        raise rules.InvalidInput(
            [
                rules.RuleViolation(
                    "$",
                    rules.Message(
                        _("the file is too large: %(max)s MB at most"), {"max": MAX_DOCUMENT_CHARS // 2**20}
                    ),
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
                    "$", rules.Message(_("not valid JSON: %(error)s"), {"error": _show(str(exc))})
                )
            ]
        ) from exc
    except RecursionError as exc:
        raise rules.InvalidInput([_too_deep("$")]) from exc


def _too_deep(path: str) -> rules.RuleViolation:
    return rules.RuleViolation(
        path, rules.Message(_("nested more than %(max)s levels deep"), {"max": MAX_DEPTH})
    )


def _unstorable(data: Any) -> list[rules.RuleViolation]:
    """Whatever no later check should meet: nesting beyond :data:`MAX_DEPTH`, texts the database refuses.

    Walks the document without recursion (keys too: they end up in messages).
    """
    found: list[rules.RuleViolation] = []
    stack: list[tuple[str, Any, int]] = [("", data, 0)]
    while stack and len(found) < 10:
        path, value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return [_too_deep(path or "$")]
        if isinstance(value, dict):
            for key, item in value.items():
                if _UNSTORABLE.search(key):
                    found.append(_bad_text(path or "$", key))
                    continue
                stack.append((join_path(path, key), item, depth + 1))
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", item, depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str) and _UNSTORABLE.search(value):
            found.append(_bad_text(path or "$", value))
    return found


def _bad_text(path: str, value: str) -> rules.RuleViolation:
    char = _BAD_IN_TEXT.search(value) or _BAD_IN_LINE.search(value)
    return rules.RuleViolation(
        path,
        rules.Message(
            _("must not contain the character U+%(code)s, got %(value)s"),
            {"code": f"{ord(char.group()):04X}", "value": _show(value)},
        ),
    )


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
# shape
# --------------------------------------------------------------------------


class _Reader:
    """Checks values of the document, recording a problem for each bad one."""

    def __init__(self, problems: Problems):
        self.p = problems

    def required(self, read: Callable[..., Any], path: str, obj: dict, key: str, **kwargs: Any) -> Any:
        """``read`` the required ``key`` of ``obj`` (at ``path.key``), or ``_BAD`` when it is missing.

        ``obj`` has already reported the missing key: the value is only marked
        bad, so that the row is dropped without a second problem for the same key.
        """
        return read(f"{path}.{key}", obj[key], **kwargs) if key in obj else _BAD

    def obj(
        self,
        path: str,
        value: Any,
        required: tuple[str, ...],
        optional: tuple[str, ...] = (),
        ignored: tuple[str, ...] = (),
    ) -> dict | None:
        """An object with only known keys and every required one."""
        if not isinstance(value, dict):
            self.p.add(path or "$", _("must be an object, got %(value)s"), value=_show(value))
            return None
        known = set(required) | set(optional) | set(ignored)
        expected = ", ".join((*required, *optional))
        for key in value:
            if key not in known:
                self.p.add(
                    join_path(path, str(key)), _("unknown key; expected one of %(keys)s"), keys=expected
                )
        for key in required:
            if key not in value:
                self.p.add(join_path(path, key), _("required key is missing"))
        return value

    def string(
        self,
        path: str,
        value: Any,
        *,
        nullable: bool = False,
        max_length: int | None = None,
        non_empty: bool = False,
        multiline: bool = False,
    ) -> Any:
        """A string; one line unless ``multiline`` (see the module's docstring for the characters refused)."""
        if value is None and nullable:
            return None
        if not isinstance(value, str):
            if nullable:
                self.p.add(path, _("must be a string or null, got %(value)s"), value=_show(value))
            else:
                self.p.add(path, _("must be a string, got %(value)s"), value=_show(value))
            return _BAD
        if non_empty and not value.strip():
            self.p.add(path, _("must not be empty"))
            return _BAD
        if (_BAD_IN_TEXT if multiline else _BAD_IN_LINE).search(value):
            self.p.extend([_bad_text(path, value)])
            return _BAD
        if max_length is not None and len(value) > max_length:
            self.p.add(
                path,
                _("must be at most %(max)s characters, got %(length)s"),
                max=max_length,
                length=len(value),
            )
            return _BAD
        return value

    def integer(self, path: str, value: Any, *, minimum: int = INT_MIN, maximum: int = INT_MAX) -> Any:
        if not _is_int(value):
            if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
                value = int(value)  # 4.0 written by a spreadsheet
            elif isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                self.p.add(path, _("must be an integer, got %(value)s"), value=_show(value))
                return _BAD
        if not minimum <= value <= maximum:
            self.p.add(
                path,
                _("must be between %(min)s and %(max)s, got %(value)s"),
                min=minimum,
                max=maximum,
                value=value,
            )
            return _BAD
        return value

    def boolean(self, path: str, value: Any) -> Any:
        if not isinstance(value, bool):
            self.p.add(path, _("must be true or false, got %(value)s"), value=_show(value))
            return _BAD
        return value

    def number(self, path: str, value: Any) -> Any:
        if not _is_number(value):
            self.p.add(path, _("must be a number, got %(value)s"), value=_show(value))
            return _BAD
        try:
            number = rules.to_decimal(value)
        except (TypeError, ValueError):
            self.p.add(path, _("must be a number, got %(value)s"), value=_show(value))
            return _BAD
        if abs(number) > NUMBER_MAX:
            self.p.add(
                path,
                _("must be between %(min)s and %(max)s, got %(value)s"),
                min=-NUMBER_MAX,
                max=NUMBER_MAX,
                value=_show(value),
            )
            return _BAD
        return number

    def array(self, path: str, value: Any, *, nullable: bool = True) -> Any:
        """A list; null (when allowed) reads as an empty list."""
        if value is None and nullable:
            return []
        if not isinstance(value, list):
            self.p.add(path, _("must be a list, got %(value)s"), value=_show(value))
            return _BAD
        return value

    def moment(self, path: str, value: Any, *, nullable: bool = False) -> Any:
        """An ISO 8601 date and time with its UTC offset (a naive time is refused)."""
        if value is None and nullable:
            return None
        if not isinstance(value, str):
            self.p.add(
                path,
                _("must be an ISO 8601 date and time with its UTC offset, got %(value)s"),
                value=_show(value),
            )
            return _BAD
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            self.p.add(
                path,
                _("must be an ISO 8601 date and time with its UTC offset, got %(value)s"),
                value=_show(value),
            )
            return _BAD
        if moment.tzinfo is None or moment.utcoffset() is None:
            self.p.add(
                path,
                _("must give its UTC offset (e.g. 2011-09-01T21:00:00+02:00), got %(value)s"),
                value=_show(value),
            )
            return _BAD
        if abs(moment.utcoffset()) > OFFSET_MAX:
            self.p.add(
                path, _("must have a UTC offset of 14 hours at most, got %(value)s"), value=_show(value)
            )
            return _BAD
        # The local year first: converting year 1 or 9999 to UTC could overflow.
        if not YEAR_MIN <= moment.year < YEAR_MAX or not YEAR_MIN <= moment.astimezone(UTC).year < YEAR_MAX:
            self.p.add(
                path,
                _("must be between the years %(min)s and %(max)s, got %(value)s"),
                min=YEAR_MIN,
                max=YEAR_MAX - 1,
                value=_show(value),
            )
            return _BAD
        return moment

    def player(self, path: str, value: Any, *, nullable: bool = False) -> Any:
        """A player id (whether it is a known player is the engine's check)."""
        return self.string(path, value, nullable=nullable)


# --------------------------------------------------------------------------
# the document
# --------------------------------------------------------------------------

TOP_REQUIRED = ("format", "version", "season", "players", "manches")
TOP_OPTIONAL = ("awards", "closed")
TOP_COMPUTED = ("standings", "accessits")
SEASON_REQUIRED = ("name", "ruleset")
SEASON_OPTIONAL = ("params", "president", "vice_president")
#: Checks the params' values before the era is known (it needs the manches' dates).
ERA_PLACEHOLDER = {"garde_contre_multiplier": 6, "defensive_bonus": True}
PLAYER_REQUIRED = ("id", "name")
PLAYER_OPTIONAL = ("first_season",)
MANCHE_REQUIRED = ("number", "starts_at", "status")
MANCHE_OPTIONAL = ("location", "table", "absent", "donnes", "results", "order", "comptes_rendus")
MANCHE_COMPUTED = ("ranking", "adjustments")
CONTRACT_REQUIRED = ("kind", "taker", "contract", "bouts", "points")
CONTRACT_OPTIONAL = ("dealer", "partner", "petit_au_bout", "poignees", "chelem", "miseres", "penalties")
MISERE_REQUIRED = ("kind", "points")
MISERE_OPTIONAL = ("dealer", "miseres", "penalties")
DONNE_COMPUTED = ("scores", "pot")
DONNE_KINDS = ("contract", "misere")
RESULT_REQUIRED = ("player", "score")
RESULT_OPTIONAL = ("prises", "bouts", "prises_won")
CR_REQUIRED = ("author", "posted_at", "status", "text")
CR_OPTIONAL = ("rejected_at", "reason")
AWARD_REQUIRED = ("award", "player")
AWARD_OPTIONAL = ("citation",)


def parse_document(data: Any, *, engine_check: bool = True) -> ParsedSeason:
    """Check ``data`` (a loaded JSON document, or its text) and return what to write.

    Raises :class:`rules.InvalidInput` listing every problem found, in
    document order, each with its JSON path. ``engine_check=False`` leaves
    out the engine's validation of the played manches, for a caller that
    hands the result to ``rules.compute_season`` (which validates it anyway).
    """
    if isinstance(data, (str, bytes, bytearray)):
        data = loads(data)
    unstorable = _unstorable(data)
    if unstorable:
        raise rules.InvalidInput(unstorable)
    problems = Problems()
    r = _Reader(problems)
    top = r.obj("", data, TOP_REQUIRED, TOP_OPTIONAL, TOP_COMPUTED)
    if top is None:
        raise rules.InvalidInput(problems.sorted())
    fmt, version = top.get("format", _MISSING), top.get("version", _MISSING)
    if fmt is not _MISSING and fmt != FORMAT:
        problems.add(
            "format", _("must be %(expected)s, got %(value)s"), expected=_show(FORMAT), value=_show(fmt)
        )
    if version is not _MISSING and (not _is_int(version) or version != VERSION):
        problems.add(
            "version",
            _("unsupported version %(value)s: this site reads version %(expected)s"),
            value=_show(version),
            expected=VERSION,
        )
    if problems:  # not a document of ours: what follows would only be noise
        raise rules.InvalidInput(problems.sorted())

    season = _season(r, top.get("season", _MISSING))
    players, infos = _players(r, top.get("players", _MISSING))

    manches: list[MancheRow] = []
    manche_index: list[int] = []  # engine position -> document index
    manche_list = r.array("manches", top["manches"], nullable=False) if "manches" in top else []
    if manche_list is _BAD:
        manche_list = []
    if len(manche_list) > MAX_MANCHES:
        problems.add(
            "manches", _("at most %(max)s manches, got %(count)s"), max=MAX_MANCHES, count=len(manche_list)
        )
        manche_list = []
    for i, item in enumerate(manche_list):
        before = len(problems)
        row = _manche(r, f"manches[{i}]", item)
        if row is not None and len(problems) == before:
            manches.append(row)
            manche_index.append(i)

    awards: list[AwardRow] = []
    award_index: list[int] = []
    seen_awards: set = set()
    award_list = r.array("awards", top.get("awards"))
    if award_list is _BAD:
        award_list = []
    for i, item in enumerate(award_list):
        before = len(problems)
        row = _award(r, f"awards[{i}]", item)
        if row is None or len(problems) != before:
            continue
        if (row.award, row.player) in seen_awards:
            problems.add(
                f"awards[{i}]",
                _("%(award)s is already awarded to %(player)s"),
                award=row.award,
                player=row.player,
            )
            continue
        seen_awards.add((row.award, row.player))
        awards.append(row)
        award_index.append(i)

    closed = top.get("closed", False)
    if closed is None:
        closed = False
    closed = r.boolean("closed", closed)

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
        closed=bool(closed is True),
        awards=tuple(rules.Award(a.award, a.player, a.citation) for a in awards),
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
        awards=awards,
        engine=engine,
    )


def _place_in_era(season: dict, manches: list[MancheRow]) -> None:
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


def _unplayed_sheet(ruleset: rules.RuleSet, path: str, manche: MancheRow) -> list[rules.RuleViolation]:
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


def _season(r: _Reader, value: Any) -> dict | None:
    if value is _MISSING:
        return None
    obj = r.obj("season", value, SEASON_REQUIRED, SEASON_OPTIONAL)
    if obj is None:
        return None
    before = len(r.p)
    name = r.required(r.string, "season", obj, "name", max_length=SEASON_NAME_MAX, non_empty=True)
    if isinstance(name, str) and (name != name.strip() or "/" in name):
        r.p.add(
            "season.name",
            _("must not contain “/” nor start or end with a space, got %(value)s"),
            value=_show(name),
        )
        name = _BAD
    family = r.required(r.string, "season", obj, "ruleset")
    params = obj.get("params")
    if params is None:
        params = {}
    elif not isinstance(params, dict):
        r.p.add("season.params", _("must be an object, got %(value)s"), value=_show(params))
        params = _BAD
    elif _BAD in [r.number(path, x) for path, x in _numbers("season.params", params)]:
        params = _BAD
    president = r.player("season.president", obj.get("president"), nullable=True)
    vice_president = r.player("season.vice_president", obj.get("vice_president"), nullable=True)
    if family is not _BAD and params is not _BAD:
        try:  # the params' own values; the era is placed once the manches' dates are read
            rules.ruleset_for(family, "", {**ERA_PLACEHOLDER, **params})
        except rules.InvalidInput as exc:
            r.p.extend(exc.problems)
    if len(r.p) != before or name is _BAD or family is _BAD or params is _BAD:
        return None
    stored = {
        key: [rules.json_number(rules.to_decimal(v)) for v in value] if key == "place_points" else value
        for key, value in params.items()
    }
    return {
        "name": name,
        "family": family,
        "params": stored,
        "president": president,
        "vice_president": vice_president,
    }


def _numbers(path: str, value: Any):
    """Every number inside ``value`` (parameters: lists and objects of numbers), with its path."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _numbers(join_path(path, key), item)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _numbers(f"{path}[{i}]", item)
    elif _is_number(value):
        yield path, value


def _players(r: _Reader, value: Any) -> tuple[list[PlayerRow], dict[str, rules.PlayerInfo]]:
    rows: list[PlayerRow] = []
    infos: dict[str, rules.PlayerInfo] = {}
    if value is _MISSING:
        return rows, infos
    items = r.array("players", value, nullable=False)
    if items is _BAD:
        return rows, infos
    if len(items) > MAX_PLAYERS:
        r.p.add("players", _("at most %(max)s players, got %(count)s"), max=MAX_PLAYERS, count=len(items))
        return rows, infos
    for i, item in enumerate(items):
        path = f"players[{i}]"
        before = len(r.p)
        obj = r.obj(path, item, PLAYER_REQUIRED, PLAYER_OPTIONAL)
        if obj is None:
            continue
        pid = r.required(r.string, path, obj, "id")
        if isinstance(pid, str):
            if not SHORT_ID.fullmatch(pid):
                r.p.add(
                    f"{path}.id",
                    _("must be a short id (lowercase letters, digits, - or _, 30 at most), got %(value)s"),
                    value=_show(pid),
                )
            elif pid in infos:
                r.p.add(f"{path}.id", _("%(id)s is listed twice"), id=pid)
                continue
        name = r.required(r.string, path, obj, "name", max_length=PLAYER_NAME_MAX, non_empty=True)
        first = r.string(
            f"{path}.first_season", obj.get("first_season"), nullable=True, max_length=FIRST_SEASON_MAX
        )
        if isinstance(pid, str):  # known to the engine even when something else is wrong
            infos[pid] = rules.PlayerInfo(
                id=pid,
                name=name if isinstance(name, str) else pid,
                first_season=first if isinstance(first, str) else None,
            )
        if len(r.p) == before:
            rows.append(PlayerRow(pid, name, first))
    return rows, infos


def _manche(r: _Reader, path: str, value: Any) -> MancheRow | None:
    obj = r.obj(path, value, MANCHE_REQUIRED, MANCHE_OPTIONAL, MANCHE_COMPUTED)
    if obj is None:
        return None
    number = r.required(r.integer, path, obj, "number", minimum=1, maximum=MANCHE_NUMBER_MAX)
    starts_at = r.required(r.moment, path, obj, "starts_at")
    status = r.required(r.string, path, obj, "status")
    location = obj.get("location")
    location = "" if location is None else r.string(f"{path}.location", location, max_length=LOCATION_MAX)
    table = _player_list(r, f"{path}.table", obj.get("table"))
    absent = r.player(f"{path}.absent", obj.get("absent"), nullable=True)
    donnes = None
    if obj.get("donnes") is not None:
        items = r.array(f"{path}.donnes", obj["donnes"])
        if items is not _BAD and len(items) > MAX_DONNES:
            r.p.add(
                f"{path}.donnes", _("at most %(max)s donnes, got %(count)s"), max=MAX_DONNES, count=len(items)
            )
            items = _BAD
        donnes = _BAD if items is _BAD else [_donne(r, f"{path}.donnes[{j}]", d) for j, d in enumerate(items)]
    results = None
    if obj.get("results") is not None:
        items = r.array(f"{path}.results", obj["results"])
        results = (
            _BAD if items is _BAD else [_result(r, f"{path}.results[{j}]", x) for j, x in enumerate(items)]
        )
    order = None if obj.get("order") is None else _player_list(r, f"{path}.order", obj["order"])
    crs = r.array(f"{path}.comptes_rendus", obj.get("comptes_rendus"))
    crs = (
        _BAD
        if crs is _BAD
        else [_compte_rendu(r, f"{path}.comptes_rendus[{j}]", c) for j, c in enumerate(crs)]
    )
    parts = (number, starts_at, status, location, table, absent, donnes, results, order, crs)
    if _BAD in parts or None in (donnes or ()) or None in (results or ()) or None in (crs or ()):
        return None
    return MancheRow(
        number=number,
        starts_at=starts_at,
        status=status,
        location=location,
        table=table,
        absent=absent,
        donnes=donnes,
        results=results,
        order=order or None,
        comptes_rendus=crs,
    )


def _player_list(r: _Reader, path: str, value: Any) -> Any:
    items = r.array(path, value)
    if items is _BAD:
        return _BAD
    players = [r.player(f"{path}[{j}]", x) for j, x in enumerate(items)]
    return _BAD if _BAD in players else players


def _side_list(r: _Reader, path: str, value: Any, required: tuple, optional: tuple, reader) -> Any:
    items = r.array(path, value)
    if items is _BAD:
        return _BAD
    out = []
    for j, item in enumerate(items):
        obj = r.obj(f"{path}[{j}]", item, required, optional)
        if obj is None:
            out.append(_BAD)
            continue
        before = len(r.p)
        entry = reader(f"{path}[{j}]", obj)
        out.append(entry if len(r.p) == before else _BAD)
    return _BAD if _BAD in out else out


def _donne(r: _Reader, path: str, value: Any) -> DonneRow | None:
    if not isinstance(value, dict):
        r.obj(path, value, CONTRACT_REQUIRED)
        return None
    kind = value.get("kind", _MISSING)
    if kind is not _MISSING and kind not in DONNE_KINDS:
        r.p.add(f"{path}.kind", _("must be contract or misere, got %(value)s"), value=_show(kind))
        r.obj(path, value, CONTRACT_REQUIRED, CONTRACT_OPTIONAL, DONNE_COMPUTED)
        return None
    before = len(r.p)
    if kind == "misere":
        r.obj(path, value, MISERE_REQUIRED, MISERE_OPTIONAL, DONNE_COMPUTED)
    else:
        r.obj(path, value, CONTRACT_REQUIRED, CONTRACT_OPTIONAL, DONNE_COMPUTED)
    if kind is _MISSING:
        return None
    dealer = r.player(f"{path}.dealer", value.get("dealer"), nullable=True)
    miseres = _side_list(
        r,
        f"{path}.miseres",
        value.get("miseres"),
        ("player", "kind", "valid"),
        (),
        lambda p, o: {
            "player": r.player(f"{p}.player", o.get("player")),
            "kind": r.string(f"{p}.kind", o.get("kind")),
            "valid": r.boolean(f"{p}.valid", o.get("valid")),
        },
    )
    penalties = _side_list(
        r,
        f"{path}.penalties",
        value.get("penalties"),
        ("player", "amount"),
        ("reason", "to_each_player"),
        lambda p, o: {
            "player": r.player(f"{p}.player", o.get("player")),
            "amount": r.integer(f"{p}.amount", o.get("amount"), minimum=-PENALTY_MAX, maximum=PENALTY_MAX),
            "reason": r.string(f"{p}.reason", o.get("reason"), nullable=True, max_length=PENALTY_REASON_MAX)
            or "",
            **(
                {
                    "to_each_player": r.integer(
                        f"{p}.to_each_player", o["to_each_player"], minimum=-PENALTY_MAX, maximum=PENALTY_MAX
                    )
                }
                if "to_each_player" in o
                else {}
            ),
        },
    )
    if kind == "misere":
        points = value.get("points", _MISSING)
        misere_points: Any = _BAD
        if isinstance(points, dict):
            misere_points = {player: r.number(f"{path}.points.{player}", x) for player, x in points.items()}
        elif points is not _MISSING:
            r.p.add(
                f"{path}.points",
                _("must be an object of card points by player, got %(value)s"),
                value=_show(points),
            )
        if len(r.p) != before:
            return None
        return DonneRow(
            kind="misere", dealer=dealer, miseres=miseres, penalties=penalties, misere_points=misere_points
        )
    taker = r.required(r.player, path, value, "taker")
    contract = r.required(r.string, path, value, "contract")
    partner = r.player(f"{path}.partner", value.get("partner"), nullable=True)
    bouts = r.required(r.integer, path, value, "bouts", minimum=-SMALL_MAX, maximum=SMALL_MAX)
    points = r.required(r.number, path, value, "points")
    petit = r.string(f"{path}.petit_au_bout", value.get("petit_au_bout"), nullable=True)
    chelem = r.string(f"{path}.chelem", value.get("chelem"), nullable=True)
    poignees = _side_list(
        r,
        f"{path}.poignees",
        value.get("poignees"),
        ("player", "level"),
        (),
        lambda p, o: {
            "player": r.player(f"{p}.player", o.get("player")),
            "level": r.string(f"{p}.level", o.get("level")),
        },
    )
    if len(r.p) != before:
        return None
    return DonneRow(
        kind="contract",
        dealer=dealer,
        taker=taker,
        contract=contract,
        partner=partner,
        bouts=bouts,
        points=points,
        petit_au_bout=petit,
        chelem=chelem,
        poignees=poignees,
        miseres=miseres,
        penalties=penalties,
    )


def _result(r: _Reader, path: str, value: Any) -> ResultRow | None:
    obj = r.obj(path, value, RESULT_REQUIRED, RESULT_OPTIONAL)
    if obj is None:
        return None
    before = len(r.p)
    player = r.required(r.player, path, obj, "player")
    score = r.required(r.integer, path, obj, "score", minimum=-SCORE_MAX, maximum=SCORE_MAX)
    counts = {
        key: r.integer(f"{path}.{key}", obj.get(key, 0), minimum=0, maximum=COUNT_MAX)
        for key in ("prises", "bouts", "prises_won")
    }
    if len(r.p) != before:
        return None
    return ResultRow(player=player, score=score, **counts)


def _compte_rendu(r: _Reader, path: str, value: Any) -> CompteRenduRow | None:
    obj = r.obj(path, value, CR_REQUIRED, CR_OPTIONAL)
    if obj is None:
        return None
    before = len(r.p)
    author = r.required(r.player, path, obj, "author")
    posted_at = r.required(r.moment, path, obj, "posted_at")
    status = r.required(r.string, path, obj, "status")
    text = r.required(r.string, path, obj, "text", multiline=True, max_length=COMPTE_RENDU_MAX)
    rejected_at = r.moment(f"{path}.rejected_at", obj.get("rejected_at"), nullable=True)
    reason = r.string(
        f"{path}.reason", obj.get("reason"), nullable=True, multiline=True, max_length=FREE_TEXT_MAX
    )
    if len(r.p) != before:
        return None
    return CompteRenduRow(author, posted_at, status, text, rejected_at, reason)


def _award(r: _Reader, path: str, value: Any) -> AwardRow | None:
    obj = r.obj(path, value, AWARD_REQUIRED, AWARD_OPTIONAL)
    if obj is None:
        return None
    before = len(r.p)
    award = r.required(r.string, path, obj, "award")
    player = r.required(r.player, path, obj, "player")
    citation = r.string(
        f"{path}.citation", obj.get("citation"), nullable=True, multiline=True, max_length=FREE_TEXT_MAX
    )
    if len(r.p) != before:
        return None
    return AwardRow(award, player, citation or None)

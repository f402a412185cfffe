"""The season format's shape, declared: the executable definition of ``docs/season-format.md``'s keys.

Each object of the format is a pydantic model that forbids unknown keys and
takes JSON types as they are (``strict``: ``"1"`` is not a number, ``true``
is not an integer). Leaf types carry what the database and a club can mean
(lengths, the bounds of :mod:`league.limits`, dates between 1900 and 2199
with a real UTC offset, no control character in a one-line text). The
kinds of donnes are a union told apart by their ``kind``.

What the shape cannot say is the rules engine's (:mod:`.parse` hands it what
is well formed): whether a player exists, sits at the table, whether card
points agree with the bouts, a status is known, and so on.

:func:`problems` turns pydantic's errors into the project's messages
(:class:`rules.Message`, English msgids marked for translation), each with
its season-format path (``manches[3].donnes[2].taker``), as the format's
specification shows them.
"""

import json
import re
import types
import typing
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le, MaxLen
from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationInfo
from pydantic_core import PydanticCustomError

from accounts.models import short_id_validator
from league import rules
from league.limits import COUNT_MAX, PENALTY_MAX, PENALTY_REASON_MAX, SCORE_MAX, SeasonImportLimits
from league.markdown import MAX_CHARS as COMPTE_RENDU_MAX
from league.rules.errors import join_path

from . import FORMAT, VERSION

_ = rules.gettext_noop

# Database limits (league.models / accounts.models).
SEASON_NAME_MAX = 40
PLAYER_NAME_MAX = 80
LOCATION_MAX = 120
SMALL_MAX = 32767
# What a club can mean (documented in the README's "Limits on what members send");
# how many manches an import reads depends on where it runs (league.limits.SeasonImportLimits).
MAX_PLAYERS = 1_000
MAX_DONNES = 200  # per manche
NUMBER_MAX = 1_000_000  # any number: card points, place points, parameters
MANCHE_NUMBER_MAX = 10_000
FREE_TEXT_MAX = 2_000  # a judgement's reason, an accessit's citation
YEAR_MIN, YEAR_MAX = 1900, 2200
OFFSET_MAX = timedelta(hours=14)  # the widest UTC offset in use on Earth
SHORT_ID = re.compile(short_id_validator.regex.pattern)
# Never in any text: NUL, lone surrogates (PostgreSQL refuses both), text-direction overrides.
NEVER = "\x00\ud800-\udfff\u202a-\u202e\u2066-\u2069"
BAD_IN_TEXT = re.compile(f"[{NEVER}\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
BAD_IN_LINE = re.compile(f"[{NEVER}\x01-\x1f\x7f-\x9f]")
UNSTORABLE = re.compile(f"[{NEVER}]")
PROBLEM = "season_format"  # the error type of the problems raised below


def problem(text: str, **params: Any) -> PydanticCustomError:
    """A problem in the project's words (``text`` a msgid), for pydantic to report at the value's path."""
    return PydanticCustomError(PROBLEM, text, params)


def show(value: Any) -> str:
    """A value as JSON text, shortened: what the person wrote, in messages."""
    try:
        text = json.dumps(
            value, ensure_ascii=False, default=lambda x: float(x) if isinstance(x, Decimal) else str(x)
        )
    except (TypeError, ValueError):
        text = repr(value)
    text = text if len(text) <= 60 else text[:57] + "…"
    return UNSTORABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def bad_character(value: str, pattern: re.Pattern = BAD_IN_TEXT) -> PydanticCustomError | None:
    char = pattern.search(value)
    if char is None:
        return None
    return problem(
        _("must not contain the character U+%(code)s, got %(value)s"),
        code=f"{ord(char.group()):04X}",
        value=show(value),
    )


# --------------------------------------------------------------------------
# leaf types
# --------------------------------------------------------------------------


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float, Decimal)) and not isinstance(value, bool)


def _one_line(value: str) -> str:
    error = bad_character(value, BAD_IN_LINE)
    if error:
        raise error
    return value


def _multiline(value: str) -> str:
    error = bad_character(value, BAD_IN_TEXT)
    if error:
        raise error
    return value


def _non_empty(value: str) -> str:
    if not value.strip():
        raise problem(_("must not be empty"))
    return value


def _season_name(value: str) -> str:
    if value != value.strip() or "/" in value:
        raise problem(
            _("must not contain “/” nor start or end with a space, got %(value)s"), value=show(value)
        )
    return value


def _short_id(value: str) -> str:
    if not SHORT_ID.fullmatch(value):
        raise problem(
            _("must be a short id (lowercase letters, digits, - or _, 30 at most), got %(value)s"),
            value=show(value),
        )
    return value


def _integral(value: Any) -> Any:
    """4.0 written by a spreadsheet is the integer 4; anything else is left for the strict check."""
    if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _number(value: Any) -> Any:
    """A JSON number, exact (a float through its shortest repr: 30.5 stays 30.5)."""
    if not _is_number(value):
        raise problem(_("must be a number, got %(value)s"), value=show(value))
    try:
        return rules.to_decimal(value)
    except (TypeError, ValueError):
        raise problem(_("must be a number, got %(value)s"), value=show(value)) from None


def _moment(value: Any) -> Any:
    """An ISO 8601 date and time with its UTC offset (a naive time is refused), between the years."""
    wrong = _("must be an ISO 8601 date and time with its UTC offset, got %(value)s")
    if not isinstance(value, str):
        raise problem(wrong, value=show(value))
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise problem(wrong, value=show(value)) from None
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise problem(
            _("must give its UTC offset (e.g. 2011-09-01T21:00:00+02:00), got %(value)s"), value=show(value)
        )
    if abs(moment.utcoffset()) > OFFSET_MAX:
        raise problem(_("must have a UTC offset of 14 hours at most, got %(value)s"), value=show(value))
    # The local year first: converting year 1 or 9999 to UTC could overflow.
    if not YEAR_MIN <= moment.year < YEAR_MAX or not YEAR_MIN <= moment.astimezone(UTC).year < YEAR_MAX:
        raise problem(
            _("must be between the years %(min)s and %(max)s, got %(value)s"),
            min=YEAR_MIN,
            max=YEAR_MAX - 1,
            value=show(value),
        )
    return moment


def _version(value: int) -> int:
    if value != VERSION:
        raise problem(_("unsupported version %(value)s: this site reads version %(expected)s"), value=value)
    return value


def _null_is_empty(value: Any) -> Any:
    """A list left out or null reads as an empty list."""
    return [] if value is None else value


def _null_is_blank(value: Any) -> Any:
    return "" if value is None else value


def _at_most(maximum: int, text: str):
    """A list of ``maximum`` items at most, counted before any item is read."""

    def check(value: Any) -> Any:
        if isinstance(value, list) and len(value) > maximum:
            raise problem(text, max=maximum, count=len(value))
        return value

    return BeforeValidator(check)


def context(limits: SeasonImportLimits) -> dict:
    """The validation context of a document read under ``limits`` (see :class:`Document`)."""
    return {"max_manches": limits.manches}


def _manches_within_limits(value: Any, info: ValidationInfo) -> Any:
    """As many manches as the import's limits allow (``context``), counted before any is read."""
    maximum = (info.context or {}).get("max_manches")
    if maximum is not None and isinstance(value, list) and len(value) > maximum:
        raise problem(_("at most %(max)s manches, got %(count)s"), max=maximum, count=len(value))
    return value


def _card_points_object(value: Any) -> Any:
    if not isinstance(value, dict):
        raise problem(_("must be an object of card points by player, got %(value)s"), value=show(value))
    return value


def _bounded_param(value: Any) -> Any:
    """A param's numbers (a number, or a list of them: ``place_points``) within ±NUMBER_MAX.

    Which params exist and what each may hold is the rule set's check (``rules.ruleset_for``).
    """
    for at, item in (
        [("", value)] if not isinstance(value, list) else [(f"[{i}]", x) for i, x in enumerate(value)]
    ):
        if _is_number(item) and abs(rules.to_decimal(item)) > NUMBER_MAX:
            raise problem(
                _("must be between %(min)s and %(max)s, got %(value)s"),
                min=-NUMBER_MAX,
                max=NUMBER_MAX,
                value=show(item),
                at=at,
            )
    return value


def Line(max_length: int | None = None) -> Any:  # noqa: N802 (a type)
    """One line of text: no control character, at most ``max_length`` characters."""
    return Annotated[str, AfterValidator(_one_line), Field(max_length=max_length)]


Text = Line()
PlayerRef = Line()  # a player id; whether the player exists is the engine's check
PlayerId = Annotated[str, AfterValidator(_one_line), AfterValidator(_short_id)]
Name = Annotated[
    str, AfterValidator(_one_line), AfterValidator(_non_empty), Field(max_length=PLAYER_NAME_MAX)
]
SeasonName = Annotated[
    str,
    AfterValidator(_one_line),
    AfterValidator(_non_empty),
    AfterValidator(_season_name),
    Field(max_length=SEASON_NAME_MAX),
]
FreeText = Annotated[str, AfterValidator(_multiline), Field(max_length=FREE_TEXT_MAX)]
Int = Annotated[int, BeforeValidator(_integral)]
Number = Annotated[Decimal, BeforeValidator(_number), Field(ge=-NUMBER_MAX, le=NUMBER_MAX)]
Moment = Annotated[datetime, BeforeValidator(_moment)]


def Items(item: Any) -> Any:  # noqa: N802 (a type)
    """A list of ``item`` (null or left out: empty)."""
    return Annotated[list[item], BeforeValidator(_null_is_empty)]


COMPUTED = {"computed": True}


def Computed() -> Any:  # noqa: N802 (a field)
    """A key an export writes (computed from the facts): accepted and ignored on import."""
    return Field(default=None, exclude=True, json_schema_extra=COMPUTED)


# --------------------------------------------------------------------------
# the objects of the format
# --------------------------------------------------------------------------


class Shape(BaseModel):
    """Known keys only, JSON types as they are."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Season(Shape):
    name: SeasonName
    ruleset: Text
    params: Annotated[
        dict[str, Annotated[Any, AfterValidator(_bounded_param)]],
        BeforeValidator(lambda v: {} if v is None else v),
    ] = {}
    president: PlayerRef | None = None
    vice_president: PlayerRef | None = None


class Player(Shape):
    id: PlayerId
    name: Name
    first_season: Line(SEASON_NAME_MAX) | None = None


class Poignee(Shape):
    player: PlayerRef
    level: Text


class Misere(Shape):
    player: PlayerRef
    kind: Text
    valid: bool


class Penalty(Shape):
    player: PlayerRef
    amount: Annotated[Int, Field(ge=-PENALTY_MAX, le=PENALTY_MAX)]
    reason: Annotated[Line(PENALTY_REASON_MAX), BeforeValidator(_null_is_blank)] = ""
    to_each_player: Annotated[Int, Field(ge=-PENALTY_MAX, le=PENALTY_MAX)] = 0


class _Donne(Shape):
    """What both kinds of donnes share (each lists its keys in the format's order)."""

    scores: Any = Computed()
    pot: Any = Computed()

    def engine(self) -> rules.ContractDonne | rules.MisereGame:
        return rules.donne_from_fields(**self.fields())


class ContractDonne(_Donne):
    kind: Literal["contract"]
    taker: PlayerRef
    contract: Text
    bouts: Annotated[Int, Field(ge=-SMALL_MAX, le=SMALL_MAX)]
    points: Number
    dealer: PlayerRef | None = None
    partner: PlayerRef | None = None
    petit_au_bout: Text | None = None
    poignees: Items(Poignee) = []
    chelem: Text | None = None
    miseres: Items(Misere) = []
    penalties: Items(Penalty) = []

    @property
    def misere_points(self) -> None:
        return None

    def fields(self) -> dict:
        """The ``Donne`` row's fields (player ids for players)."""
        return {
            "kind": self.kind,
            "dealer": self.dealer,
            "taker": self.taker,
            "contract": self.contract,
            "partner": self.partner,
            "bouts": self.bouts,
            "points": self.points,
            "petit_au_bout": self.petit_au_bout,
            "chelem": self.chelem,
            "poignees": [dict(p.__dict__) for p in self.poignees],
            "miseres": [dict(m.__dict__) for m in self.miseres],
            "penalties": [dict(p.__dict__) for p in self.penalties],
        }


class MisereGame(_Donne):
    kind: Literal["misere"]
    points: Annotated[dict[PlayerRef, Number], BeforeValidator(_card_points_object)]
    dealer: PlayerRef | None = None
    miseres: Items(Misere) = []
    penalties: Items(Penalty) = []

    @property
    def misere_points(self) -> dict[str, Decimal]:
        return self.points

    def fields(self) -> dict:
        return {
            "kind": self.kind,
            "dealer": self.dealer,
            "miseres": [dict(m.__dict__) for m in self.miseres],
            "penalties": [dict(p.__dict__) for p in self.penalties],
            "misere_points": self.points,
        }


Donne = Annotated[ContractDonne | MisereGame, Field(discriminator="kind")]
DONNE_KINDS = {"contract": ContractDonne, "misere": MisereGame}


class QuickResult(Shape):
    player: PlayerRef
    score: Annotated[Int, Field(ge=-SCORE_MAX, le=SCORE_MAX)]
    prises: Annotated[Int, Field(ge=0, le=COUNT_MAX)] = 0
    bouts: Annotated[Int, Field(ge=0, le=COUNT_MAX)] = 0
    prises_won: Annotated[Int, Field(ge=0, le=COUNT_MAX)] = 0

    def engine(self) -> rules.QuickResult:
        return rules.QuickResult(self.player, self.score, self.prises, self.bouts, self.prises_won)


class CompteRendu(Shape):
    author: PlayerRef
    posted_at: Moment
    status: Text
    text: Annotated[str, AfterValidator(_multiline), Field(max_length=COMPTE_RENDU_MAX)]
    rejected_at: Moment | None = None
    reason: FreeText | None = None

    def engine(self) -> rules.CompteRenduRecord:
        return rules.CompteRenduRecord(self.author, self.posted_at, self.status, self.rejected_at)


class Manche(Shape):
    number: Annotated[Int, Field(ge=1, le=MANCHE_NUMBER_MAX)]
    starts_at: Moment
    status: Text
    location: Annotated[Line(LOCATION_MAX), BeforeValidator(_null_is_blank)] = ""
    table: Items(PlayerRef) = []
    absent: PlayerRef | None = None
    donnes: (
        Annotated[list[Donne], _at_most(MAX_DONNES, _("at most %(max)s donnes, got %(count)s"))] | None
    ) = None
    results: list[QuickResult] | None = None
    order: Annotated[list[PlayerRef], AfterValidator(lambda v: v or None)] | None = None
    comptes_rendus: Items(CompteRendu) = []
    ranking: Any = Computed()
    adjustments: Any = Computed()

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


class Award(Shape):
    award: Text
    player: PlayerRef
    citation: Annotated[FreeText | None, AfterValidator(lambda v: v or None)] = None


class Document(Shape):
    """A whole season document (``format`` and ``version`` first: anything else is not ours).

    Validated with :func:`context` for an import's limits (without one, any number of manches).
    """

    format: Literal[FORMAT]
    version: Annotated[int, AfterValidator(_version)]
    season: Season
    players: Annotated[list[Player], _at_most(MAX_PLAYERS, _("at most %(max)s players, got %(count)s"))]
    manches: Annotated[list[Manche], BeforeValidator(_manches_within_limits)]
    awards: Items(Award) = []
    closed: Annotated[bool, BeforeValidator(lambda v: False if v is None else v)] = False
    standings: Any = Computed()
    accessits: Any = Computed()


#: The parts of a document validated one by one when the whole is not valid (see :mod:`.parse`).
PARTS = {"season": Season, "players": Player, "manches": Manche, "awards": Award}


# --------------------------------------------------------------------------
# pydantic's errors → the project's messages
# --------------------------------------------------------------------------


def expected_keys(model: type[BaseModel]) -> list[str]:
    """The keys of an object of the format, required ones first (computed ones left out)."""
    fields = [
        (name, info)
        for name, info in model.model_fields.items()
        if (info.json_schema_extra or {}) != COMPUTED and name != "misere_points"
    ]
    return [n for n, i in fields if i.is_required()] + [n for n, i in fields if not i.is_required()]


def _strip(annotation: Any) -> tuple[Any, list, bool]:
    """An annotation without its ``Annotated`` layers and ``| None``: (type, constraints, nullable)."""
    metadata: list = []
    nullable = False
    while True:
        if typing.get_origin(annotation) is Annotated:
            metadata.extend(annotation.__metadata__)
            annotation = annotation.__origin__
            continue
        if typing.get_origin(annotation) in (typing.Union, types.UnionType):
            members = [a for a in typing.get_args(annotation) if a is not type(None)]
            if len(members) == 1:
                nullable = nullable or len(members) < len(typing.get_args(annotation))
                annotation = members[0]
                continue
        return annotation, metadata, nullable


def _union_members(annotation: Any) -> dict[str, Any] | None:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return {
            typing.get_args(m.model_fields["kind"].annotation)[0]: m
            for m in typing.get_args(annotation)
            if isinstance(m, type) and issubclass(m, BaseModel)
        }
    return None


class Where(typing.NamedTuple):
    path: str
    owner: type[BaseModel] | None  # the object holding the last key
    nullable: bool
    constraints: list


def locate(loc: tuple, root: type[BaseModel] = Document) -> Where:
    """Pydantic's location → the format's path (``manches[3].donnes[2].taker``) and what the schema says there.

    A donne's kind (pydantic's tag of the union) is part of the location but not of the path.
    """
    path, owner = "", None
    annotation, constraints, nullable = root, [], False
    for step in loc:
        if step == "[key]":  # pydantic's mark of a dict's key: the path already names it
            continue
        kind, constraints, nullable = _strip(annotation)
        members = _union_members(kind)
        if members is not None and step in members:
            annotation = members[step]
            continue
        if isinstance(step, int):
            path += f"[{step}]"
            args = typing.get_args(kind)
            annotation = args[0] if args else Any
        elif isinstance(kind, type) and issubclass(kind, BaseModel):
            owner = kind
            path = join_path(path, step)
            info = kind.model_fields.get(step)
            annotation = Any if info is None else Annotated[info.annotation, *info.metadata, None]
        else:  # a dict's key
            path = join_path(path, str(step))
            args = typing.get_args(kind)
            annotation = args[1] if len(args) == 2 else Any
    kind, more, nullable = _strip(annotation)
    constraints = [c for c in more if c is not None]
    if kind is not Any and isinstance(kind, type) and issubclass(kind, BaseModel):
        owner = kind
    return Where(path or "$", owner, nullable, constraints)


def _bounds(constraints: list) -> tuple[Any, Any]:
    low = next((c.ge for c in constraints if isinstance(c, Ge)), None)
    high = next((c.le for c in constraints if isinstance(c, Le)), None)
    for c in constraints:  # Field(ge=..., le=...) keeps its bounds in its own metadata
        for m in getattr(c, "metadata", ()):
            low = m.ge if isinstance(m, Ge) else low
            high = m.le if isinstance(m, Le) else high
    return low, high


def _max_length(constraints: list) -> Any:
    for c in constraints:
        if isinstance(c, MaxLen):
            return c.max_length
        for m in getattr(c, "metadata", ()):
            if isinstance(m, MaxLen):
                return m.max_length
    return None


TYPES = {
    "string_type": _("must be a string, got %(value)s"),
    "bool_type": _("must be true or false, got %(value)s"),
    "int_type": _("must be an integer, got %(value)s"),
    "list_type": _("must be a list, got %(value)s"),
    "dict_type": _("must be an object, got %(value)s"),
    "model_type": _("must be an object, got %(value)s"),
    "model_attributes_type": _("must be an object, got %(value)s"),
}


def _message(error: dict, where: Where) -> tuple[str, rules.Message]:
    """One pydantic error → (path, message)."""
    kind, value, ctx = error["type"], error.get("input"), error.get("ctx") or {}
    path = where.path
    if kind == "missing":
        return path, rules.Message(_("required key is missing"), {})
    if kind == "extra_forbidden":
        keys = ", ".join(expected_keys(where.owner)) if where.owner else ""
        return path, rules.Message(_("unknown key; expected one of %(keys)s"), {"keys": keys})
    if path == "format":
        return path, rules.Message(
            _("must be %(expected)s, got %(value)s"), {"expected": show(FORMAT), "value": show(value)}
        )
    if path == "version":
        return path, rules.Message(
            _("unsupported version %(value)s: this site reads version %(expected)s"),
            {"value": show(value), "expected": VERSION},
        )
    if kind == PROBLEM:
        params = dict(ctx)
        path += params.pop("at", "")
        return path, rules.Message(error["msg"], params)
    if kind == "union_tag_not_found":
        return join_path(path, "kind"), rules.Message(_("required key is missing"), {})
    if kind == "union_tag_invalid":
        return join_path(path, "kind"), rules.Message(
            _("must be contract or misere, got %(value)s"), {"value": show(value.get("kind"))}
        )
    if kind == "string_type" and where.nullable:
        return path, rules.Message(_("must be a string or null, got %(value)s"), {"value": show(value)})
    if kind in TYPES:
        return path, rules.Message(TYPES[kind], {"value": show(value)})
    if kind in ("greater_than_equal", "less_than_equal"):
        low, high = _bounds(where.constraints)
        return path, rules.Message(
            _("must be between %(min)s and %(max)s, got %(value)s"),
            {"min": low, "max": high, "value": str(value) if _is_number(value) else show(value)},
        )
    if kind in ("string_too_long", "too_long") and isinstance(value, str):
        return path, rules.Message(
            _("must be at most %(max)s characters, got %(length)s"),
            {"max": ctx.get("max_length", _max_length(where.constraints)), "length": len(value)},
        )
    return path, rules.Message(_("is not what the format allows here, got %(value)s"), {"value": show(value)})


def problems(errors: list[dict], root: type[BaseModel] = Document) -> list[rules.RuleViolation]:
    """Pydantic's errors (``ValidationError.errors()``) as the importer's problems, each with its path."""
    found = []
    for error in errors:
        path, message = _message(error, locate(error["loc"], root))
        found.append(rules.RuleViolation(path, message))
    return found

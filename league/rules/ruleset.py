"""Which rules a season plays by.

Two families exist: the club's Tarot-Bière rulebook and standard FFT tarot.
They differ in contract value, margin rounding, multipliers, the pot and the
misère. The President may change every **(param)** of the rulings per season;
:func:`ruleset_for` applies the era defaults (garde contre ×8 and no défensifs
before 2010-2011, Tarot-Bière only) and then the season's overrides. The era
comes from the season's dates (:func:`placed_params`), never from a guess at a
name that is not two consecutive years.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from .calendar import season_year as season_year_of
from .errors import InvalidInput, RuleViolation
from .messages import Message, gettext_noop
from .numbers import json_number, to_decimal

__all__ = [
    "CONTRACTS",
    "FAMILIES",
    "PARAM_KEYS",
    "RuleSet",
    "canonical_contract",
    "placed_params",
    "ruleset_for",
    "season_year",
]

TAROT_BIERE = "tarot-biere"
FFT = "fft"
FAMILIES = (TAROT_BIERE, FFT)
#: Contract names accepted by both families; pouce and prise are synonyms.
CONTRACTS = ("pouce", "prise", "garde", "garde_sans", "garde_contre")
PARAM_KEYS = (
    "garde_contre_multiplier",
    "defensive_bonus",
    "place_points",
    "min_manches",
    "last_manche_deadline_days",
)
DEFAULT_PLACE_POINTS = tuple(Decimal(v) for v in (3, 2, 1, 0, -1))
#: First season of the modern era: garde contre ×6 and défensifs.
MODERN_ERA_YEAR = 2010
#: The params the era sets by default.
ERA_PARAMS = ("garde_contre_multiplier", "defensive_bonus")
SEASON_NAME = re.compile(r"^(\d{4})-(\d{4})$")


class FrozenMapping(Mapping):
    """A read-only, hashable and picklable mapping (the site pickles results
    into its cache; ``MappingProxyType`` cannot be pickled)."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping | None = None):
        object.__setattr__(self, "_items", dict(items or {}))

    def __getitem__(self, key):
        return self._items[key]

    def __iter__(self):
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self._items) == dict(other)

    def __repr__(self) -> str:
        return f"FrozenMapping({self._items!r})"

    def __setattr__(self, name, value):
        raise AttributeError("FrozenMapping is read-only")

    def __reduce__(self):
        return (FrozenMapping, (self._items,))


def canonical_contract(family: str, contract: str) -> str:
    """Name a contract the way its family's rulebook does (pouce/prise)."""
    if contract in ("pouce", "prise"):
        return "pouce" if family == TAROT_BIERE else "prise"
    return contract


@dataclass(frozen=True)
class RuleSet:
    """Every number the engine needs to score a season."""

    family: str
    contract_value: int
    margin_rounding: int
    multipliers: Mapping[str, int]
    garde_contre_multiplier: int
    has_pot: bool
    allows_misere: bool
    place_points: tuple[Decimal, ...]
    defensive_bonus: bool
    min_manches: int
    last_manche_deadline_days: int
    timezone: str = "Europe/Paris"

    @property
    def table_sizes(self) -> tuple[int, ...]:
        """Seated players allowed: Tarot-Bière 5, or 4 plus an absent player;
        FFT 3, 4 or 5 and never an absent player."""
        return (4, 5) if self.family == TAROT_BIERE else (3, 4, 5)

    def calls_a_king(self, players: int) -> bool:
        """Whether the preneur calls a king (and so plays with an appelé):
        at five players only, in both families; at three or four the preneur
        plays alone against the others (rulings §2.9 and §4.1)."""
        return players == 5

    @property
    def allows_absent(self) -> bool:
        """Only Tarot-Bière plays a manche at 4 with the fifth registrant absent."""
        return self.family == TAROT_BIERE

    @property
    def is_tarot_biere(self) -> bool:
        return self.family == TAROT_BIERE

    def multiplier(self, contract: str) -> int:
        return self.multipliers[contract]

    def params(self) -> dict:
        """The five per-season params, JSON-friendly."""
        return {
            "garde_contre_multiplier": self.garde_contre_multiplier,
            "defensive_bonus": self.defensive_bonus,
            "place_points": [json_number(p) for p in self.place_points],
            "min_manches": self.min_manches,
            "last_manche_deadline_days": self.last_manche_deadline_days,
        }


def season_year(season_name: str) -> int | None:
    """Starting year of a season named by two consecutive years: ``"2009-2010"``
    -> 2009. Any other name (``"Saison 2011"``, ``"2011/12"``) says nothing
    about the season's dates: None, never a guess."""
    match = SEASON_NAME.match(season_name or "")
    if not match or int(match.group(2)) != int(match.group(1)) + 1:
        return None
    return int(match.group(1))


def year_of_start(moment: datetime, timezone: str = "Europe/Paris") -> int:
    """The starting year of the season a manche on ``moment`` belongs to
    (the calendar's one cut-over, :func:`calendar.season_year`)."""
    return season_year_of(moment, timezone)


def placed_params(family: str, season_name: str, params: Mapping, first_start: datetime | None) -> dict:
    """``params`` with the rules era's values written out when the season's
    name alone would not give the era its dates give.

    The era (garde contre ×8 and no défensifs before 2010-2011, Tarot-Bière
    only) comes from the season's dates: its first manche, or, with no dated
    manche, a name of two consecutive years. A season that can be placed
    neither way is refused (:class:`InvalidInput` on ``season.name``) unless
    ``params`` sets both era values itself.
    """
    params = dict(params or {})
    if family != TAROT_BIERE or all(key in params for key in ERA_PARAMS):
        return params
    named = season_year(season_name)
    year = year_of_start(first_start) if first_start is not None else named
    if year is None:
        raise InvalidInput([_cannot_place(season_name)])
    if named is not None and (named < MODERN_ERA_YEAR) == (year < MODERN_ERA_YEAR):
        return params
    old_era = year < MODERN_ERA_YEAR
    return {"garde_contre_multiplier": 8 if old_era else 6, "defensive_bonus": not old_era, **params}


def _cannot_place(season_name: str) -> RuleViolation:
    return RuleViolation(
        "season.name",
        Message(
            gettext_noop(
                "cannot place the season %(name)s in a rules era: its name is not two consecutive years"
                " (2011-2012) and it has no dated manche; give params garde_contre_multiplier and defensive_bonus"
            ),
            {"name": season_name},
        ),
    )


def _bad(key: str, text: str, **params) -> RuleViolation:
    return RuleViolation(f"season.params.{key}", Message(text, params))


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def ruleset_for(family: str, season_name: str, params: Mapping | None = None) -> RuleSet:
    """The rule set of a season of ``family`` named ``season_name``.

    ``params`` overrides the defaults; an unknown key or a bad value raises
    :class:`InvalidInput` naming ``season.params.<key>``.
    """
    problems: list[RuleViolation] = []
    if family not in FAMILIES:
        raise InvalidInput(
            [
                RuleViolation(
                    "season.ruleset",
                    Message(
                        gettext_noop("unknown rule set %(value)r: expected tarot-biere or fft"),
                        {"value": family},
                    ),
                )
            ]
        )
    tb = family == TAROT_BIERE
    year = season_year(season_name)
    if tb and year is None and not all(key in (params or {}) for key in ERA_PARAMS):
        problems.append(_cannot_place(season_name))
    old_era = tb and year is not None and year < MODERN_ERA_YEAR
    values: dict = {
        "garde_contre_multiplier": 8 if old_era else 6,
        "defensive_bonus": not old_era,
        "place_points": DEFAULT_PLACE_POINTS,
        "min_manches": 10,
        "last_manche_deadline_days": 14,
    }
    for key, value in (params or {}).items():
        if key not in PARAM_KEYS:
            problems.append(
                _bad(key, gettext_noop("unknown param; expected one of %(keys)s"), keys=", ".join(PARAM_KEYS))
            )
        elif key == "garde_contre_multiplier":
            if not _is_int(value) or value < 1:
                problems.append(
                    _bad(key, gettext_noop("must be a positive integer, got %(value)r"), value=value)
                )
            else:
                values[key] = value
        elif key == "defensive_bonus":
            if not isinstance(value, bool):
                problems.append(_bad(key, gettext_noop("must be true or false, got %(value)r"), value=value))
            else:
                values[key] = value
        elif key == "place_points":
            points = _place_points(value)
            if points is None:
                problems.append(
                    _bad(key, gettext_noop("must be a list of 5 numbers, got %(value)r"), value=value)
                )
            else:
                values[key] = points
        else:  # min_manches, last_manche_deadline_days
            if not _is_int(value) or value < 0:
                problems.append(
                    _bad(key, gettext_noop("must be a non-negative integer, got %(value)r"), value=value)
                )
            else:
                values[key] = value
    if problems:
        raise InvalidInput(problems)
    gc = values["garde_contre_multiplier"]
    if tb:
        multipliers = {"pouce": 2, "prise": 2, "garde": 2, "garde_sans": 4, "garde_contre": gc}
    else:
        multipliers = {"prise": 1, "pouce": 1, "garde": 2, "garde_sans": 4, "garde_contre": gc}
    return RuleSet(
        family=family,
        contract_value=10 if tb else 25,
        margin_rounding=5 if tb else 1,
        multipliers=FrozenMapping(multipliers),
        garde_contre_multiplier=gc,
        has_pot=tb,
        allows_misere=tb,
        place_points=values["place_points"],
        defensive_bonus=values["defensive_bonus"],
        min_manches=values["min_manches"],
        last_manche_deadline_days=values["last_manche_deadline_days"],
    )


def _place_points(value: object) -> tuple[Decimal, ...] | None:
    if isinstance(value, (str, bytes, Mapping)) or not hasattr(value, "__iter__"):
        return None
    items = list(value)
    if len(items) != 5:
        return None
    try:
        return tuple(to_decimal(v) for v in items)
    except (TypeError, ValueError):
        return None

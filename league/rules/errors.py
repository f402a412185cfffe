"""Rejected input: every problem found, each naming its field.

The rulings (§7) ask that bad input "gets a message that names the field and
the rule, and changes nothing", and the season importer prints *every*
problem as ``path: message``; hence :class:`InvalidInput` carries a list of
:class:`RuleViolation` rather than stopping at the first one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .messages import Message

__all__ = ["InvalidInput", "RuleViolation", "prefixed", "raise_if"]


@dataclass(frozen=True)
class RuleViolation:
    """One problem: ``field`` is a season-format JSON path (``bouts``,
    ``poignees[0].player``, ``manches[3].donnes[7].bouts``)."""

    field: str
    message: Message

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else str(self.message)


class InvalidInput(ValueError):
    """Raised with *all* the problems found in an input."""

    def __init__(self, problems: Iterable[RuleViolation]):
        self.problems: list[RuleViolation] = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)


def join_path(prefix: str, field: str) -> str:
    """``join_path("manches[3]", "donnes[7].bouts")`` -> ``manches[3].donnes[7].bouts``."""
    if not prefix:
        return field
    if not field:
        return prefix
    if field.startswith("["):
        return prefix + field
    return f"{prefix}.{field}"


def prefixed(prefix: str, problems: Iterable[RuleViolation]) -> list[RuleViolation]:
    """Re-root problems found in a part of a larger document."""
    return [RuleViolation(join_path(prefix, p.field), p.message) for p in problems]


def raise_if(problems: Iterable[RuleViolation]) -> None:
    """Raise :class:`InvalidInput` when there is any problem."""
    problems = list(problems)
    if problems:
        raise InvalidInput(problems)

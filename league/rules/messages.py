"""Translatable messages without Django.

The engine must not import Django, yet every human-readable string it produces
(errors, adjustment reasons, explanations) has to be translated by the site.
Strings are therefore marked with :func:`gettext_noop` (the name is what
Django's ``makemessages`` looks for) and kept together with their parameters
in a :class:`Message`; the site translates ``text`` and then applies
``params``.

A parameter may itself be a :class:`Message`, a :class:`Plural` (a counted
phrase, ``1 bout`` / ``2 bouts``, whose form the reader's language chooses)
or an instant (a ``datetime`` on the club's wall clock); the site writes
numbers and instants in the reader's notation, ``str()`` in plain English.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

__all__ = ["Message", "Plural", "gettext_noop", "ngettext", "ordinal"]


def gettext_noop(s: str) -> str:
    """Mark ``s`` for extraction by ``makemessages`` and return it unchanged."""
    return s


@dataclass(frozen=True)
class Plural:
    """A counted phrase: ``singular`` and ``plural`` are English ``%(n)s``
    templates; the site picks the form the reader's language uses for ``n``
    (French says ``0 bout``, English ``0 bouts``)."""

    singular: str
    plural: str
    n: int

    def render(self) -> str:
        """In English (the site renders it with ``ngettext``)."""
        return (self.singular if self.n == 1 else self.plural) % {"n": self.n}


def ngettext(singular: str, plural: str, n: int) -> Plural:
    """Mark a counted phrase for extraction by ``makemessages`` (as ``ngettext``
    is) and keep it with its count; translated when the message is shown."""
    return Plural(singular, plural, n)


def plain(value: Any) -> Any:
    """A parameter in plain English: an instant as ``2011-09-15 21:00`` (on
    the wall clock it carries), a counted phrase in its English form."""
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    if isinstance(value, Plural):
        return value.render()
    return value


@dataclass(frozen=True)
class Message:
    """An English ``%(name)s`` template plus its parameters.

    ``str(message)`` gives the English text; ``message.render(gettext)``
    gives it in the active language.
    """

    text: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def render(self, translate: Callable[[str], str] | None = None) -> str:
        """Translate the template with ``translate`` (if any), then fill it in (inner messages translated too)."""
        template = translate(self.text) if translate else self.text
        return template % {
            key: value.render(translate) if isinstance(value, Message) else plain(value)
            for key, value in self.params.items()
        }

    def __str__(self) -> str:
        return self.render()


#: A place at the table as the rulebook writes it ("le 2e", "the 2nd").
ORDINALS = {
    1: gettext_noop("1st place"),
    2: gettext_noop("2nd place"),
    3: gettext_noop("3rd place"),
    4: gettext_noop("4th place"),
    5: gettext_noop("5th place"),
}


@functools.cache
def ordinal(place: int) -> Message:
    """``2nd place`` (``2e place`` in French, whoever holds it): a place at a table, translated when shown.

    One message per place, shared (messages are never changed): a big season's
    explanations name 8,000 places."""
    text = ORDINALS.get(place)
    return Message(text) if text else Message(gettext_noop("%(place)sth place"), {"place": place})

"""Translatable messages without Django.

The engine must not import Django, yet every human-readable string it produces
(errors, adjustment reasons, explanations) has to be translated by the site.
Strings are therefore marked with :func:`gettext_noop` (the name is what
Django's ``makemessages`` looks for) and kept together with their parameters
in a :class:`Message`; the site translates ``text`` and then applies
``params``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Message", "gettext_noop"]


def gettext_noop(s: str) -> str:
    """Mark ``s`` for extraction by ``makemessages`` and return it unchanged."""
    return s


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
            key: value.render(translate) if isinstance(value, Message) else value
            for key, value in self.params.items()
        }

    def __str__(self) -> str:
        return self.render()

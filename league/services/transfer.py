"""Season import and export (the interchange format of ``shared/spec/season-format.md``).

``import_season`` is all-or-nothing: the whole document is checked (its
shape, then every rule through the engine) before anything is written, and
the writes run in one transaction, so a refused or failed import leaves the
database exactly as it was. ``export_season`` gives the document back with
everything the engine computes; ``dump`` writes it the one canonical way
(keys sorted, 2-space indent, UTF-8 characters as such, trailing newline),
which makes export → import → export byte for byte stable.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from accounts.models import User
from accounts.name_order import sort_key
from league import rules
from league.limits import UPLOAD_IMPORT, SeasonImportLimits
from league.models import Season
from league.services import first_seasons
from league.services.revision import invalidate
from league.transfer import build, export, parse
from league.transfer.parse import ParsedSeason

__all__ = [
    "ImportRefused",
    "ImportSummary",
    "dump",
    "export_season",
    "import_check",
    "import_checked",
    "import_season",
]


class ImportRefused(ValidationError):
    """The document was refused; nothing was written.

    ``problems`` lists every problem (:class:`rules.RuleViolation`, a JSON
    path and a translatable message); as a ``ValidationError`` the messages
    are keyed by path, in the active language.
    """

    def __init__(self, problems):
        self.problems = list(problems)
        errors: dict[str, list[str]] = {}
        for p in self.problems:
            errors.setdefault(p.field or "$", []).append(p.message.render(gettext))
        super().__init__(errors)

    def lines(self, translate=None) -> list[str]:
        """``path: message`` for each problem (English unless ``translate`` is given)."""
        return [
            f"{p.field}: {p.message.render(translate)}" if p.field else p.message.render(translate)
            for p in self.problems
        ]


@dataclass
class ImportSummary:
    """What an import will create, shown before the President confirms it."""

    name: str
    ruleset: str
    exists: bool
    closed: bool
    players_new: list[str] = field(default_factory=list)
    players_existing: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # id -> the document's name
    member_names: dict[str, str] = field(default_factory=dict)  # id -> the site's display name (known ids)
    manches_played: int = 0
    manches_planned: int = 0
    manches_cancelled: int = 0
    manches_at_four: int = 0
    manches_quick: int = 0
    donnes: int = 0
    comptes_rendus: int = 0
    awards: int = 0
    #: declarations of ``first_season`` the site does not keep (an earlier one is known)
    first_seasons: list = field(default_factory=list)

    @property
    def new_players_named(self) -> list[str]:
        """``eric (Éric)``: the accounts the import will create, by name."""
        ids = sorted(self.players_new, key=lambda pid: sort_key(self.names.get(pid, pid)))
        return [f"{pid} ({self.names.get(pid, pid)})" for pid in ids]

    @property
    def existing_players_named(self) -> list[str]:
        """``Benoît``: the members the import matches, by the name the site shows them under, in order."""
        return sorted((self.name_of(pid) for pid in self.players_existing), key=sort_key)

    @property
    def first_seasons_named(self) -> list:
        """The first-season notes, each player by his name rather than his id."""
        return [replace(note, player=self.name_of(note.player)) for note in self.first_seasons]

    def name_of(self, pid: str) -> str:
        """A member's display name on the site, else the document's name, else the id."""
        return self.member_names.get(pid) or self.names.get(pid) or pid

    @property
    def manches(self) -> int:
        return self.manches_played + self.manches_planned + self.manches_cancelled


def _refuse_existing(parsed: ParsedSeason, replace: bool, existing: Season | None) -> None:
    if existing is not None and not replace:
        raise ImportRefused(
            [
                rules.RuleViolation(
                    "season.name",
                    rules.Message(
                        rules.gettext_noop(
                            "a season named %(name)s already exists "
                            "(tick “replace the season of the same name”, or --replace on the command line)"
                        ),
                        {"name": parsed.name},
                    ),
                )
            ]
        )


def _parse(document: Any, limits: SeasonImportLimits) -> ParsedSeason:
    try:
        with rules.cycle_collector_paused():
            return parse.parse_document(document, limits=limits)
    except rules.InvalidInput as exc:
        raise ImportRefused(exc.problems) from None


def import_check(
    *, document: Any, replace: bool = False, limits: SeasonImportLimits = UPLOAD_IMPORT
) -> tuple[ParsedSeason, ImportSummary]:
    """Check ``document`` (text, bytes or loaded JSON) without writing anything.

    Returns what was read and a summary of what importing it would create;
    raises :class:`ImportRefused` listing every problem. ``limits`` bound the
    document's size and manches: the upload's unless the caller (the command
    line) says otherwise.
    """
    parsed = _parse(document, limits)
    summary = _summary(parsed, replace)
    summary.first_seasons = first_seasons.settle(
        _declared(parsed), extra_played=_played_in(parsed), write=False
    )
    return parsed, summary


def _summary(parsed: ParsedSeason, replace: bool) -> ImportSummary:
    """What writing ``parsed`` creates, but its first-season notes (refused as
    :func:`import_check` refuses a season that exists)."""
    existing = Season.objects.filter(name=parsed.name).first()
    _refuse_existing(parsed, replace, existing)
    ids = [p.id for p in parsed.players]
    known = dict(User.objects.filter(username__in=ids).values_list("username", "display_name"))
    summary = ImportSummary(
        name=parsed.name,
        ruleset=parsed.family,
        exists=existing is not None,
        closed=parsed.closed,
        players_new=[i for i in ids if i not in known],
        players_existing=[i for i in ids if i in known],
        names={p.id: p.name for p in parsed.players},
        member_names=known,
        awards=len(parsed.awards),
    )
    for m in parsed.manches:
        if m.status == "played":
            summary.manches_played += 1
            summary.manches_at_four += m.absent is not None
            summary.manches_quick += m.results is not None
        elif m.status == "cancelled":
            summary.manches_cancelled += 1
        else:
            summary.manches_planned += 1
        summary.donnes += len(m.donnes or ())
        summary.comptes_rendus += len(m.comptes_rendus)
    return summary


def _declared(parsed: ParsedSeason) -> dict[str, str | None]:
    return {p.id: p.first_season for p in parsed.players}


def _played_in(parsed: ParsedSeason) -> dict:
    """Each player of the document's played manches, with the season's first manche."""
    start = min((m.starts_at for m in parsed.manches), default=None)
    players = {}
    for m in parsed.manches:
        if m.status == "played":
            for player in [*(m.table or ()), *([m.absent] if m.absent else [])]:
                players[player] = (parsed.name, start)
    return players


def import_season(
    *,
    document: Any,
    replace: bool = False,
    by: User | None = None,
    now: datetime,
    limits: SeasonImportLimits = UPLOAD_IMPORT,
) -> Season:
    """Create the season ``document`` describes (text, bytes or loaded JSON).

    A season of the same name is refused unless ``replace``, which deletes
    its manches (with their seats, sheets, comptes-rendus and sign-ups) and
    awards and writes the document's instead. Players are matched on their
    id (username); unknown ones become inactive accounts without a usable
    password. ``limits`` as for :func:`import_check`. Raises
    :class:`ImportRefused` with every problem; then nothing has changed.
    """
    return _write(_parse(document, limits), replace=replace, by=by, now=now)[0]


def import_checked(
    *,
    document: Any,
    replace: bool = False,
    by: User | None = None,
    now: datetime,
    limits: SeasonImportLimits = UPLOAD_IMPORT,
) -> ImportSummary:
    """:func:`import_season`, saying what it created (the command line's import):
    the summary of :func:`import_check`, whose first-season notes are those the
    write kept (settled once, not once to tell and once to write)."""
    parsed = _parse(document, limits)
    summary = _summary(parsed, replace)
    _season, summary.first_seasons = _write(parsed, replace=replace, by=by, now=now)
    return summary


def _write(
    parsed: ParsedSeason, *, replace: bool, by: User | None, now: datetime
) -> tuple[Season, list[first_seasons.FirstSeasonNote]]:
    """Write ``parsed`` in one transaction; the season, and the first-season
    declarations the site did not keep."""
    try:
        with rules.cycle_collector_paused(), transaction.atomic():
            existing = Season.objects.select_for_update().filter(name=parsed.name).first()
            _refuse_existing(parsed, replace, existing)
            season = build.write_season(parsed, existing=existing, by=by, now=now)
            notes = first_seasons.settle(
                _declared(parsed),
                write=True,
                by=by,
                reason=gettext("Import de la saison %(name)s") % {"name": parsed.name},
            )
            invalidate(season)
    except IntegrityError:
        if (
            not replace
        ):  # another import created a season of that name meanwhile (the unique name refused ours)
            _refuse_existing(parsed, False, Season.objects.filter(name=parsed.name).first())
        raise
    season.refresh_from_db()
    return season, notes


def export_season(*, season: Season, now: datetime) -> dict:
    """The season as an interchange document, with everything the engine computes as of ``now``."""
    return export.export_document(season, now=now)


def dump(document: dict) -> str:
    """The document's one canonical text: keys sorted, 2-space indent, UTF-8 as such, final newline."""
    return json.dumps(document, sort_keys=True, indent=2, ensure_ascii=False) + "\n"

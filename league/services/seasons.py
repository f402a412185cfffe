"""Writes on seasons: creation, rules and officers, opening, closing and reopening.

Every function is atomic, takes keyword-only arguments and the current time
``now``, and raises ``ValidationError({field: message})`` naming the field and
the rule, changing nothing. Closing and reopening are recorded in the
season's history with a change reason; the participation malus itself is
computed by the rules engine from the season's ``closed`` state.
"""

import re
from collections.abc import Mapping
from datetime import datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User

from .. import rules
from ..models import Manche, Season
from ..selectors.sheet import sheet_started
from .calendar import cancel_locked
from .revision import invalidate

SEASON_NAME_RE = re.compile(r"^([0-9]{4})-([0-9]{4})\Z")


# --- Rules and params --------------------------------------------------------


def default_params(family: str, name: str) -> dict:
    """The engine's defaults for a season of ``family`` named ``name`` (e.g. ×8 before 2010-2011)."""
    return rules.ruleset_for(family, name).params()


def effective_params(season: Season) -> dict:
    """The params the season is scored with: its defaults plus its overrides."""
    return season.ruleset().params()


def _check_name(name: str) -> str:
    name = (name or "").strip()
    match = SEASON_NAME_RE.match(name)
    if not match or int(match.group(2)) != int(match.group(1)) + 1:
        raise ValidationError(
            {"name": _("Nom de saison : deux années qui se suivent, par exemple « 2011-2012 ».")}
        )
    return name


def clean_params(family: str, name: str, params: Mapping | None) -> dict:
    """Check ``params`` with the engine and keep only the values that differ from the defaults.

    The engine's message names the param and the rule; it is given back
    under the ``params`` field (or the param's own key when a form shows it).
    """
    params = dict(params or {})
    try:
        effective = rules.ruleset_for(family, name, params).params()
    except rules.InvalidInput as exc:
        errors: dict[str, list[str]] = {}
        for problem in exc.problems:
            key = problem.field.rsplit(".", 1)[-1] if problem.field.startswith("season.params.") else "params"
            if problem.field == "season.ruleset":
                key = "family"
            errors.setdefault(key, []).append(problem.message.render(_))
        raise ValidationError(errors) from exc
    defaults = default_params(family, name)
    return {key: effective[key] for key in params if effective[key] != defaults[key]}


def _check_officers(president: User | None, vice_president: User | None) -> None:
    if president and vice_president and president.pk == vice_president.pk:
        raise ValidationError(
            {"vice_president": _("Le Vice-Président doit être un autre membre que le Président.")}
        )


#: The history's change reason holds this many characters (django-simple-history's default).
HISTORY_REASON_LENGTH = 100


def rules_change(season: Season, *, name: str, family: str, params: Mapping | None) -> bool:
    """Whether saving ``family``/``params`` (for a season named ``name``) would change the
    season's effective rules (raises ``ValidationError`` for params the engine refuses)."""
    clean = clean_params(family, name, params)
    after = {**default_params(family, name), **clean}
    return (family, after) != (season.family, effective_params(season))


def _record(season: Season, by: User | None, reason: str | None = None) -> None:
    season._history_user = by
    season._change_reason = reason
    season.save()


def _record_recomputed(season: Season, by: User | None, reason: str) -> Season:
    """Save a change that alters the standings, make the cached results stale, and return the season as saved.

    An edit, a close and a reopen all change what the standings say (rules,
    params, the participation malus of the closed state); reading the season
    back gives the caller the revision ``invalidate`` has just bumped.
    """
    _record(season, by, reason)
    invalidate(season)
    season.refresh_from_db()
    return season


def _locked_in_state(season: Season, state: str, refusal: str) -> Season:
    """The season, locked for a change of state, provided it is still in ``state``; else ``refusal``.

    Opening, closing and reopening each start from one state only: the check
    is made under the row lock so that two officers cannot both move it.
    """
    season = Season.objects.select_for_update().get(pk=season.pk)
    if season.state != state:
        raise ValidationError({"state": refusal})
    return season


# --- Writes -------------------------------------------------------------------


@transaction.atomic
def season_create(
    *,
    by: User | None,
    name: str,
    family: str = Season.Family.TAROT_BIERE,
    params: Mapping | None = None,
    president: User | None = None,
    vice_president: User | None = None,
    default_location: str = "",
    contest_hours: int | None = None,
    now: datetime,
) -> Season:
    """A new season, in preparation, with the engine's defaults for its name unless overridden."""
    name = _check_name(name)
    if Season.objects.filter(name=name).exists():
        raise ValidationError({"name": _("La saison %(name)s existe déjà.") % {"name": name}})
    params = clean_params(family, name, params)
    _check_officers(president, vice_president)
    season = Season(
        name=name,
        family=family,
        params=params,
        president=president,
        vice_president=vice_president,
        default_location=(default_location or "").strip() or settings.CLUB_DEFAULT_LOCATION,
    )
    if contest_hours is not None:
        season.contest_hours = contest_hours
    _record(season, by, _("Saison créée"))
    return season


@transaction.atomic
def season_update(
    *,
    by: User | None,
    season: Season,
    name: str,
    family: str,
    params: Mapping | None,
    president: User | None,
    vice_president: User | None,
    default_location: str,
    reason: str = "",
    contest_hours: int | None = None,
    now: datetime,
) -> Season:
    """Change a season's name, rules, params, officers, usual place or contest period; results are recomputed.

    A change of the rules (rule set or an effective parameter) is recorded in
    the season's history with the President's ``reason``, as opening and
    closing are."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    rules_before = (season.family, effective_params(season))
    name = _check_name(name)
    if Season.objects.filter(name=name).exclude(pk=season.pk).exists():
        raise ValidationError({"name": _("La saison %(name)s existe déjà.") % {"name": name}})
    params = clean_params(family, name, params)
    _check_officers(president, vice_president)
    season.name = name
    season.family = family
    season.params = params
    season.president = president
    season.vice_president = vice_president
    season.default_location = (default_location or "").strip()
    if contest_hours is not None:
        season.contest_hours = contest_hours
    record = _("Saison modifiée")
    if (season.family, effective_params(season)) != rules_before:
        record = _("Règles modifiées : %(reason)s") % {"reason": reason.strip() or "—"}
    return _record_recomputed(season, by, record[:HISTORY_REASON_LENGTH])


@transaction.atomic
def season_open(*, by: User | None, season: Season, now: datetime) -> Season:
    """The season starts: out of preparation, its manches can take sign-ups."""
    season = _locked_in_state(
        season, Season.State.PREPARATION, _("Seule une saison en préparation peut être ouverte.")
    )
    season.state = Season.State.OPEN
    _record(season, by, _("Saison ouverte"))
    return season


def closing_reason() -> str:
    """The reason recorded on the manches a closing cancels, and emailed to their registered players."""
    return _("Saison close avant cette manche")


@transaction.atomic
def season_close(*, by: User | None, season: Season, now: datetime) -> Season:
    """Close the season: the classification is final and the participation malus applies.

    The malus is the engine's (rulings §5.6), derived from the closed state;
    bumping the revision makes every cached standing recomputed with it.

    The manches still to play (planned or open for sign-up) will not be played:
    each is cancelled with :func:`closing_reason`, its sign-ups kept on record and
    its registered players emailed, as any cancelled manche (docs/rules.md, "Open
    points"). A manche whose sheet is started is the night being played: the
    closing is refused until it is closed.
    """
    season = _locked_in_state(season, Season.State.OPEN, _("Seule une saison en cours peut être close."))
    to_play = list(
        Manche.objects.select_for_update()
        .filter(season=season, status__in=Manche.TO_PLAY)
        .annotate(started=sheet_started())
        .order_by("starts_at", "number")
    )
    started = [m.number for m in to_play if m.started]
    if started:
        raise ValidationError(
            {
                "state": _(
                    "La feuille de marque de la manche %(numbers)s est commencée : clôturez-la avant de clore la saison."
                )
                % {"numbers": ", ".join(str(n) for n in started)}
            }
        )
    for manche in to_play:
        manche.season = season
        cancel_locked(manche, by=by, reason=closing_reason(), now=now, season_over=True)
    season.state = Season.State.CLOSED
    season.closed_at = now
    return _record_recomputed(
        season, by, _("Saison close : malus de participation appliqué, classement figé")
    )


@transaction.atomic
def season_reopen(*, by: User | None, season: Season, now: datetime) -> Season:
    """Reopen a closed season (to correct it); the participation malus is lifted until it is closed again."""
    season = _locked_in_state(season, Season.State.CLOSED, _("Seule une saison close peut être rouverte."))
    season.state = Season.State.OPEN
    season.closed_at = None
    return _record_recomputed(season, by, _("Saison rouverte"))

"""Ce qu'il me faut, as the reports show it: the engine's projections of a
season, and each goal said in the club's words ("une 2e place de plus",
"2 victoires en 3 manches sur les 4 restantes").

The numbers are the engine's (:mod:`league.rules.projections`); this module
only counts the manches left on the calendar and phrases the result.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from league import rules
from league.models import Manche, Season
from league.rules import projections as engine

GOAL_LABELS = {
    engine.OVERTAKE: gettext_lazy("Passer %(name)s"),
    engine.PODIUM: gettext_lazy("Monter sur le podium"),
    engine.ESCAPE_SPOON: gettext_lazy("Éviter la Cuillère de bois"),
}


@dataclass(frozen=True)
class SeasonProjections:
    """Every classified player's goals in an open season (empty once it is closed)."""

    season: str
    remaining: int = 0
    players: dict[str, engine.PlayerProjection] = field(default_factory=dict)


def build_projections(season: Season, result: rules.SeasonResult) -> SeasonProjections:
    """The engine's projections with the manches still to play (planned or open to sign-ups; one query); none for a closed season."""
    if season.is_closed:
        return SeasonProjections(season=season.name)
    remaining = Manche.objects.filter(season=season, status__in=Manche.TO_PLAY).count()
    return SeasonProjections(
        season=season.name,
        remaining=remaining,
        players=engine.season_projections(result, season.ruleset(), remaining=remaining),
    )


@dataclass(frozen=True)
class PlayerGoals:
    """One player's projection, with the names of the players its goals name: what a
    page shows of it without reading the season's whole classification."""

    projection: engine.PlayerProjection
    names: dict[str, str]


def player_goals(projection: engine.PlayerProjection, names: dict[str, str]) -> PlayerGoals:
    """``projection`` with the names (from ``names``: username -> name) of its goals' targets."""
    targets = {goal.target for goal in projection.goals if goal.target}
    return PlayerGoals(projection, {t: names.get(t, t) for t in targets})


@dataclass(frozen=True)
class GoalLine:
    """A goal as a reader sees it: what it is, what it takes, and the arithmetic."""

    goal: str
    status: str
    label: str
    text: str
    explanation: rules.Message | None


def goal_lines(projection: engine.PlayerProjection, names: dict[str, str]) -> list[GoalLine]:
    return [
        GoalLine(
            goal=goal.goal,
            status=goal.status,
            label=str(GOAL_LABELS[goal.goal]) % {"name": names.get(goal.target, goal.target)},
            text=requirement(goal, projection.remaining),
            explanation=goal.explanation,
        )
        for goal in projection.goals
    ]


def requirement(goal: engine.Goal, remaining: int) -> str:
    """What ``goal`` takes, in the club's words."""
    if goal.status == engine.ALREADY:
        return _("Acquis, même sans rejouer d'ici la clôture.")
    if goal.status == engine.OUT_OF_REACH:
        if not remaining:
            return _("Hors de portée : plus aucune manche au calendrier.")
        return _("Hors de portée, même en gagnant toutes les manches restantes avec tous les bonus.")
    played = goal.manches
    if goal.status == engine.BONUS:
        return ngettext(
            "Seulement avec des bonus : %(wins)s victoire et %(bonus)s point de bonus (seul positif, bouts sur prise).",
            "Seulement avec des bonus : %(wins)s victoires et %(bonus)s points de bonus (seul positif, bouts sur prise).",
            played,
        ) % {"wins": played, "bonus": formats.number_format(goal.bonus, use_l10n=True)}
    if played == 1:
        return _one_more(goal.finishes)
    parts = _finish_parts(goal.finishes)
    return _("%(finishes)s en %(played)s manches, sur les %(remaining)s restantes.") % {
        "finishes": _joined(parts),
        "played": played,
        "remaining": remaining,
    }


def _one_more(finishes: tuple[int, ...]) -> str:
    place = next(i for i, n in enumerate(finishes) if n) + 1
    if place == 1:
        return _("Une victoire de plus suffit.")
    if place == len(finishes):
        return _("Une manche de plus suffit, même à la dernière place.")
    return _("Une %(place)se place de plus suffit.") % {"place": place}


def _finish_parts(finishes: tuple[int, ...]) -> list[str]:
    last = len(finishes)
    parts = []
    for place, n in enumerate(finishes, start=1):
        if not n:
            continue
        if place == 1:
            parts.append(ngettext("une victoire", "%(n)s victoires", n) % {"n": n})
        elif place == last:
            parts.append(
                ngettext("une manche à n'importe quelle place", "%(n)s manches à n'importe quelle place", n)
                % {"n": n}
            )
        else:
            parts.append(
                ngettext("une %(place)se place", "%(n)s fois %(place)se", n) % {"n": n, "place": place}
            )
    return parts


def _joined(parts: list[str]) -> str:
    if len(parts) == 1:
        return parts[0][:1].upper() + parts[0][1:]
    text = _("%(first)s et %(last)s") % {"first": ", ".join(parts[:-1]), "last": parts[-1]}
    return text[:1].upper() + text[1:]

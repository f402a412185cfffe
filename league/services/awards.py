"""The President's accessits: Fair-Play, Manque de bol and Truffe, with an optional citation.

The computed accessits (Cuillère de bois, Aquila, Abysses, Rookie) come from
the rules engine; these three are the President's own choice, recorded once
the season is closed (rulings §6). Every write bumps the season's revision so
the standings, the palmarès and the API show it at once.
"""

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.name_order import by_name

from ..models import Award, Manche, Season
from .revision import invalidate

CITATION_MAX_LENGTH = 2000


def season_participants(season: Season):
    """Players with a played manche in ``season`` (seated or the absent player of a manche at 4)."""
    played = Manche.Status.PLAYED
    return (
        User.objects.filter(
            Q(pk__in=Manche.objects.filter(season=season, status=played).values("seats__player"))
            | Q(pk__in=Manche.objects.filter(season=season, status=played).values("absent"))
        )
        .distinct()
        .order_by(by_name(), "username")
    )


def _check(season: Season, award: str, player: User, citation: str) -> None:
    if not season.is_closed:
        raise ValidationError(
            {
                "award": _(
                    "Les accessits du Président se décernent une fois la saison close "
                    "(la saison %(season)s est encore en cours)."
                )
                % {"season": season.name}
            }
        )
    if award not in Award.Kind.values:
        raise ValidationError(
            {
                "award": _("Accessit inconnu « %(value)s » : choisir parmi %(choices)s.")
                % {"value": award, "choices": ", ".join(str(label) for label in Award.Kind.labels)}
            }
        )
    if not season_participants(season).filter(pk=player.pk).exists():
        raise ValidationError(
            {
                "player": _("%(player)s n'a joué aucune manche de la saison %(season)s : pas d'accessit.")
                % {"player": player, "season": season.name}
            }
        )
    if len(citation) > CITATION_MAX_LENGTH:
        raise ValidationError(
            {
                "citation": _("La citation est limitée à %(max)s caractères (%(n)s ici).")
                % {"max": CITATION_MAX_LENGTH, "n": len(citation)}
            }
        )


@transaction.atomic
def award_grant(
    *, season: Season, award: str, player: User, citation: str = "", by: User | None, now: datetime
) -> Award:
    """Give ``award`` to ``player`` (or change its citation if he already has it)."""
    citation = (citation or "").strip()
    season = Season.objects.select_for_update().get(pk=season.pk)
    _check(season, award, player, citation)
    existing = Award.objects.filter(season=season, award=award, player=player).first()
    if existing is not None:
        existing.citation = citation
        existing._history_user = by
        existing.save(update_fields=["citation"])
        given = existing
    else:
        given = Award(season=season, award=award, player=player, citation=citation)
        given._history_user = by
        given.save()
    invalidate(season)
    return given


@transaction.atomic
def award_revoke(*, award: Award, by: User | None, now: datetime) -> None:
    """Take an accessit back (a mistake, a change of mind before the palmarès is printed)."""
    season = Season.objects.select_for_update().get(pk=award.season_id)
    award._history_user = by
    award.delete()
    invalidate(season)

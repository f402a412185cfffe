"""A season's revision: bumped by every write that changes what its pages show.

Every cached reading of a season (each manche's outcome, the reports'
readings, the rendered pages) is keyed by ``Season.revision``, so bumping it is how a write
makes them stale. A write, so it lives with the services, not the selectors.
"""

import secrets
from functools import partial

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from .. import revision_cache
from ..models import Award, Manche, Registration, Season, Seat
from ..selectors.engine import current_revision


def invalidate(season: Season) -> None:
    """Mark every cached computation of this season stale (call it in any write that changes results).

    The revision grows by a random step rather than by one: a result computed
    inside a transaction that is later rolled back was cached under a number
    the next committed write (almost surely) skips.
    """
    step = 1 + secrets.randbelow(2**20)
    Season.objects.filter(pk=season.pk).update(revision=F("revision") + step)
    # Once the change is saved, the season is recomputed once, by a worker
    # (or here, with a cache private to this process); meanwhile the pages
    # show the previous result, marked as being updated. Announced now, so
    # that no reader finds the new revision before the recomputation is known.
    revision_cache.announce(season.pk, current_revision(season))
    transaction.on_commit(partial(_recompute, season.pk), robust=True)


def _recompute(season_pk: int) -> None:
    revision = Season.objects.filter(pk=season_pk).values_list("revision", flat=True).first()
    if revision is not None:
        revision_cache.schedule(season_pk, revision, now=timezone.now())


def invalidate_seasons_of(user) -> None:
    """A member's shown name changed: every season whose pages show it is rendered again.

    The pages are cached per revision; without this the old name would stay
    on them until the next result changed. A capitaine is named by his manches
    (their pages, the calendar feeds) even where he has no seat.
    """
    season_ids = (
        set(Registration.objects.filter(player=user).values_list("manche__season_id", flat=True))
        | set(Seat.objects.filter(player=user).values_list("manche__season_id", flat=True))
        | set(Manche.objects.filter(capitaine=user).values_list("season_id", flat=True))
        | set(Award.objects.filter(player=user).values_list("season_id", flat=True))
        | set(Season.objects.filter(president=user).values_list("pk", flat=True))
        | set(Season.objects.filter(vice_president=user).values_list("pk", flat=True))
    )
    for season in Season.objects.filter(pk__in=season_ids):
        invalidate(season)

"""Celery tasks of the league: thin, named, ids in, one domain call each.

The beat schedule lives in ``config/celery.py``. Every task here is safe to
run twice: what it sends is claimed once in ``league.notifications``; the
emails go out through the accounts outbox (``accounts.tasks``).
"""

from celery import shared_task
from django.utils import timezone

from . import revision_cache
from .services.calendar import manche_reminders_send
from .services.comptes_rendus import deadline_sweep


@shared_task(name="league.sweep_compte_rendu_deadlines", acks_late=True, soft_time_limit=240, time_limit=300)
def sweep_compte_rendu_deadlines() -> int:
    """Reminders before compte-rendu deadlines, notices when one passes or a judgement falls."""
    return deadline_sweep(now=timezone.now())


@shared_task(name="league.send_manche_reminders", acks_late=True, soft_time_limit=240, time_limit=300)
def send_manche_reminders() -> int:
    """Remind the seated players two days before each manche; each reminder is claimed once."""
    return manche_reminders_send(now=timezone.now())


@shared_task(name="league.recompute_season", acks_late=True, soft_time_limit=240, time_limit=300)
def recompute_season(season_id: int, revision: int) -> None:
    """A season's cached readings made again after a change (queued once the change commits)."""
    revision_cache.recompute(season_id, revision, now=timezone.now())

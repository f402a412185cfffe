"""Celery tasks of the league: thin, named, ids in, one domain call each.

The beat schedule lives in ``config/celery.py``. Every task here is safe to
run twice: what it sends is claimed once in ``league.notifications``.
"""

from smtplib import SMTPException

from celery import shared_task
from django.utils import timezone

from . import revision_cache
from .notifications import SEND_EMAIL_TASK, deliver, requeue_stalled
from .services.calendar import manche_reminders_send
from .services.comptes_rendus import deadline_sweep


@shared_task(name="league.sweep_compte_rendu_deadlines", acks_late=True, soft_time_limit=240, time_limit=300)
def sweep_compte_rendu_deadlines() -> int:
    """Reminders before compte-rendu deadlines, notices when one passes or a judgement falls."""
    return deadline_sweep(now=timezone.now())


@shared_task(
    name=SEND_EMAIL_TASK,
    acks_late=True,
    # A mail server that is down or refuses for a while: try again later,
    # 1, 2 then 4 minutes on (jittered); ``requeue_stalled_emails`` picks
    # up the emails still unsent five minutes later. SMTPException is an OSError,
    # like every socket failure.
    autoretry_for=(SMTPException, OSError),
    retry_backoff=60,
    retry_backoff_max=600,
    retry_jitter=True,
    max_retries=3,
    soft_time_limit=60,
    time_limit=90,
)
def send_notification_email(notification_id: int) -> bool:
    """Send the email of one claimed notification (``SentNotification`` id)."""
    return deliver(notification_id, now=timezone.now())


@shared_task(name="league.requeue_stalled_emails", acks_late=True, soft_time_limit=60, time_limit=90)
def requeue_stalled_emails() -> int:
    """Queue again the emails whose task was lost (a broker restart, a worker killed)."""
    return requeue_stalled(now=timezone.now())


@shared_task(name="league.send_manche_reminders", acks_late=True, soft_time_limit=240, time_limit=300)
def send_manche_reminders() -> int:
    """Remind the seated players two days before each manche; each reminder is claimed once."""
    return manche_reminders_send(now=timezone.now())


@shared_task(name="league.recompute_season", acks_late=True, soft_time_limit=240, time_limit=300)
def recompute_season(season_id: int, revision: int) -> None:
    """A season's cached readings made again after a change (queued once the change commits)."""
    revision_cache.recompute(season_id, revision, now=timezone.now())

"""The Celery application and its beat schedule (the only place periodic work is declared)."""

import os

from celery import Celery
from celery.schedules import crontab

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("tarot")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

app.conf.beat_schedule = {
    # Comptes-rendus: reminders before a deadline, notices when one passes.
    # Every 15 minutes; each notice is claimed once, so overlapping or late
    # sweeps never send twice (see league.notifications).
    "compte-rendu-deadline-sweep": {
        "task": "league.sweep_compte_rendu_deadlines",
        "schedule": crontab(minute="*/15"),
    },
    # Every email of the site is a row of the one outbox (accounts): those
    # whose task was lost (a broker restarted without persistence, a worker
    # killed) go out again within minutes. The broker is an optimisation of
    # delivery, the OutboxEmail rows are the truth.
    "requeue-stalled-emails": {
        "task": "accounts.requeue_stalled_emails",
        "schedule": crontab(minute="*/2"),
    },
    # Manche reminders, two days ahead; hourly is enough and each reminder
    # is sent once per player and manche.
    "manche-reminders": {
        "task": "league.send_manche_reminders",
        "schedule": crontab(minute=5),
    },
}

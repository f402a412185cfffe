"""A real Celery worker on the real broker sends the site's emails through the outbox (real-services pass only).

The test writes a season whose compte-rendu deadline has just passed into
the test database (committed, so another process sees it), starts
``celery worker`` as a subprocess on ``CELERY_BROKER_URL`` (Redis or
RabbitMQ: nothing here depends on which) and on that database, enqueues the
deadline sweep and waits, bounded, for the worker to send the emails. The
worker writes them to files, the only mailbox two processes share. The sweep
is enqueued twice: the second finds every notice already claimed. An
invitation (an accounts email) takes the same path: stored with the
invitation, queued when it commits, sent by the worker; an email whose task
was lost goes out when the requeue task runs on that worker.
"""

import os
import subprocess
import sys
import time
import uuid
from datetime import timedelta
from email import message_from_bytes, policy
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone

from tests.support.seasons import make_manche, make_season

pytestmark = [pytest.mark.real_broker, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
WAIT_SECONDS = 90


def database_url() -> str:
    """The test database (not the one in DATABASE_URL) for the worker."""
    db = connection.settings_dict
    if db["ENGINE"] == "django.db.backends.sqlite3":
        name = str(db["NAME"])
        if "memory" in name:
            pytest.skip("the worker cannot open an in-memory SQLite test database; use PostgreSQL")
        return f"sqlite:///{name}"
    user = db["USER"] or ""
    if db["PASSWORD"]:
        user += ":" + db["PASSWORD"]
    return f"postgres://{user}@{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/{db['NAME']}"


def sent_emails(folder: Path) -> list:
    """Every email the file backend wrote (several per file, separated by dashes)."""
    emails = []
    for path in sorted(folder.glob("*.log")):
        for chunk in path.read_bytes().split(b"-" * 79):
            if chunk.strip():
                emails.append(message_from_bytes(chunk.strip(), policy=policy.default))
    return emails


@pytest.fixture
def late_compte_rendu(make_user, president):
    """anne won manche 1 three weeks ago; manche 2 started an hour ago: her deadline has passed."""
    from league.models import Manche, QuickResult, Seat

    players = [president, *(make_user(name) for name in ("anne", "bruno", "carole", "denis"))]
    season = make_season("2099-2100", president=president)
    now = timezone.now()
    manche = make_manche(season, 1, starts_at=now - timedelta(days=21), status=Manche.Status.PLAYED)
    make_manche(season, 2, starts_at=now - timedelta(hours=1), status=Manche.Status.PLANNED)
    for position, (user, score) in enumerate(zip(players, (100, 300, 0, -150, -250), strict=True), start=1):
        Seat.objects.create(manche=manche, player=user, position=position)
        QuickResult.objects.create(manche=manche, player=user, score=score)
    return manche


@pytest.fixture
def worker(tmp_path):
    """A ``celery worker`` subprocess consuming a queue of its own; yields (queue, mail folder)."""
    queue = f"tarot-test-{uuid.uuid4().hex[:8]}"
    mailbox = tmp_path / "mail"
    mailbox.mkdir()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
        "CELERY_TASK_DEFAULT_QUEUE": queue,
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "CACHE_URL": "dummy://",
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(mailbox),
    }
    log = (tmp_path / "worker.log").open("w")
    celery = Path(sys.executable).with_name("celery")
    process = subprocess.Popen(
        [
            str(celery),
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "-Q",
            queue,
            "--without-mingle",
            "--without-gossip",
            "--loglevel=INFO",
            f"--hostname={queue}@%h",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        yield queue, mailbox, tmp_path / "worker.log"
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
        # Leave no queue behind on the broker.
        from config.celery import app

        with app.connection_for_write() as conn:
            try:
                conn.default_channel.queue_delete(queue)
            except Exception:  # noqa: BLE001, S110 - best effort; the filesystem or Redis may not need it
                pass


def test_real_worker_sends_each_deadline_notice_once(late_compte_rendu, worker):
    from accounts.models import OutboxEmail
    from league.tasks import sweep_compte_rendu_deadlines

    queue, mailbox, log = worker
    sweep_compte_rendu_deadlines.apply_async(queue=queue)
    sweep_compte_rendu_deadlines.apply_async(queue=queue)
    deadline = time.monotonic() + WAIT_SECONDS
    emails = []
    while time.monotonic() < deadline:
        emails = sent_emails(mailbox)
        sent = OutboxEmail.objects.filter(sent_at__isnull=False).count()
        if len(emails) >= 2 and sent >= 2:
            break
        time.sleep(0.5)
    time.sleep(2)  # let a wrongly duplicated email show up before counting
    emails = sent_emails(mailbox)
    assert sorted(str(e["To"]) for e in emails) == ["anne@example.org", "ben@example.org"], log.read_text()[
        -4000:
    ]
    subjects = sorted(str(e["Subject"]) for e in emails)
    assert subjects == [
        "Manche 1 : compte-rendu en retard (Anne), 0,5 point de malus",
        "Manche 1 : compte-rendu en retard, 0,5 point de malus",
    ]
    assert OutboxEmail.objects.filter(sent_at__isnull=False).count() == 2


def wait_for_emails(mailbox: Path, count: int) -> list:
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline and len(sent_emails(mailbox)) < count:
        time.sleep(0.5)
    time.sleep(2)  # let a wrongly duplicated email show up before counting
    return sent_emails(mailbox)


def test_real_worker_sends_an_invitation_once_and_a_stalled_email_when_requeued(president, worker):
    """An accounts email rides the same outbox as the league's: queued on commit, sent once by the worker."""
    from accounts.models import OutboxEmail
    from accounts.services.invitations import invitation_create
    from accounts.tasks import requeue_stalled_emails
    from config.celery import app

    queue, mailbox, log = worker
    previous = app.conf.task_default_queue
    app.conf.task_default_queue = queue  # what this process queues on commit goes to that worker
    try:
        invitation_create(
            by=president, email="zoe@example.org", username="zoe", display_name="Zoé", now=timezone.now()
        )
    finally:
        app.conf.task_default_queue = previous
    emails = wait_for_emails(mailbox, 1)
    assert [str(e["To"]) for e in emails] == ["zoe@example.org"], log.read_text()[-4000:]
    assert [e.sent_at is not None for e in OutboxEmail.objects.all()] == [True]

    # A task lost with the broker: the row waits, unsent; the requeue on the worker sends it, once.
    long_ago = timezone.now() - timedelta(minutes=10)
    OutboxEmail.objects.create(
        to=["anne@example.org"],
        subject="Perdu puis retrouvé",
        text="…",
        created_at=long_ago,
        queued_at=long_ago,
    )
    requeue_stalled_emails.apply_async(queue=queue)
    requeue_stalled_emails.apply_async(queue=queue)
    emails = wait_for_emails(mailbox, 2)
    assert sorted(str(e["To"]) for e in emails) == ["anne@example.org", "zoe@example.org"], log.read_text()[
        -4000:
    ]
    assert not OutboxEmail.objects.filter(sent_at__isnull=True).exists()

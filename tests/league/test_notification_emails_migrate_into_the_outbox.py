"""Upgrading moves every notification email into the outbox: the sent stay sent, the unsent go out, none is lost."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [
    ("league", "0008_history_reason_text_for_contests"),
    ("accounts", "0004_history_reason_text_short_id_end"),
]
AFTER = [("league", "0010_notification_email_fields_gone"), ("accounts", "0005_outbox_email")]
CLAIMED = datetime(2025, 11, 19, 10, 0, tzinfo=ZoneInfo("Europe/Paris"))


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def back_to_latest():
    yield
    executor = MigrationExecutor(connection)
    migrate(executor.loader.graph.leaf_nodes())


def test_sent_and_unsent_notification_emails_reach_the_outbox(back_to_latest):
    old = migrate(BEFORE)
    User = old.get_model("accounts", "User")
    SentNotification = old.get_model("league", "SentNotification")
    anne = User.objects.create(username="anne", email="anne@example.org", display_name="Anne")
    bruno = User.objects.create(username="bruno", email="bruno@example.org", display_name="Bruno")
    common = {"recipient": anne, "claimed_at": CLAIMED, "email_text": "texte", "email_html": "<p>texte</p>"}
    SentNotification.objects.create(key="sent", email_subject="Parti", sent_at=CLAIMED, **common)
    SentNotification.objects.create(key="unsent", email_subject="En attente", **common)
    SentNotification.objects.create(key="no-email", email_subject="", recipient=bruno, claimed_at=CLAIMED)

    new = migrate(AFTER)
    OutboxEmail = new.get_model("accounts", "OutboxEmail")
    emails = {e.key: e for e in OutboxEmail.objects.all()}
    assert sorted(emails) == ["sent", "unsent"]
    assert emails["sent"].sent_at == CLAIMED and emails["sent"].subject == "Parti"
    unsent = emails["unsent"]
    assert unsent.sent_at is None and unsent.to == ["anne@example.org"]
    assert (unsent.subject, unsent.text, unsent.html) == ("En attente", "texte", "<p>texte</p>")
    assert new.get_model("league", "SentNotification").objects.count() == 3  # the keys stay claimed

    # The beat's next requeue sends the one left unsent (the task runs in-process here).
    from accounts.services.outbox import requeue_stalled

    assert requeue_stalled(now=CLAIMED + timedelta(minutes=5)) == 1
    assert [(m.to, m.subject) for m in mail.outbox] == [(["anne@example.org"], "En attente")]

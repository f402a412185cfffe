"""Every notification email moves into the one outbox (``accounts.OutboxEmail``), under its key.

Sent ones keep their ``sent_at`` (a record, and the key stays taken); unsent
ones keep their claim time as their queue time, so the beat's requeue sends
them within minutes (an old task still naming ``league.send_notification_email``
is no longer registered: the requeue replaces it). Nothing is lost.
"""

from django.db import migrations


def emails_into_the_outbox(apps, schema_editor):
    SentNotification = apps.get_model("league", "SentNotification")
    OutboxEmail = apps.get_model("accounts", "OutboxEmail")
    taken = set(OutboxEmail.objects.values_list("key", flat=True))
    rows = []
    for notification in SentNotification.objects.exclude(email_subject="").select_related("recipient").iterator():
        if notification.key in taken or not notification.recipient.email:
            continue
        rows.append(
            OutboxEmail(
                key=notification.key,
                to=[notification.recipient.email],
                subject=notification.email_subject,
                text=notification.email_text,
                html=notification.email_html,
                created_at=notification.claimed_at,
                queued_at=notification.claimed_at,
                sent_at=notification.sent_at,
                attempts=1 if notification.sent_at else 0,
            )
        )
    OutboxEmail.objects.bulk_create(rows, batch_size=500)


def emails_back(apps, schema_editor):
    SentNotification = apps.get_model("league", "SentNotification")
    OutboxEmail = apps.get_model("accounts", "OutboxEmail")
    for email in OutboxEmail.objects.filter(key__isnull=False).iterator():
        SentNotification.objects.filter(key=email.key).update(
            email_subject=email.subject, email_text=email.text, email_html=email.html, sent_at=email.sent_at
        )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0005_outbox_email"),
        ("league", "0008_history_reason_text_for_contests"),
    ]

    operations = [
        migrations.RunPython(emails_into_the_outbox, emails_back),
    ]

"""The notification's email now lives in the outbox (moved by 0009): its copy here goes."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0009_notification_emails_into_the_outbox"),
    ]

    operations = [
        migrations.RemoveField(model_name="sentnotification", name="email_html"),
        migrations.RemoveField(model_name="sentnotification", name="email_subject"),
        migrations.RemoveField(model_name="sentnotification", name="email_text"),
        migrations.RemoveField(model_name="sentnotification", name="sent_at"),
    ]

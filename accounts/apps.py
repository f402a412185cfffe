from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Comptes")

    def ready(self):
        # Register the outbox's Celery tasks in every process (web and
        # worker): the outbox queues them by name, so nothing else imports them.
        from . import tasks  # noqa: F401

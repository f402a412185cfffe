"""The accounts app's configuration."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Comptes")

    def ready(self):
        from django.contrib.auth.signals import user_logged_in, user_login_failed
        from django.db.backends.signals import connection_created

        # Register the outbox's Celery tasks in every process (web and
        # worker): the outbox queues them by name, so nothing else imports them.
        from . import tasks  # noqa: F401

        # The per-account cap on login guesses counts every failure and
        # remembers the addresses each member signs in from.
        from .login_guard import on_logged_in, on_login_failed

        user_login_failed.connect(on_login_failed, dispatch_uid="accounts.login_guard.failed")
        user_logged_in.connect(on_logged_in, dispatch_uid="accounts.login_guard.logged_in")

        # Members are listed by name under a collation SQLite does not have by itself.
        from .name_order import give_sqlite_the_collation

        connection_created.connect(give_sqlite_the_collation, dispatch_uid="accounts.name_order")

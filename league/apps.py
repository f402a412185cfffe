"""The league app's configuration."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = _("Championnat")

    def ready(self):
        # Register the Celery tasks in every process (web and worker): the
        # notifications queue them by name, so nothing else imports them.
        from . import tasks  # noqa: F401

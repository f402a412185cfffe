"""The reports app's configuration."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReportsConfig(AppConfig):
    name = "reports"
    verbose_name = _("Classements et palmarès")

    def ready(self):
        from league import revision_cache

        from .selectors import readings
        from .views import standings

        # The reports' readings are made again with the engine's result after a
        # change, and the standings page's shared part rendered from them.
        revision_cache.register_refresh(readings.refresh)
        revision_cache.register_refresh(standings.prerender)

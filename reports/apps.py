"""The reports app's configuration."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReportsConfig(AppConfig):
    name = "reports"
    verbose_name = _("Classements et palmarès")

    def ready(self):
        from league import revision_cache
        from league.selectors import engine

        from .selectors import readings
        from .views import standings

        # The reports' readings are made with the engine's in the same pass (the
        # result itself is never cached), and after a change the standings
        # page's shared part is rendered from them.
        engine.register_digest(readings.digest)
        revision_cache.register_refresh(standings.prerender)

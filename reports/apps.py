from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReportsConfig(AppConfig):
    name = "reports"
    verbose_name = _("Classements et palmarès")

    def ready(self):
        from league import revision_cache

        from .selectors import readings

        # The reports' readings are made again with the engine's result after a change.
        revision_cache.register_refresh(readings.refresh)

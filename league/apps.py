"""The league app's configuration."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = _("Championnat")

    def ready(self):
        # Register the Celery tasks in every process (web and worker): the
        # notifications queue them by name, so nothing else imports them.
        from . import revision_cache, tasks
        from .selectors import comptes_rendus, engine

        # After a change, a worker recomputes the season once (the web
        # processes serve the previous result meanwhile).
        revision_cache.register_dispatcher(
            lambda season_id, revision: tasks.recompute_season.delay(season_id, revision)
        )
        revision_cache.register_refresh(engine.refresh)
        # Then, from the engine's readings, which manches' comptes-rendus the home page and
        # the President's inbox list.
        revision_cache.register_refresh(comptes_rendus.refresh_deadlines)

        # A member renamed: the cached pages showing his name are rendered again.
        from accounts.signals import display_name_changed

        from .services.revision import invalidate_seasons_of

        display_name_changed.connect(
            lambda sender, user, **kwargs: invalidate_seasons_of(user),
            weak=False,
            dispatch_uid="league-renamed",
        )

        # A member who left: his sign-ups to the manches still to play are withdrawn (the waiting
        # players promoted), and the President is told so before.
        from accounts.signals import deactivation_effects, member_deactivated

        from .services.registrations import departure_effects, member_departed

        member_deactivated.connect(
            lambda sender, user, by, now, **kwargs: member_departed(player=user, by=by, now=now),
            weak=False,
            dispatch_uid="league-member-departed",
        )
        deactivation_effects.connect(
            lambda sender, user, now, **kwargs: departure_effects(user, now=now),
            weak=False,
            dispatch_uid="league-departure-effects",
        )

"""The President's desk: the coming manches of the seasons he manages, with what needs doing (rules in ``selectors.dashboard``)."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from accounts.forms.common import rendered_once
from config.remembered import rendered

from ..forms.seasons import (
    OpenRegistrationsForm,
)
from ..permissions import Action, can
from ..presentation import inbox_html
from ..selectors.dashboard import desk_reading, managed_seasons
from ..selectors.inbox import president_inbox


@login_required
@require_GET
def president_dashboard(request):
    seasons = managed_seasons(request.user)
    if not seasons and not can(request.user, Action.CREATE_SEASON):
        raise PermissionDenied
    now = timezone.now()
    # The coming manches and those to open, read at once.
    reading = desk_reading(seasons, now=now)
    coming = reading.desk
    # Rendered once per what its rows show: through templates, 34 rows were a third of the page.
    desk_html = rendered(
        "league/seasons/_desk.html",
        # The next two weeks in view; the next later manches folded away.
        {"desk": coming, "row_groups": [(True, coming.soon), (False, coming.later)], "seasons": seasons},
        shown=[coming.shown(), [season.name for season in seasons]],
    )
    inbox = president_inbox(request.user, now=now, seasons=seasons, coming=coming.manches)
    season_forms = []
    for season in seasons:
        to_open = reading.to_open[season.pk]
        form = OpenRegistrationsForm(season=season, offered=to_open.shown, unshown=to_open.unshown)
        # Its checkboxes rendered once per what they offer: through Django's widget templates,
        # twelve were a tenth of the desk.
        form.choices_html = rendered_once("league/seasons/_open_registrations_choices.html", form)
        season_forms.append((season, form))
    # A season with a manche read has manches; only another one is asked whether it has any
    # (to offer generating its calendar).
    read = {manche.season_id for manche in coming.manches} | {
        season.pk for season in seasons if reading.to_open[season.pk].shown
    }
    empty = {season.pk for season in seasons if season.pk not in read and not season.manches.exists()}
    return render(
        request,
        "league/seasons/dashboard.html",
        {
            "seasons": seasons,
            "empty_seasons": empty,
            "desk": coming,
            "desk_html": desk_html,
            "inbox": inbox,
            "inbox_html": inbox_html(inbox),
            "can_create": can(request.user, Action.CREATE_SEASON),
            "season_forms": season_forms,
        },
    )

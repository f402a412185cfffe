"""The President's desk: the coming manches of the seasons he manages, with what needs doing (rules in ``selectors.dashboard``)."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from ..forms.seasons import (
    OpenRegistrationsForm,
)
from ..permissions import Action, can
from ..selectors.dashboard import desk, managed_seasons
from ..selectors.inbox import president_inbox

#: How many planned manches the desk offers to open registrations for, soonest first (the
#: season page, a page of manches at a time, offers every one).
OPENED_SHOWN = 12


@login_required
@require_GET
def president_dashboard(request):
    seasons = managed_seasons(request.user)
    if not seasons and not can(request.user, Action.CREATE_SEASON):
        raise PermissionDenied
    now = timezone.now()
    coming = desk(seasons, now=now)
    return render(
        request,
        "league/seasons/dashboard.html",
        {
            "seasons": seasons,
            "desk": coming,
            # The next two weeks in view; the next later manches folded away.
            "row_groups": [(True, coming.soon), (False, coming.later)],
            "inbox": president_inbox(request.user, now=now, seasons=seasons, coming=coming.manches),
            "can_create": can(request.user, Action.CREATE_SEASON),
            "season_forms": [(s, OpenRegistrationsForm(season=s, soonest=OPENED_SHOWN)) for s in seasons],
        },
    )

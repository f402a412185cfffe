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
from ..selectors.dashboard import SOON, desk_rows, managed_seasons
from ..selectors.inbox import president_inbox


@login_required
@require_GET
def president_dashboard(request):
    seasons = managed_seasons(request.user)
    if not seasons and not can(request.user, Action.CREATE_SEASON):
        raise PermissionDenied
    now = timezone.now()
    rows = desk_rows(seasons, now=now)
    return render(
        request,
        "league/seasons/dashboard.html",
        {
            "seasons": seasons,
            "rows": rows,
            # The next two weeks in view; later manches folded away.
            "row_groups": [
                (True, [r for r in rows if r["manche"].starts_at <= now + SOON]),
                (False, [r for r in rows if r["manche"].starts_at > now + SOON]),
            ],
            "inbox": president_inbox(
                request.user, now=now, seasons=seasons, coming=[r["manche"] for r in rows]
            ),
            "can_create": can(request.user, Action.CREATE_SEASON),
            "season_forms": [(s, OpenRegistrationsForm(season=s)) for s in seasons],
        },
    )

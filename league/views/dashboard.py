"""The President's desk: the coming manches of the seasons he manages, with what needs doing (rules in ``selectors.dashboard``)."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from ..forms.seasons import (
    OpenRegistrationsForm,
)
from ..models import Season
from ..permissions import Action, can
from ..selectors.dashboard import desk_rows


@login_required
@require_GET
def president_dashboard(request):
    seasons = [
        s
        for s in Season.objects.exclude(state=Season.State.CLOSED).select_related(
            "president", "vice_president"
        )
        if can(request.user, Action.MANAGE_SEASON, s)
    ]
    if not seasons and not can(request.user, Action.CREATE_SEASON):
        raise PermissionDenied
    rows = desk_rows(seasons, now=timezone.now())
    return render(
        request,
        "league/seasons/dashboard.html",
        {
            "seasons": seasons,
            "rows": rows,
            "lacking": sum(1 for r in rows if r["lacking"]),
            "can_create": can(request.user, Action.CREATE_SEASON),
            "season_forms": [(s, OpenRegistrationsForm(season=s)) for s in seasons],
        },
    )

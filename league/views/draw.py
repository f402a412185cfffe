"""View of the draw: the jetons drawn for the seated players of a manche."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.forms.common import add_service_errors, rendered_once
from accounts.models import JetonColour
from config.typography import colon

from ..forms.seasons import (
    DrawForm,
)
from ..permissions import Action, require
from ..selectors import registrations as registration_reads
from ..selectors.draw import draw_ready
from ..selectors.seasons import manche_or_404
from ..services import draw as draw_services


@login_required
@require_http_methods(["GET", "POST"])
def draw(request, season_name: str, number: int):
    manche = manche_or_404(season_name, number)
    require(request.user, Action.RUN_DRAW, manche)
    players = [r.player for r in registration_reads.seated(manche)]
    form = DrawForm(request.POST or None, players=players)
    if request.method == "POST" and form.is_valid():
        try:
            picks = draw_services.draw_run(
                by=request.user, manche=manche, arrival=form.arrival(), host=form.host(), now=timezone.now()
            )
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            summary = ", ".join(f"{p.player}{colon()} {JetonColour(p.colour).label.lower()}" for p in picks)
            messages.success(
                request, _("Tirage fait (ordre de pioche) — %(summary)s.") % {"summary": summary}
            )
            return redirect(manche)
    ready = draw_ready(manche, len(players))
    return render(
        request,
        "league/seasons/draw.html",
        {
            "season": manche.season,
            "manche": manche,
            "form": form,
            # Its six selects of the table's players, through crispy's templates, were a third of the page.
            "fields": rendered_once("accounts/_crispy_form.html", form) if ready else None,
            "players": players,
            "ready": ready,
        },
    )

"""The phone's queue of donnes entered offline, sent in order once the network is back.

Answers are JSON for ``static/js/sheet_offline.js``: ``saved`` (with the
donne's index and the sheet's new version; a resend of a donne already on
the sheet is saved once, ``replayed``), ``stale`` (another device changed
the sheet since the phone saw it: nothing saved, the capitaine chooses),
``invalid`` (the form's or the engine's messages, shown next to that donne).
"""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import JsonResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..forms.sheet import DonneForm
from ..models import SheetConflict
from ..permissions import Action, require
from ..selectors.seasons import manche_or_404
from ..selectors.sheet import sheet_state
from ..services import sheet as services
from .common import donne_saved_message, form_messages

# A phone keeps at most a night's worth of donnes; a summary is one line of the sheet.
MAX_QUEUED = 60
MAX_SUMMARY = 300


def _invalid(messages: list[str]) -> JsonResponse:
    return JsonResponse({"status": "invalid", "errors": messages}, status=422)


@login_required
@require_POST
def donne_sync(request, season_name: str, number: int):
    """One queued donne, sent with the id the phone gave it and the sheet version it was entered against."""
    manche = manche_or_404(season_name, number)
    require(request.user, Action.EDIT_SHEET, manche)
    form = DonneForm.for_sheet(sheet_state(manche), request.POST, version=manche.sheet_version)
    if not form.is_valid():
        return _invalid(form_messages(form))
    if form.cleaned_data.get("client_id") is None:
        return _invalid([_("Identifiant de saisie manquant : rechargez la feuille.")])
    try:
        donne = services.donne_add(
            manche=manche,
            data=form.to_data(),
            by=request.user,
            seen_version=form.cleaned_data["sheet_version"],
            now=timezone.now(),
            client_id=form.cleaned_data["client_id"],
        )
    except services.StaleSheet as error:
        manche.refresh_from_db()
        return JsonResponse(
            {"status": "stale", "version": manche.sheet_version, "errors": error.messages}, status=409
        )
    except ValidationError as error:
        form.add_engine_errors(error)
        return _invalid(form_messages(form))
    manche.refresh_from_db()
    return JsonResponse(
        {
            "status": "saved",
            "index": donne.index,
            "replayed": donne.replayed,
            "version": manche.sheet_version,
            "message": donne_saved_message(donne),
        }
    )


def _queued(raw: str) -> list[dict] | None:
    """The phone's donnes as it lists them (``[{"client_id", "summary"}]``); None when unreadable."""
    try:
        items = json.loads(raw)
    except (TypeError, ValueError):
        return None
    if not isinstance(items, list) or not 0 < len(items) <= MAX_QUEUED:
        return None
    kept = []
    for item in items:
        if not isinstance(item, dict):
            return None
        kept.append(
            {
                "client_id": str(item.get("client_id", ""))[:40],
                "summary": str(item.get("summary", ""))[:MAX_SUMMARY],
            }
        )
    return kept


@login_required
@require_POST
def conflict(request, season_name: str, number: int):
    """The capitaine's choice between his phone's offline donnes and the sheet another device changed."""
    manche = manche_or_404(season_name, number)
    require(request.user, Action.EDIT_SHEET, manche)
    choice = request.POST.get("choice", "")
    donnes = _queued(request.POST.get("donnes", ""))
    try:
        seen = int(request.POST.get("seen_version", ""))
    except ValueError:
        seen = None
    if choice not in SheetConflict.Choice.values or donnes is None or seen is None or seen < 0:
        return _invalid([_("Choix illisible : rechargez la feuille et recommencez.")])
    try:
        services.conflict_record(
            manche=manche,
            choice=choice,
            donnes=donnes,
            seen_version=seen,
            by=request.user,
            now=timezone.now(),
        )
    except ValidationError as error:
        return _invalid(list(error.messages))
    manche.refresh_from_db()
    return JsonResponse({"status": "recorded", "version": manche.sheet_version})

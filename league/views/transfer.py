"""The President's season import (upload, check, confirm) and the season download.

Import is two steps: the uploaded document is checked in full (nothing is
written) and the page shows what the import will create, or every problem
as ``path: message``; the President then confirms. Between the two steps
the document waits in a private file named by a random token kept in the
President's session, so a large season is not sent back and forth.
"""

import secrets
import tempfile
import time
from pathlib import Path

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.cache import get_conditional_response
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from ..limits import UPLOAD_IMPORT
from ..models import Season
from ..permissions import Action, can, require
from ..selectors.seasons import season_or_404
from ..services.season_download import open_season_download
from ..services.transfer import ImportRefused, import_check, import_season

SESSION_KEY = "league.season_import"
PENDING_MAX_AGE = 24 * 3600


class SeasonImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Fichier de la saison (JSON)"))
    replace = forms.BooleanField(
        label=gettext_lazy("Remplacer la saison de même nom si elle existe"),
        required=False,
        help_text=gettext_lazy(
            "Ses manches, feuilles, comptes-rendus, inscriptions et trophées seront supprimés."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["file"].help_text = _(
            "Un document au format d'échange des saisons, par exemple un export de ce site : "
            "%(mb)s Mo et %(manches)s manches au plus. Une saison plus grande s'importe "
            "en ligne de commande (manage.py import_season)."
        ) % {"mb": UPLOAD_IMPORT.document_mb, "manches": UPLOAD_IMPORT.manches}

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > UPLOAD_IMPORT.document_mb * 2**20:
            raise forms.ValidationError(
                _("Le fichier dépasse %(mb)s Mo.") % {"mb": UPLOAD_IMPORT.document_mb}
            )
        return upload


def _pending_dir() -> Path:
    base = getattr(settings, "SEASON_IMPORT_DIR", None)
    path = Path(base) if base else Path(tempfile.gettempdir()) / "tarot-season-imports"
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def _pending_path(token: str) -> Path:
    return _pending_dir() / f"{token}.json"


def _forget_stale() -> None:
    limit = time.time() - PENDING_MAX_AGE
    for path in _pending_dir().glob("*.json"):
        try:
            if path.stat().st_mtime < limit:
                path.unlink()
        except OSError:
            pass


def _problem_lines(exc: ImportRefused) -> list[tuple[str, str]]:
    return [(p.field, p.message.render(_)) for p in exc.problems]


@login_required
@require_http_methods(["GET", "POST"])
def season_import(request):
    require(request.user, Action.IMPORT_SEASON)
    context = {
        "seasons": [s for s in Season.objects.order_by("-name") if can(request.user, Action.EXPORT_SEASON, s)]
    }
    if request.method == "POST" and request.POST.get("step") == "confirm":
        return _confirm(request)
    if request.method == "POST" and request.POST.get("step") == "cancel":
        _discard(request)
        messages.info(request, _("Import abandonné : rien n'a été modifié."))
        return redirect("league:season_import")
    files = request.FILES.copy()
    if "file" not in files and "document" in files:  # the name a script may use
        files["file"] = files["document"]
    form = SeasonImportForm(request.POST or None, files or None)
    if request.method == "POST" and form.is_valid():
        raw = form.cleaned_data["file"].read()
        replace = form.cleaned_data["replace"]
        try:
            _parsed, summary = import_check(document=raw, replace=replace, limits=UPLOAD_IMPORT)
        except ImportRefused as exc:
            context.update(form=form, problems=_problem_lines(exc), filename=form.cleaned_data["file"].name)
            return render(request, "league/transfer/import.html", context, status=422)
        _discard(request)
        _forget_stale()
        token = secrets.token_urlsafe(24)
        _pending_path(token).write_bytes(raw)
        request.session[SESSION_KEY] = {"token": token, "replace": replace, "name": summary.name}
        context.update(summary=summary, token=token, filename=form.cleaned_data["file"].name)
        return render(request, "league/transfer/confirm.html", context)
    context["form"] = form
    return render(request, "league/transfer/import.html", context)


def _discard(request) -> None:
    pending = request.session.pop(SESSION_KEY, None)
    if pending:
        _pending_path(pending["token"]).unlink(missing_ok=True)


def _confirm(request):
    pending = request.session.get(SESSION_KEY)
    if not pending or not secrets.compare_digest(pending["token"], request.POST.get("token", "")):
        messages.error(request, _("Cet import n'est plus en attente : déposez le fichier à nouveau."))
        return redirect("league:season_import")
    path = _pending_path(pending["token"])
    if not path.exists():
        request.session.pop(SESSION_KEY, None)
        messages.error(request, _("Le fichier déposé a expiré : déposez-le à nouveau."))
        return redirect("league:season_import")
    try:
        season = import_season(
            document=path.read_bytes(),
            replace=pending["replace"],
            by=request.user,
            now=timezone.now(),
            limits=UPLOAD_IMPORT,
        )
    except ImportRefused as exc:  # the database changed since the check (a season of that name appeared)
        _discard(request)
        context = {"form": SeasonImportForm(), "problems": _problem_lines(exc), "seasons": []}
        return render(request, "league/transfer/import.html", context, status=409)
    _discard(request)
    messages.success(request, _("Saison %(name)s importée.") % {"name": season.name})
    return redirect(season)


@login_required
@require_GET
def season_export(request, season_name: str):
    """The season's document as of now, from the file kept per revision
    (:mod:`..services.season_download`), or 304 to a client that holds its bytes (a
    backup script's ``If-None-Match``). Private: the browser may keep it, asking again."""
    season = season_or_404(season_name)
    require(request.user, Action.EXPORT_SEASON, season)
    download = open_season_download(season, now=timezone.now())
    headers = {"ETag": download.etag, "Cache-Control": "private, no-cache"}
    held = get_conditional_response(request, etag=download.etag)
    if held is not None:
        download.file.close()
        for name, value in headers.items():
            held[name] = value
        return held
    return FileResponse(
        download.file,
        as_attachment=True,
        filename=f"saison-{season.name}.json",
        content_type="application/json; charset=utf-8",
        headers=headers,
    )

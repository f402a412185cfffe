"""Views of the calendar area: a season's manches by month, generating the calendar, adding, moving and cancelling a manche, opening registrations."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.forms.common import add_service_errors, rendered_once

from ..forms.seasons import (
    CalendarGenerateForm,
    CancelForm,
    CapitaineForm,
    MancheForm,
    OpenRegistrationsForm,
)
from ..models import Season
from ..permissions import Action, can, require
from ..rules import calendar as cal
from ..selectors.seasons import current_season, manche_or_404, manche_page, manche_rows, season_or_404
from ..services import calendar as calendar_services
from .common import error_text, no_season, with_row_html


@require_GET
def calendar_current(request):
    season = current_season()
    if season is None:
        return no_season(request)
    return redirect("league:calendar", season_name=season.name)


def _feed_urls(request, season: Season | None) -> dict:
    def webcal(url: str) -> str:
        absolute = request.build_absolute_uri(url)
        return "webcal://" + absolute.split("://", 1)[1]

    urls = {}
    if season is not None:
        url = reverse("feeds:season", args=[season.name])
        urls["season"] = request.build_absolute_uri(url)
        urls["season_webcal"] = webcal(url)
    if request.user.is_authenticated:
        url = reverse("feeds:personal", args=[request.user.calendar_token])
        urls["personal"] = request.build_absolute_uri(url)
        urls["personal_webcal"] = webcal(url)
    return urls


@require_GET
def calendar(request, season_name: str):
    season = season_or_404(season_name)
    now = timezone.now()
    page = manche_page(season, request.GET.get("page"), now=now)
    rows = with_row_html(
        season,
        manche_rows(season, request.user, page.object_list, now=now),
        "league/seasons/_calendar_row.html",
    )
    return render(
        request,
        "league/seasons/calendar.html",
        {
            "season": season,
            "months": _months(rows),
            "page": page,
            "feeds": _feed_urls(request, season),
            "is_officer": can(request.user, Action.MANAGE_SEASON, season),
        },
    )


def _months(rows: list[dict]) -> SafeString:
    """A page of the calendar: each month's title, then its manches' lines, each row's kept
    pieces (:func:`with_row_html`) joined here with the reader's own place. Through the
    template, each line's lookups and tags were a seventh of a signed-in reader's page."""
    places = {
        "seated": format_html('<div class="small text-success">{}</div>', _("vous jouez")),
        "waiting": format_html('<div class="small text-info">{}</div>', _("liste d'attente")),
    }
    parts, month = [], None
    for row in rows:
        local = timezone.localtime(row["manche"].starts_at)
        if (local.year, local.month) != month:
            if month is not None:
                parts.append("  </ul>\n")
            month = (local.year, local.month)
            parts.append(
                format_html(
                    '  <h2 class="h6 text-uppercase text-muted mt-3">{}</h2>\n  <ul class="list-group mb-2">\n',
                    formats.date_format(local, "F Y"),
                )
            )
        cells, side = row["html"]
        mine = row["mine"]
        parts.append(
            '    <li class="list-group-item d-flex justify-content-between align-items-center'
            f'{" me-row" if mine else ""}">\n      {cells}\n      <div class="text-end">\n        {side}\n'
            f"        {places.get(mine, '')}\n      </div>\n    </li>\n"
        )
    if month is not None:
        parts.append("  </ul>\n")
    return mark_safe("".join(parts))  # noqa: S308 (kept pieces rendered by our template; titles and places escaped)


@login_required
@require_http_methods(["GET", "POST"])
def calendar_generate(request, season_name: str):
    season = season_or_404(season_name)
    require(request.user, Action.MANAGE_SEASON, season)
    form = CalendarGenerateForm(
        request.POST or request.GET or None, initial={"location": season.default_location}
    )
    preview, preview_error = [], None
    if form.is_bound and form.is_valid():
        try:
            preview = calendar_services.calendar_preview(season, form.options())
        except ValidationError as exc:
            preview_error = error_text(exc)
    if request.method == "POST" and form.is_valid() and "confirm" in request.POST:
        try:
            manches = calendar_services.calendar_generate(
                by=request.user,
                season=season,
                start_in_august=form.cleaned_data["start_in_august"],
                end_in_july=form.cleaned_data["end_in_july"],
                location=form.cleaned_data["location"],
                now=timezone.now(),
            )
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            messages.success(request, _("%(count)s manches créées.") % {"count": len(manches)})
            return redirect(season)
    if not form.is_bound:
        preview = calendar_services.calendar_preview(season, cal.CalendarOptions())
    return render(
        request,
        "league/seasons/generate.html",
        {
            "season": season,
            "form": form,
            "preview": preview,
            "preview_error": preview_error,
            "has_manches": season.manches.exists(),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def manche_add(request, season_name: str):
    season = season_or_404(season_name)
    require(request.user, Action.MANAGE_SEASON, season)
    form = MancheForm(request.POST or None, initial={"location": season.default_location})
    if request.method == "POST" and form.is_valid():
        try:
            manche = calendar_services.manche_add(
                by=request.user,
                season=season,
                starts_at=form.starts_at(),
                location=form.cleaned_data["location"],
                now=timezone.now(),
            )
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            messages.success(request, _("Manche %(n)s ajoutée.") % {"n": manche.number})
            return redirect(manche)
    return render(
        request, "league/seasons/manche_form.html", {"season": season, "form": form, "adding": True}
    )


@login_required
@require_http_methods(["GET", "POST"])
def manche_edit(request, season_name: str, number: int):
    """Move a manche (date, time, place) and designate its capitaine."""
    manche = manche_or_404(season_name, number)
    season = manche.season
    require(request.user, Action.MANAGE_SEASON, season)
    posted = request.POST if request.method == "POST" else None
    which = (posted or {}).get("form")
    move_form = MancheForm(posted if which == "move" else None, initial=MancheForm.initial_for(manche))
    capitaine_form = CapitaineForm(
        posted if which == "capitaine" else None, initial={"capitaine": manche.capitaine_id}
    )
    now = timezone.now()
    if which == "move" and move_form.is_valid():
        try:
            calendar_services.manche_move(
                by=request.user,
                manche=manche,
                starts_at=move_form.starts_at(),
                location=move_form.cleaned_data["location"],
                now=now,
            )
        except ValidationError as exc:
            add_service_errors(move_form, exc)
        else:
            messages.success(request, _("Manche déplacée ; les inscrits sont prévenus par e-mail."))
            return redirect(manche)
    if which == "capitaine" and capitaine_form.is_valid():
        try:
            calendar_services.manche_set_capitaine(
                by=request.user, manche=manche, capitaine=capitaine_form.cleaned_data["capitaine"], now=now
            )
        except ValidationError as exc:
            add_service_errors(capitaine_form, exc)
        else:
            messages.success(request, _("Capitaine de soirée enregistré."))
            return redirect(manche)
    return render(
        request,
        "league/seasons/manche_form.html",
        {
            "season": season,
            "manche": manche,
            "move_form": rendered_once("accounts/_crispy_form.html", move_form),
            "capitaine_form": rendered_once("accounts/_crispy_form.html", capitaine_form),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def manche_cancel(request, season_name: str, number: int):
    manche = manche_or_404(season_name, number)
    require(request.user, Action.MANAGE_SEASON, manche.season)
    form = CancelForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            calendar_services.manche_cancel(
                by=request.user, manche=manche, reason=form.cleaned_data["reason"], now=timezone.now()
            )
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            messages.success(request, _("Manche annulée ; les inscrits sont prévenus par e-mail."))
            return redirect(manche)
    return render(
        request,
        "league/seasons/cancel_confirm.html",
        {"season": manche.season, "manche": manche, "form": form, "registered": manche.registrations.count()},
    )


@login_required
@require_POST
def registrations_open(request, season_name: str):
    season = season_or_404(season_name)
    require(request.user, Action.MANAGE_SEASON, season)
    form = OpenRegistrationsForm(request.POST, season=season)
    if form.is_valid():
        try:
            opened = calendar_services.registrations_open(
                by=request.user, manches=list(form.cleaned_data["manches"]), now=timezone.now()
            )
        except ValidationError as exc:
            messages.error(request, error_text(exc))
        else:
            numbers = ", ".join(str(m.number) for m in opened)
            messages.success(
                request, _("Inscriptions ouvertes : manche(s) %(numbers)s.") % {"numbers": numbers}
            )
    else:
        messages.error(request, _("Choisissez au moins une manche prévue."))
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = season.get_absolute_url()
    return HttpResponseRedirect(target)

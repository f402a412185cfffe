"""Views of the seasons area: the list, the current season, a season's page, creating, editing, opening and closing it.

Thin views: a permission check through ``league.permissions``, a form, one
service call, a confirmation message and a redirect.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.forms import add_service_errors

from ..forms.seasons import (
    OpenRegistrationsForm,
    SeasonForm,
)
from ..models import Season
from ..permissions import Action, can, require
from ..rules import calendar as cal
from ..selectors.seasons import current_season, manche_page, manche_rows, season_or_404
from ..services import seasons as season_services
from .common import error_text


@require_GET
def season_list(request):
    seasons = Season.objects.select_related("president").annotate(manche_count=Count("manches"))
    return render(
        request,
        "league/seasons/list.html",
        {"seasons": seasons, "can_create": can(request.user, Action.CREATE_SEASON)},
    )


@require_GET
def season_current(request):
    season = current_season()
    if season is None:
        return render(
            request,
            "league/seasons/none.html",
            {"can_create": can(request.user, Action.CREATE_SEASON)},
        )
    return redirect("league:season_detail", season_name=season.name)


@require_GET
def season_detail(request, season_name: str):
    season = season_or_404(season_name)
    is_officer = can(request.user, Action.MANAGE_SEASON, season)
    now = timezone.now()
    page = manche_page(season, request.GET.get("page"), now=now)
    context = {
        "season": season,
        "rows": manche_rows(season, request.user, page.object_list, now=now),
        "page": page,
        "is_officer": is_officer,
        "params": season_services.effective_params(season),
        "overrides": season.params or {},
        "seats": cal.SEATS,
    }
    if is_officer:
        context["open_form"] = OpenRegistrationsForm(season=season)
    return render(request, "league/seasons/detail.html", context)


def _season_form_context(form, season=None, defaults=None):
    return {"form": form, "season": season, "defaults": defaults or {}}


@login_required
@require_http_methods(["GET", "POST"])
def season_create(request):
    require(request.user, Action.CREATE_SEASON)
    now = timezone.now()
    initial = {}
    if request.method == "GET":
        year = cal.season_year(now)
        initial = {"name": f"{year}-{year + 1}", "president": request.user.pk}
    form = SeasonForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            season = season_services.season_create(
                by=request.user,
                name=data["name"],
                family=data["family"],
                params=form.params(),
                president=data["president"],
                vice_president=data["vice_president"],
                default_location=data["default_location"],
                now=now,
            )
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            messages.success(
                request,
                _("Saison %(name)s créée, en préparation. Générez maintenant son calendrier.")
                % {"name": season.name},
            )
            return redirect("league:calendar_generate", season_name=season.name)
    return render(request, "league/seasons/form.html", _season_form_context(form))


@login_required
@require_http_methods(["GET", "POST"])
def season_edit(request, season_name: str):
    season = season_or_404(season_name)
    require(request.user, Action.MANAGE_SEASON, season)
    defaults = season_services.default_params(season.family, season.name)
    form = SeasonForm(request.POST or None, initial=SeasonForm.initial_for(season), defaults=defaults)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            season = season_services.season_update(
                by=request.user,
                season=season,
                name=data["name"],
                family=data["family"],
                params=form.params(),
                president=data["president"],
                vice_president=data["vice_president"],
                default_location=data["default_location"],
                now=timezone.now(),
            )
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            messages.success(request, _("Saison %(name)s enregistrée.") % {"name": season.name})
            return redirect("league:season_detail", season_name=season.name)
    context = _season_form_context(form, season, defaults)
    context["params"] = season_services.effective_params(season)
    return render(request, "league/seasons/form.html", context)


def _state_change(request, season_name: str, service, done: str, template: str):
    season = season_or_404(season_name)
    require(request.user, Action.MANAGE_SEASON, season)
    if request.method == "POST":
        try:
            season = service(by=request.user, season=season, now=timezone.now())
        except ValidationError as exc:
            messages.error(request, error_text(exc))
        else:
            messages.success(request, done % {"name": season.name})
        return redirect("league:season_detail", season_name=season.name)
    return render(request, template, {"season": season})


@login_required
@require_POST
def season_open(request, season_name: str):
    return _state_change(
        request,
        season_name,
        season_services.season_open,
        _("Saison %(name)s ouverte : bon championnat !"),
        "",
    )


@login_required
@require_http_methods(["GET", "POST"])
def season_close(request, season_name: str):
    return _state_change(
        request,
        season_name,
        season_services.season_close,
        _("Saison %(name)s close : le malus de participation s'applique et le classement est définitif."),
        "league/seasons/close_confirm.html",
    )


@login_required
@require_http_methods(["GET", "POST"])
def season_reopen(request, season_name: str):
    return _state_change(
        request,
        season_name,
        season_services.season_reopen,
        _("Saison %(name)s rouverte : le classement redevient provisoire."),
        "league/seasons/reopen_confirm.html",
    )

"""Views of the seasons area: the list, the current season, a season's page, creating, editing, opening and closing it.

Thin views: a permission check through ``league.permissions``, a form, one
service call, a confirmation message and a redirect.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.forms.common import add_service_errors, rendered_once
from accounts.models import User

from .. import rules
from ..forms.seasons import (
    SeasonForm,
)
from ..labels import ACCESSIT_LABELS, TITLE_LABELS
from ..permissions import Action, can, require
from ..rules import calendar as cal
from ..selectors import engine as engine_selectors
from ..selectors.seasons import (
    current_season,
    manche_page,
    manche_rows,
    manches_left_to_play,
    new_season_name,
    rules_history,
    season_or_404,
    seasons_with_manche_counts,
)
from ..services import seasons as season_services
from .common import error_text, no_season, with_row_html


@require_GET
def season_list(request):
    return render(
        request,
        "league/seasons/list.html",
        {"seasons": seasons_with_manche_counts(), "can_create": can(request.user, Action.CREATE_SEASON)},
    )


@require_GET
def season_current(request):
    season = current_season()
    if season is None:
        return no_season(request)
    return redirect(season)


@require_GET
def season_detail(request, season_name: str):
    season = season_or_404(season_name)
    is_officer = can(request.user, Action.MANAGE_SEASON, season)
    now = timezone.now()
    page = manche_page(season, request.GET.get("page"), now=now)
    rows = with_row_html(
        season, manche_rows(season, request.user, page.object_list, now=now), "league/seasons/_row_cells.html"
    )
    # The President's checkbox column and its button, when a manche of this page has a
    # checkbox (a planned one, whose registrations he can open): none, on a played season,
    # nor on a closed one, whose manches take no sign-ups.
    selectable = is_officer and not season.is_closed and any(row["html"][3] for row in rows)
    context = {
        "season": season,
        "rows": rows,
        "lines": _manche_lines(rows, selectable=selectable),
        "page": page,
        "is_officer": is_officer,
        "selectable": selectable,
        "params": season_services.effective_params(season),
        "overrides": season.params or {},
        "seats": cal.SEATS,
    }
    return render(request, "league/seasons/detail.html", context)


def _manche_lines(rows: list[dict], *, selectable: bool) -> SafeString:
    """The table's lines of a page of manches: each row's kept pieces (:func:`with_row_html`)
    joined here with what is the reader's own (his sign-up, highlighted with its badge) and,
    ``selectable``, the President's checkbox cell. Through the template, each row's lookups
    and tags were a seventh of a signed-in reader's page."""
    badges = {
        "seated": format_html('<span class="badge bg-success">{}</span>', _("inscrit")),
        "waiting": format_html('<span class="badge bg-info text-dark">{}</span>', _("attente")),
    }
    lines = []
    for row in rows:
        cells, table, state, checkbox = row["html"]
        mine = row["mine"]
        officer_cell = f"<td>{checkbox}</td>" if selectable else ""
        lines.append(
            f'<tr class="{"me-row" if mine else ""}">{officer_cell}{cells}\n'
            f"    <td>{table} {badges.get(mine, '')}</td>\n    <td>{state}</td>\n  </tr>\n"
        )
    return mark_safe("".join(lines))  # noqa: S308 (kept pieces rendered by our template, badges escaped)


def _season_fields(form) -> dict:
    """What the create and edit forms hand to the seasons service."""
    data = form.cleaned_data
    fields = ("name", "family", "president", "vice_president", "default_location", "contest_hours")
    return {**{key: data[key] for key in fields}, "params": form.params()}


def _season_form_context(form, season=None, defaults=None):
    fields = rendered_once("league/seasons/_season_fields.html", form, editing=season is not None)
    return {"form": form, "fields": fields, "season": season, "defaults": defaults or {}}


@login_required
@require_http_methods(["GET", "POST"])
def season_create(request):
    require(request.user, Action.CREATE_SEASON)
    now = timezone.now()
    initial = {}
    if request.method == "GET":
        initial = {"name": new_season_name(now), "president": request.user.pk}
    form = SeasonForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            season = season_services.season_create(by=request.user, **_season_fields(form), now=now)
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
    """Edit a season; a change of its rules is previewed (the classification now and
    with the change) and saved with the President's reason."""
    season = season_or_404(season_name)
    require(request.user, Action.MANAGE_SEASON, season)
    defaults = season_services.default_params(season.family, season.name)
    form = SeasonForm(request.POST or None, initial=SeasonForm.initial_for(season), defaults=defaults)
    preview = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        now = timezone.now()
        try:
            changes_rules = season_services.rules_change(
                season, name=data["name"], family=data["family"], params=form.params()
            )
            wants_preview = request.POST.get("action") == "preview"
            if changes_rules and (wants_preview or not data["reason"]):
                preview = _rule_change_preview(season, data, form.params(), now)
                if not wants_preview:
                    form.add_error(
                        "reason",
                        _(
                            "Dites pourquoi les règles changent : la raison est enregistrée dans l'historique de la saison."
                        ),
                    )
            elif wants_preview:
                preview = {"unchanged": True}
            else:
                season = season_services.season_update(
                    by=request.user, season=season, **_season_fields(form), reason=data["reason"], now=now
                )
                messages.success(request, _("Saison %(name)s enregistrée.") % {"name": season.name})
                return redirect(season)
        except ValidationError as exc:
            add_service_errors(form, exc)
    context = _season_form_context(form, season, defaults)
    context["params"] = season_services.effective_params(season)
    context["preview"] = preview
    context["history"] = rules_history(season)
    return render(request, "league/seasons/form.html", context)


def _rule_change_preview(season, data, params, now) -> dict:
    """The engine's comparison of the classification now and with the new rules, with names."""
    try:
        effect = engine_selectors.rule_change_preview(
            season, name=data["name"], family=data["family"], params=params, now=now
        )
    except rules.InvalidInput:
        return {"problems": True}
    players = {line.player for line in effect.lines}
    players.update(
        p for change in (*effect.titles, *effect.accessits) for p in (*change.before, *change.after)
    )
    names = dict(User.objects.filter(username__in=players).values_list("username", "display_name"))

    def who(ids) -> str:
        return ", ".join(names.get(p) or p for p in ids) or "—"

    return {
        "effect": effect,
        "lines": [(names.get(line.player) or line.player, line) for line in effect.lines],
        "hands": [
            (labels.get(c.award, c.award), who(c.before), who(c.after))
            for labels, changes in ((TITLE_LABELS, effect.titles), (ACCESSIT_LABELS, effect.accessits))
            for c in changes
        ],
    }


def _state_change(request, season_name: str, service, done: str, template: str, confirm=None):
    """Confirm (GET, ``template`` with what ``confirm(season)`` adds) then change the season's state (POST)."""
    season = season_or_404(season_name)
    require(request.user, Action.MANAGE_SEASON, season)
    if request.method == "POST":
        try:
            season = service(by=request.user, season=season, now=timezone.now())
        except ValidationError as exc:
            messages.error(request, error_text(exc))
        else:
            messages.success(request, done % {"name": season.name})
        return redirect(season)
    return render(request, template, {"season": season, **(confirm(season) if confirm else {})})


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
        _closing_effects,
    )


def _closing_effects(season) -> dict:
    """What closing does, for its confirmation: the manches still to play, cancelled by it (and
    their registered players emailed), and those whose sheet is started, which forbid it."""
    to_play = manches_left_to_play(season)
    return {
        "to_play": to_play,
        "registered": sum(m.seated + m.waiting for m in to_play),
        "started": [m for m in to_play if m.started],
        "closing_reason": season_services.closing_reason(),
        "min_manches": season_services.effective_params(season)["min_manches"],
        "seats": cal.SEATS,
    }


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

"""The feuille de marque: the live sheet, closing, quick results, tie order, audit, season results.

Views are glue: permission through ``league.permissions``, a form, one call
to ``league.services.sheet``, a confirmation. The sheet is refreshed in
place with htmx: a write answers with the re-rendered sheet, and watchers
poll the board, which answers 204 while the sheet's version is unchanged.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.forms.common import rendered_once
from config.typography import date_format

from .. import revision_cache, rules
from ..forms.sheet import DonneForm, OrderForm, QuickResultsForm, TableForm
from ..models import Manche
from ..permissions import Action, can, require
from ..presentation import manche_state
from ..selectors.engine import manche_outcomes, manche_point_flow
from ..selectors.manche import kept_audit_entries
from ..selectors.seasons import manche_or_404, season_or_404
from ..selectors.sheet import (
    donnes_wait_until,
    kept_sheet_state,
    results_wait_until,
    sheet_state,
    table_players,
)
from ..services import sheet as services
from ..share_image import HEIGHT, WIDTH, night_png
from .common import donne_saved_message, error_messages, flash_errors, tagged_response
from .sheet_board import kept_board, kept_editor

POLL_SECONDS = 10
RESULTS_PER_PAGE = 10


def _sheet_url(manche: Manche) -> str:
    return reverse("league:sheet", kwargs={"season_name": manche.season.name, "number": manche.number})


def _can_enter_donnes(user, manche: Manche, state) -> bool:
    if manche.status == Manche.Status.CANCELLED or not state.has_table or state.uses_quick_results:
        return False
    if manche.status == Manche.Status.PLAYED:
        return can(user, Action.CORRECT_RESULTS, manche)
    return can(user, Action.EDIT_SHEET, manche)


def _donne_form(manche: Manche, state, data=None, *, initial=None) -> DonneForm:
    return DonneForm.for_sheet(state, data, version=manche.sheet_version, initial=initial)


def _sheet_context(
    request, manche: Manche, *, form=None, edit=None, alerts=(), state=None, adding: bool = False
) -> dict:
    now = timezone.now()
    state = state or kept_sheet_state(manche, now=now)
    # Before the manche's day its sheet takes no donne: the capitaine who opened it is told when it opens.
    donnes_wait = donnes_wait_until(manche, now)
    editor = donnes_wait is None and _can_enter_donnes(request.user, manche, state)
    alerts = list(alerts)
    if form is not None and not editor and form.is_bound:
        alerts.extend(form.non_field_errors())  # e.g. the manche was cancelled meanwhile
    unbound = None
    if editor and form is None and (edit is not None or manche.status != Manche.Status.PLAYED or adding):
        # A closed sheet shows no entry form unless the President corrects a donne or asks to add a
        # forgotten one. Unbound, it is made only when its rendering is not kept (kept_editor).
        initial = DonneForm.initial_from(edit) if edit is not None else None
        unbound = functools.partial(_donne_form, manche, state, initial=initial)
    last = state.donnes[-1] if state.donnes else None
    context = {
        "manche": manche,
        "season": manche.season,
        "state": state,
        "rows": state.rows,  # made only when the board is rendered (see sheet_board)
        "form": form if editor else None,
        "edit": edit,
        "alerts": alerts,
        "can_edit": editor,
        "can_edit_sheet": can(request.user, Action.EDIT_SHEET, manche),
        "can_correct": can(request.user, Action.CORRECT_RESULTS, manche),
        "last": last,
        "live": manche.status in Manche.TO_PLAY,
        "poll_seconds": POLL_SECONDS,
        "manche_state": manche_state(manche, len(state.seats), now=now),
        "results_wait_until": results_wait_until(manche, now),
        "donnes_wait_until": donnes_wait,
    }
    context["board"] = kept_board(request, context)
    context["editor"] = kept_editor(request, context, unbound) if unbound is not None else None
    return context


def _render_sheet(request, manche: Manche, **kwargs):
    context = _sheet_context(request, manche, **kwargs)
    template = "league/sheet/_sheet.html" if request.htmx else "league/sheet/page.html"
    return render(request, template, context)


def _rearmed(form, manche: Manche, error: ValidationError, **kwargs):
    """The form with the service's errors; after a stale write, re-armed against the current version."""
    if isinstance(error, services.StaleSheet):
        manche.refresh_from_db()
        form = form.rearmed(manche.sheet_version, **kwargs)
    form.add_engine_errors(error)
    return form


def _saved(request, manche: Manche, message: str):
    """After a write: the re-rendered sheet (htmx), or a redirect to it."""
    if request.htmx:
        manche.refresh_from_db()
        return render(
            request, "league/sheet/_sheet.html", {**_sheet_context(request, manche), "saved": message}
        )
    messages.success(request, message)
    return redirect(_sheet_url(manche))


@require_GET
def sheet(request, season_name: str, number: int):
    """The live sheet: everyone may watch it; the capitaine of the night or the President fills it in.

    Reading only: until a first write saves them, the seats shown are the
    registrations' stand-ins (``sheet_state``).
    """
    manche = manche_or_404(season_name, number)
    adding = "ajouter" in request.GET
    return render(request, "league/sheet/page.html", _sheet_context(request, manche, adding=adding))


@require_GET
def sheet_board(request, season_name: str, number: int):
    """The part watchers poll: 204 while nothing changed, the board when it did."""
    manche = manche_or_404(season_name, number)
    if request.GET.get("v") == str(manche.sheet_version):
        return HttpResponse(status=204)
    context = _sheet_context(request, manche)
    if context["board"] is not None:  # the one kept for this version of the sheet
        return HttpResponse(context["board"])
    return render(request, "league/sheet/_board.html", context)


def _stale(request, manche: Manche, error: ValidationError, form=None, edit=None):
    manche.refresh_from_db()
    state = sheet_state(manche)
    if form is not None:
        # Keep what was typed, against the current version: the user checks the sheet, then re-submits.
        form = form.rearmed(manche.sheet_version, **DonneForm.sheet_kwargs(state))
    if request.htmx:
        return _render_sheet(request, manche, form=form, edit=edit, alerts=error_messages(error), state=state)
    flash_errors(request, error)
    return _render_sheet(request, manche, form=form, edit=edit, state=state)


@login_required
@require_POST
def donne_add(request, season_name: str, number: int):
    manche = manche_or_404(season_name, number)
    require(request.user, Action.EDIT_SHEET, manche)
    state = sheet_state(manche)
    form = _donne_form(manche, state, request.POST)
    if form.is_valid():
        try:
            donne = services.donne_add(
                manche=manche,
                data=form.to_data(),
                by=request.user,
                seen_version=form.cleaned_data["sheet_version"],
                now=timezone.now(),
                client_id=form.cleaned_data.get("client_id"),
            )
        except services.StaleSheet as error:
            return _stale(request, manche, error, form=form)
        except ValidationError as error:
            form.add_engine_errors(error)
        else:
            return _saved(request, manche, donne_saved_message(donne))
    return _render_sheet(request, manche, form=form, state=state)


@login_required
@require_http_methods(["GET", "POST"])
def donne_edit(request, season_name: str, number: int, index: int):
    manche = manche_or_404(season_name, number)
    require(request.user, Action.EDIT_SHEET, manche)
    # The sheet as kept for its version to show it; read again to correct it (the service reads it under its lock).
    state = kept_sheet_state(manche, now=timezone.now()) if request.method == "GET" else sheet_state(manche)
    donne = next((d for d in state.donnes if d.index == index), None)
    if donne is None:
        messages.error(request, _("Cette donne n'existe plus."))
        return redirect(_sheet_url(manche))
    if request.method == "GET":
        return _render_sheet(request, manche, edit=donne, state=state)  # its unbound form, kept
    form = _donne_form(manche, state, request.POST)
    if form.is_valid():
        try:
            services.donne_correct(
                manche=manche,
                index=index,
                data=form.to_data(),
                by=request.user,
                seen_version=form.cleaned_data["sheet_version"],
                now=timezone.now(),
            )
        except services.StaleSheet as error:
            return _stale(request, manche, error, form=form, edit=donne)
        except ValidationError as error:
            form.add_engine_errors(error)
        else:
            return _saved(request, manche, _("Donne %(n)s corrigée.") % {"n": index})
    return _render_sheet(request, manche, form=form, edit=donne, state=state)


@login_required
@require_POST
def donne_delete(request, season_name: str, number: int, index: int):
    manche = manche_or_404(season_name, number)
    require(request.user, Action.EDIT_SHEET, manche)
    try:
        services.donne_delete(
            manche=manche,
            index=index,
            by=request.user,
            seen_version=request.POST.get("sheet_version"),
            now=timezone.now(),
        )
    except services.StaleSheet as error:
        return _stale(request, manche, error)
    except ValidationError as error:
        if request.htmx:
            manche.refresh_from_db()
            return _render_sheet(request, manche, alerts=error_messages(error))
        flash_errors(request, error)
        return redirect(_sheet_url(manche))
    return _saved(request, manche, _("Donne %(n)s supprimée.") % {"n": index})


@login_required
@require_http_methods(["GET", "POST"])
def table(request, season_name: str, number: int):
    """Set the table by hand (paper sheets, history, or no draw recorded): seats in playing order."""
    manche = manche_or_404(season_name, number)
    require(request.user, Action.EDIT_SHEET, manche)
    ruleset = manche.season.ruleset()
    if request.method == "POST":
        form = TableForm(request.POST, ruleset=ruleset)
        if form.is_valid():
            try:
                services.table_set(
                    manche=manche,
                    players=form.players(),
                    absent=form.cleaned_data.get("absent"),
                    by=request.user,
                    seen_version=form.cleaned_data["sheet_version"],
                    now=timezone.now(),
                )
            except ValidationError as error:
                form = _rearmed(form, manche, error, ruleset=ruleset)
            else:
                messages.success(request, _("La table est en place."))
                return redirect(_sheet_url(manche))
    else:
        initial = {"sheet_version": manche.sheet_version, "absent": manche.absent}
        for i, player in enumerate(table_players(manche), start=1):
            initial[f"seat_{i}"] = player
        form = TableForm(initial=initial, ruleset=ruleset)
    fields = rendered_once("accounts/_crispy_form.html", form)  # six selects of every member
    return render(
        request, "league/sheet/table.html", {"manche": manche, "season": manche.season, "fields": fields}
    )


@login_required
@require_POST
def close(request, season_name: str, number: int):
    """Close the night: the ranking is published and the vainqueur(s) told their compte-rendu is due."""
    manche = manche_or_404(season_name, number)
    require(request.user, Action.EDIT_SHEET, manche)
    try:
        state = services.manche_close(
            manche=manche, by=request.user, seen_version=request.POST.get("sheet_version"), now=timezone.now()
        )
    except ValidationError as error:
        flash_errors(request, error)
        return redirect(_sheet_url(manche))
    names = ", ".join(str(u) for u in state.vainqueurs)
    messages.success(
        request,
        _("Manche clôturée : classement publié. Vainqueur : %(names)s (compte-rendu attendu).")
        % {"names": names},
    )
    return redirect(manche)


@login_required
@require_http_methods(["GET", "POST"])
def quick_results(request, season_name: str, number: int):
    """Each player's final line, for a night kept on paper or a manche of history."""
    manche = manche_or_404(season_name, number)
    require(request.user, Action.EDIT_SHEET, manche)
    now = timezone.now()
    start = results_wait_until(manche, now)
    if start is not None:  # said before the twenty fields are typed, not after
        start = timezone.localtime(start)
        messages.info(
            request,
            _("Les résultats rapides se saisissent à partir du début de la manche, le %(day)s à %(time)s.")
            % {"day": date_format(start, "l j F"), "time": date_format(start, "H:i")},
        )
        return redirect(_sheet_url(manche))
    # What is sent is checked against the sheet read now; a view shows the one kept per version.
    state = sheet_state(manche) if request.method == "POST" else kept_sheet_state(manche, now=now)
    if not state.has_table:
        messages.info(
            request, _("Indiquez d'abord la table (les joueurs dans l'ordre, et l'absent d'un jeu à 4).")
        )
        return redirect("league:sheet_table", season_name=season_name, number=number)
    if state.donnes:
        messages.error(
            request, _("Cette manche a une feuille détaillée : ses résultats viennent de ses donnes.")
        )
        return redirect(_sheet_url(manche))
    players = [s.player for s in state.seats]
    if request.method == "POST":
        form = QuickResultsForm(request.POST, players=players)
        if form.is_valid():
            try:
                services.quick_results_set(
                    manche=manche,
                    rows=form.rows(),
                    by=request.user,
                    seen_version=form.cleaned_data["sheet_version"],
                    now=now,
                )
            except ValidationError as error:
                form = _rearmed(form, manche, error, players=players)
            else:
                messages.success(request, _("Résultats enregistrés : le classement de la manche est publié."))
                return redirect(manche)
    else:
        initial = {"sheet_version": manche.sheet_version}
        for q in state.quick_results:
            for name in ("score", "prises", "bouts", "prises_won"):
                initial[f"{name}_{q.player.username}"] = getattr(q, name)
        form = QuickResultsForm(initial=initial, players=players)
    return render(
        request,
        "league/sheet/quick_results.html",
        {
            "manche": manche,
            "season": manche.season,
            # Unbound, its twenty fields are rendered once per what they show (their players,
            # the results saved, the sheet's version): at each view, 3× the sign-in page.
            "fields": rendered_once("league/sheet/_quick_results_fields.html", form),
            "state": state,
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def order(request, season_name: str, number: int):
    """The President records the order the table agreed for tied scores."""
    manche = manche_or_404(season_name, number)
    require(request.user, Action.CORRECT_RESULTS, manche)
    state = sheet_state(manche)
    if not state.ranking:
        messages.info(request, _("Il n'y a pas encore de scores à départager."))
        return redirect(_sheet_url(manche))
    seated = [line.user for line in state.ranking if not line.entry.absent]
    if request.method == "POST":
        form = OrderForm(request.POST, players=seated)
        if "clear" in request.POST:
            try:
                services.manche_order_set(
                    manche=manche,
                    order=None,
                    by=request.user,
                    seen_version=request.POST.get("sheet_version"),
                    now=timezone.now(),
                )
            except ValidationError as error:
                flash_errors(request, error)
            else:
                messages.success(request, _("Ordre effacé : les ex aequo partagent leurs places."))
            return redirect(manche)
        if form.is_valid():
            try:
                services.manche_order_set(
                    manche=manche,
                    order=form.order(),
                    by=request.user,
                    seen_version=form.cleaned_data["sheet_version"],
                    now=timezone.now(),
                )
            except ValidationError as error:
                form = _rearmed(form, manche, error, players=seated)
            else:
                messages.success(request, _("Ordre de la table enregistré."))
                return redirect(manche)
    else:
        initial = {"sheet_version": manche.sheet_version}
        for i, user in enumerate(seated, start=1):
            initial[f"place_{i}"] = user.username
        form = OrderForm(initial=initial, players=seated)
    return render(
        request,
        "league/sheet/order.html",
        {"manche": manche, "season": manche.season, "form": form, "state": state},
    )


@login_required
@require_GET
def audit(request, season_name: str, number: int):
    """Every change to the manche's table, donnes and results: who, when, before and after."""
    manche = manche_or_404(season_name, number)
    require(request.user, Action.VIEW_AUDIT, manche)
    page = Paginator(kept_audit_entries(manche, limit=None, now=timezone.now()), 50).get_page(
        request.GET.get("page")
    )
    return render(
        request, "league/sheet/audit.html", {"manche": manche, "season": manche.season, "page_obj": page}
    )


@require_GET
def results(request, season_name: str):
    """Parties & Résultats: every played manche of the season with its ranking, newest first."""
    season = season_or_404(season_name)
    manches = (
        Manche.objects.filter(season=season, status=Manche.Status.PLAYED)
        .select_related("season", "absent", "capitaine", "closed_by")
        .order_by("-starts_at", "-number")
    )
    page = Paginator(manches, RESULTS_PER_PAGE).get_page(request.GET.get("page"))
    context = {"season": season, "page_obj": page, "manches_html": _results_page_html(season, page)}
    return render(request, "league/sheet/results.html", context)


def _results_page_html(season, page) -> str:
    """A page of the season's results, the same for every reader: rendered once per
    revision of the season, language and page (each manche's sheet is read and scored
    only then, some 5 ms a manche)."""

    def render_page() -> str:
        items = [{"manche": m, "state": sheet_state(m)} for m in page.object_list]
        return str(render_to_string("league/sheet/_results_page.html", {"items": items}))

    name = f"results-html:{get_language()}:{page.number}"
    html = revision_cache.kept(season.pk, season.revision, name, now=timezone.now(), read=render_page)
    return mark_safe(html)  # noqa: S308 - our own template's output


def _point_flow(manche, state) -> list[tuple[str, str, int]]:
    """``(payer, payee, jetons)`` of the night, largest first, rounded to the jeton (full sheets only)."""
    name = {username: str(user) for username, user in state.users.items()}
    return [
        (name.get(t.payer, t.payer), name.get(t.payee, t.payee), round(t.amount))
        for t in manche_point_flow(manche)
        if round(t.amount)
    ]


def _share_image(request, manche: Manche, state) -> dict | None:
    """The Open Graph image of a played manche: its absolute address and size."""
    if manche.status != Manche.Status.PLAYED or not state.ranking:
        return None
    path = reverse("league:share_image", kwargs={"season_name": manche.season.name, "number": manche.number})
    return {"url": request.build_absolute_uri(path), "width": WIDTH, "height": HEIGHT}


@dataclass(frozen=True)
class PlayedSummary:
    """What the manche page reads of a played manche's sheet beside its cached rendering."""

    ranking: bool
    vainqueurs: tuple[str, ...]
    donnes: bool
    tied_scores: bool
    #: The saved seats (with their players) the ranking was made from: a played
    #: manche's table changes only with its results, and a renamed member renders
    #: his seasons again (``league.services.revision.invalidate_seasons_of``).
    seats: tuple = ()


def played_reading(manche) -> tuple[str, PlayedSummary]:
    """A played manche's ranking and point flow, the same for every reader:
    rendered once per revision of the season and language (the sheet and
    the season's result are not read again on each view).

    Its ranking is the engine's cached outcome (the sheet is not scored
    again); while the engine refuses the season, the sheet is scored on its
    own to show its problems.
    """
    season = manche.season
    name = f"manche-html:{get_language()}:{manche.number}"

    def compute():
        try:
            outcome = manche_outcomes(season, [manche.number])[manche.number]
        except rules.InvalidInput:
            outcome = None
        state = sheet_state(manche, outcome=outcome)
        context = {
            "manche": manche,
            "season": season,
            "sheet_state": state,
            "point_flow": _point_flow(manche, state) if outcome is not None else [],
        }
        summary = PlayedSummary(
            ranking=bool(state.ranking),
            vainqueurs=tuple(str(v) for v in state.vainqueurs),
            donnes=bool(state.donnes),
            tied_scores=bool(state.tied_scores),
            seats=tuple(state.seats) if state.seats_saved else (),
        )
        return {name: (str(render_to_string("league/manche/_played.html", context)), summary)}, None

    return revision_cache.reading(season.pk, season.revision, name, now=timezone.now(), compute=compute)


def manche_section_context(request, manche, *, reads=None, played=None) -> dict:
    """The manche page's results section: the ranking of the night (or the live totals), and the audit
    (``reads``: the manche's registrations and seats, ``played``: its :func:`played_reading`, already read)."""
    played_html = None
    if manche.status == Manche.Status.PLAYED:
        html, state = played or played_reading(manche)
        played_html = mark_safe(html)  # noqa: S308 (our own template's rendering)
    elif reads is not None:
        state = sheet_state(manche, seats=reads.seats, seated=reads.seated)
    else:
        state = sheet_state(manche)
    context = {
        "sheet_state": state,
        "played_html": played_html,
        "sheet_url": _sheet_url(manche),
        "share_image": _share_image(request, manche, state),
        "sheet_can_edit": can(request.user, Action.EDIT_SHEET, manche)
        and manche.status != Manche.Status.CANCELLED,
        "sheet_can_correct": can(request.user, Action.CORRECT_RESULTS, manche),
        "results_wait_until": results_wait_until(manche, timezone.now()),
        "sheet_audit": None,
    }
    if can(request.user, Action.VIEW_AUDIT, manche):
        context["sheet_audit"] = kept_audit_entries(manche, limit=10, now=timezone.now())
    return context


@require_GET
def share_image(request, season_name: str, number: int):
    """The night's result as a PNG, the preview a link to the manche shows in a messaging app."""
    manche = manche_or_404(season_name, number)
    picture = night_png(manche) if manche.status == Manche.Status.PLAYED else None
    if picture is None:
        raise Http404(_("Pas encore de résultat à partager."))
    return tagged_response(
        request, picture, content_type="image/png", headers={"Cache-Control": "public, max-age=300"}
    )

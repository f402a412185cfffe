"""Views of the seasons area: seasons, the calendar, registrations, the draw and the President's desk.

Thin views: a permission check through ``league.permissions``, a form, one
service call, a confirmation message and a redirect. Every write is checked
here on the server, whatever the page offered.
"""

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, Q
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.forms import add_service_errors
from accounts.models import JetonColour, User
from accounts.roles import is_club_officer

from ..models import Manche, Registration, Season, Seat
from ..permissions import Action, can, require
from ..rules import calendar as cal
from ..seasons_forms import (
    CalendarGenerateForm,
    CancelForm,
    CapitaineForm,
    DrawForm,
    MancheForm,
    OpenRegistrationsForm,
    RegisterOtherForm,
    SeasonForm,
)
from ..selectors_inbox import president_inbox
from ..services import calendar as calendar_services
from ..services import draw as draw_services
from ..services import registrations as registration_services
from ..services import seasons as season_services

STATE_BADGES = {
    "planned": "secondary",
    "open": "primary",
    "full": "success",
    "playing": "warning",
    "played": "dark",
    "cancelled": "danger",
}
STATE_LABELS = {
    "planned": Manche.Status.PLANNED.label,
    "open": Manche.Status.OPEN.label,
    "full": gettext_lazy("Complète"),
    "playing": gettext_lazy("En cours de jeu"),
    "played": Manche.Status.PLAYED.label,
    "cancelled": Manche.Status.CANCELLED.label,
}
#: "jetons blancs": the colour agrees with the plural noun (the choice labels are singular).
JETONS_LABELS = {
    JetonColour.WHITE: gettext_lazy("jetons blancs"),
    JetonColour.YELLOW: gettext_lazy("jetons jaunes"),
    JetonColour.RED: gettext_lazy("jetons rouges"),
    JetonColour.BLUE: gettext_lazy("jetons bleus"),
    JetonColour.GREEN: gettext_lazy("jetons verts"),
}
COLOUR_CSS = {
    JetonColour.WHITE: "#ffffff",
    JetonColour.YELLOW: "#ffd43b",
    JetonColour.RED: "#e03131",
    JetonColour.BLUE: "#1c7ed6",
    JetonColour.GREEN: "#2f9e44",
}


# --- helpers ---------------------------------------------------------------------


def _season(name: str) -> Season:
    return get_object_or_404(Season.objects.select_related("president", "vice_president"), name=name)


def _manche(season_name: str, number: int) -> Manche:
    return get_object_or_404(
        Manche.objects.select_related("season", "capitaine", "absent"),
        season__name=season_name,
        number=number,
    )


def _error_text(exc: ValidationError) -> str:
    return " ".join(exc.messages)


def with_fill(queryset):
    """Manches with ``seated`` and ``waiting`` counts."""
    return queryset.annotate(
        seated=Count("registrations", filter=Q(registrations__seat__isnull=False), distinct=True),
        waiting=Count("registrations", filter=Q(registrations__seat__isnull=True), distinct=True),
    )


def manche_state(manche: Manche, seated: int, *, now) -> dict:
    """The state shown: planned, open, full (5 seated), being played (started, not closed), played or cancelled."""
    state = cal.fill_state(manche.status, seated, started=manche.starts_at <= now)
    return {"code": state, "label": STATE_LABELS[state], "badge": STATE_BADGES[state]}


def _manche_rows(season: Season, user) -> list[dict]:
    now = timezone.now()
    manches = with_fill(season.manches.select_related("capitaine", "absent")).order_by("starts_at", "number")
    mine = {}
    if user.is_authenticated:
        mine = dict(
            Registration.objects.filter(manche__season=season, player=user).values_list("manche_id", "seat")
        )
    rows = []
    for manche in manches:
        registered = manche.pk in mine
        rows.append(
            {
                "manche": manche,
                "state": manche_state(manche, manche.seated, now=now),
                "seated": manche.seated,
                "waiting": manche.waiting,
                "seats": cal.SEATS,
                "mine": ("seated" if mine[manche.pk] else "waiting") if registered else None,
            }
        )
    return rows


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


def _officer_or_403(user, season: Season) -> None:
    require(user, Action.MANAGE_SEASON, season)


# --- seasons -------------------------------------------------------------------------


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
    season = season_services.current_season()
    if season is None:
        return render(
            request,
            "league/seasons/none.html",
            {"can_create": can(request.user, Action.CREATE_SEASON)},
        )
    return redirect("league:season_detail", season_name=season.name)


@require_GET
def calendar_current(request):
    season = season_services.current_season()
    if season is None:
        return render(
            request,
            "league/seasons/none.html",
            {"can_create": can(request.user, Action.CREATE_SEASON)},
        )
    return redirect("league:calendar", season_name=season.name)


@require_GET
def season_detail(request, season_name: str):
    season = _season(season_name)
    is_officer = can(request.user, Action.MANAGE_SEASON, season)
    context = {
        "season": season,
        "rows": _manche_rows(season, request.user),
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
        year = now.year if now.month >= 7 else now.year - 1
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
    season = _season(season_name)
    _officer_or_403(request.user, season)
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
    season = _season(season_name)
    _officer_or_403(request.user, season)
    if request.method == "POST":
        try:
            season = service(by=request.user, season=season, now=timezone.now())
        except ValidationError as exc:
            messages.error(request, _error_text(exc))
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


# --- calendar ------------------------------------------------------------------------


@require_GET
def calendar(request, season_name: str):
    season = _season(season_name)
    rows = _manche_rows(season, request.user)
    months: list[tuple] = []
    for row in rows:
        local = timezone.localtime(row["manche"].starts_at)
        key = (local.year, local.month)
        if not months or months[-1][0] != key:
            months.append((key, local, []))
        months[-1][2].append(row)
    return render(
        request,
        "league/seasons/calendar.html",
        {
            "season": season,
            "months": [{"first": first, "rows": month_rows} for _key, first, month_rows in months],
            "feeds": _feed_urls(request, season),
            "is_officer": can(request.user, Action.MANAGE_SEASON, season),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def calendar_generate(request, season_name: str):
    season = _season(season_name)
    _officer_or_403(request.user, season)
    form = CalendarGenerateForm(
        request.POST or request.GET or None, initial={"location": season.default_location}
    )
    preview, preview_error = [], None
    if form.is_bound and form.is_valid():
        try:
            preview = calendar_services.calendar_preview(season, form.options())
        except ValidationError as exc:
            preview_error = _error_text(exc)
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
            return redirect("league:season_detail", season_name=season.name)
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
    season = _season(season_name)
    _officer_or_403(request.user, season)
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
            return redirect("league:manche_detail", season_name=season.name, number=manche.number)
    return render(
        request, "league/seasons/manche_form.html", {"season": season, "form": form, "adding": True}
    )


@login_required
@require_http_methods(["GET", "POST"])
def manche_edit(request, season_name: str, number: int):
    """Move a manche (date, time, place) and designate its capitaine."""
    manche = _manche(season_name, number)
    season = manche.season
    _officer_or_403(request.user, season)
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
            return redirect("league:manche_detail", season_name=season.name, number=manche.number)
    if which == "capitaine" and capitaine_form.is_valid():
        try:
            calendar_services.manche_set_capitaine(
                by=request.user, manche=manche, capitaine=capitaine_form.cleaned_data["capitaine"], now=now
            )
        except ValidationError as exc:
            add_service_errors(capitaine_form, exc)
        else:
            messages.success(request, _("Capitaine de soirée enregistré."))
            return redirect("league:manche_detail", season_name=season.name, number=manche.number)
    return render(
        request,
        "league/seasons/manche_form.html",
        {"season": season, "manche": manche, "form": move_form, "capitaine_form": capitaine_form},
    )


@login_required
@require_http_methods(["GET", "POST"])
def manche_cancel(request, season_name: str, number: int):
    manche = _manche(season_name, number)
    _officer_or_403(request.user, manche.season)
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
            return redirect("league:manche_detail", season_name=manche.season.name, number=manche.number)
    return render(
        request,
        "league/seasons/cancel_confirm.html",
        {"season": manche.season, "manche": manche, "form": form, "registered": manche.registrations.count()},
    )


@login_required
@require_POST
def registrations_open(request, season_name: str):
    season = _season(season_name)
    _officer_or_403(request.user, season)
    form = OpenRegistrationsForm(request.POST, season=season)
    if form.is_valid():
        try:
            opened = calendar_services.registrations_open(
                by=request.user, manches=list(form.cleaned_data["manches"]), now=timezone.now()
            )
        except ValidationError as exc:
            messages.error(request, _error_text(exc))
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
        target = reverse("league:season_detail", args=[season.name])
    return HttpResponseRedirect(target)


# --- registrations on the manche page ---------------------------------------------------


def _back_to_manche(request, manche: Manche, notice: tuple[str, str] | None = None):
    """The redirect after a registration write, or (htmx) the refreshed table section."""
    if request.htmx:
        context = {"manche": manche, "season": manche.season}
        context.update(manche_section_context(request, manche))
        context["table_section"]["notice"] = notice
        return render(request, "league/manche/_table.html", context)
    if notice:
        getattr(messages, notice[0])(request, notice[1])
    return redirect("league:manche_detail", season_name=manche.season.name, number=manche.number)


def _posted_player(request, manche: Manche) -> User:
    """The member the request is about: oneself, or (President only) the one named by ``player``.

    A ``player`` id that is not the requester's own is refused with 403
    unless the requester manages the season: a tampered id changes nothing.
    """
    raw = request.POST.get("player")
    if not raw:
        return request.user
    try:
        pk = int(raw)
    except ValueError:
        raise PermissionDenied from None
    if pk == request.user.pk:
        return request.user
    require(request.user, Action.MANAGE_SEASON, manche.season)
    return get_object_or_404(User, pk=pk)


@login_required
@require_POST
def registration_add(request, season_name: str, number: int):
    manche = _manche(season_name, number)
    player = _posted_player(request, manche)
    if player.pk == request.user.pk and not can(request.user, Action.MANAGE_SEASON, manche.season):
        if not can(request.user, Action.REGISTER_SELF, manche):
            return _back_to_manche(
                request, manche, ("error", _("Les inscriptions de cette manche ne sont pas ouvertes."))
            )
    try:
        registration = registration_services.registration_add(
            by=request.user, manche=manche, player=player, now=timezone.now()
        )
    except ValidationError as exc:
        return _back_to_manche(request, manche, ("error", _error_text(exc)))
    if registration.seat:
        text = _("Place %(seat)s sur 5 réservée pour %(player)s.") % {
            "player": player,
            "seat": registration.seat,
        }
    else:
        rank = registration_services.waiting_rank(registration)
        text = _("Table complète : n° %(rank)s sur la liste d'attente pour %(player)s.") % {
            "player": player,
            "rank": rank,
        }
    return _back_to_manche(request, manche, ("success", text))


@login_required
@require_POST
def registration_withdraw(request, season_name: str, number: int):
    manche = _manche(season_name, number)
    player = _posted_player(request, manche)
    registration = (
        Registration.objects.select_related("manche__season").filter(manche=manche, player=player).first()
    )
    if registration is None:
        return _back_to_manche(
            request,
            manche,
            ("error", _("Aucune inscription de %(player)s à cette manche.") % {"player": player}),
        )
    if not (
        can(request.user, Action.MANAGE_SEASON, manche.season)
        or can(request.user, Action.WITHDRAW_SELF, registration)
    ):
        raise PermissionDenied
    try:
        outcome = registration_services.registration_withdraw(
            by=request.user, registration=registration, now=timezone.now()
        )
    except ValidationError as exc:
        return _back_to_manche(request, manche, ("error", _error_text(exc)))
    manche.refresh_from_db()
    if outcome.cancelled:
        text = _("Désistement de dernière minute : la manche est annulée, les inscrits sont prévenus.")
        level = "warning"
    elif outcome.played_at_four:
        text = _(
            "Désistement de dernière minute non remplacé : la manche se jouera à 4 ; 5e place pour %(player)s."
        ) % {"player": player}
        level = "warning"
    elif outcome.promoted:
        text = _("Désistement de %(player)s : la place revient à %(next)s (prévenu·e par e-mail).") % {
            "player": player,
            "next": outcome.promoted,
        }
        level = "success"
    else:
        text = _("Désistement de %(player)s enregistré.") % {"player": player}
        level = "success"
    return _back_to_manche(request, manche, (level, text))


# --- the draw ---------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def draw(request, season_name: str, number: int):
    manche = _manche(season_name, number)
    require(request.user, Action.RUN_DRAW, manche)
    players = [r.player for r in registration_services.seated(manche)]
    form = DrawForm(request.POST or None, players=players)
    if request.method == "POST" and form.is_valid():
        try:
            picks = draw_services.draw_run(
                by=request.user, manche=manche, arrival=form.arrival(), host=form.host(), now=timezone.now()
            )
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            summary = ", ".join(f"{p.player} : {JetonColour(p.colour).label.lower()}" for p in picks)
            messages.success(
                request, _("Tirage fait (ordre de pioche) — %(summary)s.") % {"summary": summary}
            )
            return redirect("league:manche_detail", season_name=manche.season.name, number=manche.number)
    return render(
        request,
        "league/seasons/draw.html",
        {"season": manche.season, "manche": manche, "form": form, "players": players},
    )


# --- the President's desk ----------------------------------------------------------------


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
    if not seasons and not is_club_officer(request.user):
        raise PermissionDenied
    now = timezone.now()
    soon = now + timedelta(days=14)
    manches = with_fill(
        Manche.objects.filter(
            season__in=seasons,
            status__in=(Manche.Status.PLANNED, Manche.Status.OPEN),
            starts_at__gte=now - timedelta(hours=6),
        ).select_related("season", "capitaine", "absent")
    ).order_by("starts_at")
    rows = []
    for manche in manches:
        missing = max(cal.SEATS - manche.seated, 0)
        flags = []
        if missing and manche.absent_id and missing == 1:
            flags.append(("warning", _("Jeu à 4 (%(absent)s absent)") % {"absent": manche.absent}))
        elif missing:
            flags.append(
                (
                    "danger" if manche.starts_at <= soon else "warning",
                    ngettext("Il manque %(count)s joueur", "Il manque %(count)s joueurs", missing)
                    % {"count": missing},
                )
            )
        if manche.status == Manche.Status.PLANNED:
            flags.append(("secondary", _("Inscriptions fermées")))
        if manche.capitaine_id is None:
            flags.append(("info", _("Pas de capitaine")))
        rows.append(
            {
                "manche": manche,
                "state": manche_state(manche, manche.seated, now=now),
                "seated": manche.seated,
                "waiting": manche.waiting,
                "seats": cal.SEATS,
                "flags": flags,
                "lacking": bool(missing) and not (manche.absent_id and missing == 1),
            }
        )
    return render(
        request,
        "league/seasons/dashboard.html",
        {
            "seasons": seasons,
            "rows": rows,
            # The next two weeks in view; later manches folded away.
            "row_groups": [
                (True, [r for r in rows if r["manche"].starts_at <= soon]),
                (False, [r for r in rows if r["manche"].starts_at > soon]),
            ],
            "inbox": president_inbox(request.user, now=now),
            "can_create": can(request.user, Action.CREATE_SEASON),
            "season_forms": [(s, OpenRegistrationsForm(season=s)) for s in seasons],
        },
    )


# --- the manche page's table section ------------------------------------------------------


def manche_section_context(request, manche) -> dict:
    """The table section of the manche page: seats, waiting list, sign-up buttons, the draw."""
    user = request.user
    season = manche.season
    seated = list(registration_services.seated(manche))
    waiting = list(registration_services.waiting(manche))
    mine = (
        next((r for r in seated + waiting if r.player_id == user.pk), None) if user.is_authenticated else None
    )
    is_officer = can(user, Action.MANAGE_SEASON, season)
    takes_changes = manche.status in (Manche.Status.PLANNED, Manche.Status.OPEN)
    now = timezone.now()
    seats = list(Seat.objects.filter(manche=manche).select_related("player").order_by("position"))
    drawn = bool(seats) and all(s.jeton_colour for s in seats)
    registered_ids = {r.player_id for r in seated + waiting}
    section = {
        "seated": seated,
        "waiting": waiting,
        "free_seats": range(max(cal.SEATS - len(seated) - (1 if manche.absent_id else 0), 0)),
        "fill": len(seated),
        "seats_count": cal.SEATS,
        "state": manche_state(manche, len(seated), now=now),
        "mine": mine,
        "mine_rank": registration_services.waiting_rank(mine) if mine and mine.seat is None else None,
        "can_register": bool(
            user.is_authenticated
            and mine is None
            and takes_changes
            and can(user, Action.REGISTER_SELF, manche)
        ),
        "can_withdraw": bool(mine and can(user, Action.WITHDRAW_SELF, mine)),
        "late": takes_changes and cal.is_last_minute(now, manche.starts_at),
        "is_officer": is_officer and takes_changes,
        "can_draw": can(user, Action.RUN_DRAW, manche) and len(seated) >= 3,
        "table": [
            {
                "seat": s,
                "colour_css": COLOUR_CSS.get(s.jeton_colour, ""),
                "jetons": JETONS_LABELS.get(s.jeton_colour, ""),
            }
            for s in seats
        ],
        "drawn": drawn,
        "notice": None,
    }
    if section["is_officer"]:
        section["register_form"] = RegisterOtherForm()
        section["register_form"].fields["player"].queryset = User.objects.filter(is_active=True).exclude(
            pk__in=registered_ids
        )
    return {"table_section": section}

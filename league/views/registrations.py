"""Views of the registrations area: signing up and withdrawing, and the manche page's table section (seats, waiting list, the draw's table)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import User

from ..forms.seasons import (
    RegisterOtherForm,
)
from ..models import Manche, Registration
from ..permissions import Action, can, require
from ..presentation import COLOUR_CSS, JETONS_LABELS, manche_state
from ..rules import calendar as cal
from ..selectors import registrations as registration_reads
from ..selectors.draw import draw_ready
from ..selectors.seasons import manche_or_404
from ..selectors.signatures import seated_at
from ..services import registrations as registration_services
from .common import error_text


def manche_section_context(request, manche, *, reads: registration_reads.TableReads | None = None) -> dict:
    """The table section of the manche page: seats, waiting list, sign-up buttons, the draw
    (``reads``: the manche's registrations and seats, already read)."""
    user = request.user
    season = manche.season
    reads = reads or registration_reads.table_reads(manche)
    seated, waiting, seats = reads.seated, reads.waiting, reads.seats
    mine = (
        next((r for r in seated + waiting if r.player_id == user.pk), None) if user.is_authenticated else None
    )
    is_officer = can(user, Action.MANAGE_SEASON, season)
    takes_changes = manche.takes_registrations
    now = timezone.now()
    sign_ups_over = takes_changes and registration_reads.own_sign_up_closed(user, manche, now=now)
    own_changes = takes_changes and not sign_ups_over
    drawn = bool(seats) and all(s.jeton_colour for s in seats)
    registered_ids = {r.player_id for r in seated + waiting}
    section = {
        "seated": seated,
        "waiting": waiting,
        "free_seats": range(cal.missing_players(len(seated), absent=bool(manche.absent_id))),
        "fill": len(seated),
        "open_seats": cal.open_seats(len(seated)),
        "seats_count": cal.SEATS,
        "state": manche_state(manche, len(seated), now=now),
        "mine": mine,
        "played_here": manche.status == Manche.Status.PLAYED
        and user.is_authenticated
        and seated_at(manche, user),
        "mine_rank": registration_reads.waiting_rank(mine) if mine and mine.is_waiting else None,
        "can_register": bool(
            user.is_authenticated and mine is None and own_changes and can(user, Action.REGISTER_SELF, manche)
        ),
        "can_withdraw": bool(mine and own_changes and can(user, Action.WITHDRAW_SELF, mine)),
        "late": takes_changes and cal.is_last_minute(now, manche.starts_at),
        "sign_ups_over": sign_ups_over,
        "is_officer": is_officer and takes_changes,
        "can_draw": can(user, Action.RUN_DRAW, manche) and draw_ready(manche, len(seated)),
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


def _back_to_manche(request, manche: Manche, notice: tuple[str, str] | None = None):
    """The redirect after a registration write, or (htmx) the refreshed table section."""
    if request.htmx:
        context = {"manche": manche, "season": manche.season}
        context.update(manche_section_context(request, manche))
        context["table_section"]["notice"] = notice
        return render(request, "league/manche/_table.html", context)
    if notice:
        getattr(messages, notice[0])(request, notice[1])
    return redirect(manche)


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
    manche = manche_or_404(season_name, number)
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
        return _back_to_manche(request, manche, ("error", error_text(exc)))
    if registration.seat:
        text = _("Place %(seat)s sur %(seats)s réservée pour %(player)s.") % {
            "player": player,
            "seat": registration.seat,
            "seats": cal.SEATS,
        }
    else:
        rank = registration_reads.waiting_rank(registration)
        text = _("Table complète : n° %(rank)s sur la liste d'attente pour %(player)s.") % {
            "player": player,
            "rank": rank,
        }
    return _back_to_manche(request, manche, ("success", text))


@login_required
@require_POST
def registration_withdraw(request, season_name: str, number: int):
    manche = manche_or_404(season_name, number)
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
        return _back_to_manche(request, manche, ("error", error_text(exc)))
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

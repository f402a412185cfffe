"""Sign-ups to a manche ("Sélections"): five seats, an ordered waiting list, withdrawals.

The database holds the invariants: one registration per player and manche,
seats numbered 1..5 and unique per manche. A sign-up takes the lowest free
seat, or joins the waiting list; when a seat frees, the first waiting player
(sign-up order) takes it and is emailed. A withdrawal on the day of the
manche (club's date) is a last-minute one ("désistement de dernière
minute"): unreplaced, the manche is played at 4 with the withdrawn player
absent (classified 5th by the engine); a second one cancels the manche.
A member changes his own sign-up until the manche's day is over; after it,
only the President changes the table of the night played.

Every change is a saved or deleted row of ``Registration``, recorded by
django-simple-history with the acting member and a reason.
"""

from dataclasses import dataclass
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from config.typography import date_format

from ..models import Manche, Registration, Seat
from ..notifications import notify_members
from ..rules import calendar as cal
from ..selectors.registrations import (
    captaincies_to_play,
    own_sign_up_closed,
    seated,
    sign_ups_to_play,
    waiting,
)
from ..selectors.sheet import is_sheet_started
from .calendar import cancel_locked, manche_set_capitaine
from .revision import invalidate

SEATS = cal.SEATS


@dataclass(frozen=True)
class Withdrawal:
    """What a withdrawal did, for the confirmation message."""

    player: User
    late: bool = False
    promoted: User | None = None
    played_at_four: bool = False
    cancelled: bool = False


def _lock(manche: Manche) -> Manche:
    # Serialises sign-ups and withdrawals of one manche, so the waiting list
    # keeps its order; the seat constraints hold even without it.
    return Manche.objects.select_for_update().select_related("season").get(pk=manche.pk)


def _check_takes_changes(manche: Manche) -> None:
    if manche.season.is_closed:
        raise ValidationError(
            {
                "manche": _("La saison %(season)s est close : les inscriptions n'y changent plus.")
                % {"season": manche.season}
            }
        )
    if manche.status not in Manche.TO_PLAY:
        raise ValidationError(
            {
                "manche": _("La manche est %(status)s : les inscriptions n'y changent plus.")
                % {"status": manche.get_status_display().lower()}
            }
        )
    if is_sheet_started(manche):
        raise ValidationError({"manche": _("La feuille de marque est commencée : la table ne change plus.")})


def _check_own_change(manche: Manche, *, by: User | None, player: User, now: datetime) -> None:
    """A member's own sign-up, once the manche's day is over (:func:`own_sign_up_closed`):
    a withdrawal then would make the table he sat at one of four, or cancel the manche."""
    if by is not None and by.pk == player.pk and own_sign_up_closed(by, manche, now=now):
        raise ValidationError(
            {
                "manche": _(
                    "La manche du %(day)s est passée : votre inscription n'y change plus ; "
                    "le Président corrige la table si besoin."
                )
                % {"day": _when(manche)}
            }
        )


def _table_changed(manche: Manche, by: User | None) -> None:
    """The seated players changed: a draw made before no longer describes the table."""
    for seat in Seat.objects.filter(manche=manche):
        seat._history_user = by
        seat._change_reason = _("Table modifiée : tirage à refaire")
        seat.delete()


def _insert(manche: Manche, player: User, by: User | None, now: datetime) -> Registration:
    """Take the lowest free seat, or a place at the end of the waiting list.

    If another transaction takes the same seat first, the unique seat
    constraint refuses this insert; it is retried with the seats as they
    now are, so the newcomer ends up on another seat or waiting.
    """
    for _attempt in range(SEATS + 1):
        taken = set(
            Registration.objects.filter(manche=manche, seat__isnull=False).values_list("seat", flat=True)
        )
        free = next((s for s in range(1, SEATS + 1) if s not in taken), None)
        if free is not None and Registration.objects.filter(manche=manche, seat__isnull=True).exists():
            free = None  # nobody jumps the queue
        registration = Registration(manche=manche, player=player, seat=free, created_at=now)
        registration._history_user = by
        registration._change_reason = _("Inscription") if free else _("Inscription en liste d'attente")
        try:
            with transaction.atomic():
                registration.save()
        except IntegrityError:
            if Registration.objects.filter(manche=manche, player=player).exists():
                raise _already_registered(player) from None
            if free is None:
                raise
            continue
        return registration
    raise ValidationError({"manche": _("La table est trop demandée en ce moment : réessayez.")})


def _already_registered(player: User) -> ValidationError:
    return ValidationError(
        {
            "player": _("%(player)s est déjà inscrit à cette manche (une inscription par joueur).")
            % {"player": player}
        }
    )


@transaction.atomic
def registration_add(*, by: User | None, manche: Manche, player: User, now: datetime) -> Registration:
    """Sign ``player`` up (himself, or anyone by the President): a seat if one is free, else the waiting list.

    A player seated on a manche that was to be played at 4 replaces the
    absent one: the manche is played at 5 again.
    """
    manche = _lock(manche)
    _check_takes_changes(manche)
    _check_own_change(manche, by=by, player=player, now=now)
    if not player.is_active:
        raise ValidationError({"player": _("Un compte désactivé ne peut pas être inscrit.")})
    if Registration.objects.filter(manche=manche, player=player).exists():
        raise _already_registered(player)
    registration = _insert(manche, player, by, now)
    if registration.seat is not None:
        _table_changed(manche, by)
        if manche.absent_id is not None:
            manche.absent = None
            manche._history_user = by
            manche._change_reason = _("Place du désistement reprise : la manche se joue à 5")
            manche.save()
            invalidate(manche.season)
    return registration


def _promote_first_waiting(manche: Manche, seat: int, by: User | None, now: datetime) -> Registration | None:
    # Never a member who left: he would take a seat he cannot play, and never hear of it.
    first = waiting(manche).filter(player__is_active=True).select_for_update(of=("self",)).first()
    if first is None:
        return None
    first.seat = seat
    first._history_user = by
    first._change_reason = _("Promu de la liste d'attente")
    first.save()
    notify_members(
        [first.player],
        key=f"manche-promoted:{manche.pk}:{int(now.timestamp())}",
        template="registration_promoted",
        context={"manche": manche, "season": manche.season},
        url=manche.get_absolute_url(),
        now=now,
    )
    return first


@transaction.atomic
def registration_withdraw(*, by: User | None, registration: Registration, now: datetime) -> Withdrawal:
    """Withdraw a sign-up (the player himself, or the President removing him).

    A freed seat goes to the first waiting player. On the day of the manche,
    an unreplaced seat makes the manche played at 4 (Tarot-Bière), the
    withdrawn player being the absent one; with a second one the manche is
    cancelled and its players emailed.
    """
    manche = _lock(registration.manche)
    registration = Registration.objects.select_related("player").filter(pk=registration.pk).first()
    if registration is None:
        raise ValidationError({"registration": _("Cette inscription n'existe plus.")})
    _check_takes_changes(manche)
    player, seat = registration.player, registration.seat
    _check_own_change(manche, by=by, player=player, now=now)
    late = seat is not None and cal.is_last_minute(now, manche.starts_at)
    registration._history_user = by
    registration._change_reason = _("Désistement de dernière minute") if late else _("Désistement")
    registration.delete()
    if seat is None:
        return Withdrawal(player=player)
    _table_changed(manche, by)
    promoted = _promote_first_waiting(manche, seat, by, now)
    if promoted is not None or not late:
        return Withdrawal(player=player, late=late, promoted=promoted.player if promoted else None)
    if not manche.season.ruleset().allows_absent:
        return Withdrawal(player=player, late=True)
    remaining = seated(manche).count()
    if manche.absent_id is None and remaining == SEATS - 1:
        manche.absent = player
        manche._history_user = by
        manche._change_reason = _("Désistement de dernière minute : la manche se joue à 4")
        manche.save()
        invalidate(manche.season)
        return Withdrawal(player=player, late=True, played_at_four=True)
    if manche.absent_id is not None:
        names = f"{manche.absent}, {player}"
        reason = _("Deux désistements de dernière minute (%(names)s)") % {"names": names}
    else:
        reason = _("Désistement de dernière minute de %(player)s : moins de quatre joueurs") % {
            "player": player
        }
    cancel_locked(manche, by=by, reason=reason, now=now)
    return Withdrawal(player=player, late=True, cancelled=True)


# --- A member who leaves ------------------------------------------------------------


def _when(manche: Manche) -> str:
    return date_format(timezone.localtime(manche.starts_at), "l j F")


def departure_effects(player: User, *, now: datetime) -> list[str]:
    """What deactivating ``player`` undoes in the manches still to play, one line each (for the
    President's confirmation page): his sign-ups withdrawn, his captaincies ended."""
    lines = []
    for registration in sign_ups_to_play(player, now=now):
        manche = registration.manche
        where = {"n": manche.number, "season": manche.season.name, "day": _when(manche)}
        if registration.seat is None:
            text = _("Manche %(n)s (%(season)s), %(day)s : il quitte la liste d'attente.")
        elif cal.is_last_minute(now, manche.starts_at):
            text = _(
                "Manche %(n)s (%(season)s), %(day)s : c'est le jour même, un désistement de dernière "
                "minute ; sans joueur en attente pour le remplacer, la table se joue à 4 (ou la manche "
                "est annulée)."
            )
        else:
            text = _(
                "Manche %(n)s (%(season)s), %(day)s : sa place à la table est libérée ; le premier de la "
                "liste d'attente la prend et en est prévenu par e-mail."
            )
        lines.append(text % where)
    for manche in captaincies_to_play(player):
        where = {"n": manche.number, "season": manche.season.name, "day": _when(manche)}
        lines.append(_("Manche %(n)s (%(season)s), %(day)s : elle n'a plus de capitaine désigné.") % where)
    return lines


def member_departed(*, player: User, by: User | None, now: datetime) -> list[Withdrawal]:
    """A member was deactivated: withdraw each of his sign-ups to manches still to play through
    :func:`registration_withdraw` (his seat goes to the first active waiting player, who is
    emailed) and end his captaincies of them. Runs in the deactivation's transaction."""
    withdrawals = [
        registration_withdraw(by=by, registration=registration, now=now)
        for registration in sign_ups_to_play(player, now=now)
    ]
    for manche in captaincies_to_play(player):
        manche_set_capitaine(by=by, manche=manche, capitaine=None, now=now)
    return withdrawals

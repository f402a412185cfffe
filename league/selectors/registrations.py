"""Reads of the registrations area: a manche's seated players, its waiting list, a player's rank in it."""

from dataclasses import dataclass
from datetime import datetime

from accounts.models import User

from ..models import Manche, Registration, Season, Seat
from ..permissions import Action, can
from ..rules import calendar as cal
from .people import with_names
from .sheet import sheet_started


def seated(manche: Manche):
    """The seated registrations, by seat."""
    return (
        Registration.objects.filter(manche=manche, seat__isnull=False)
        .select_related("player")
        .order_by("seat")
    )


def waiting(manche: Manche):
    """The waiting list, first come first."""
    return (
        Registration.objects.filter(manche=manche, seat__isnull=True)
        .select_related("player")
        .order_by("created_at", "pk")
    )


def _still_to_play(manches):
    """Of ``manches``, those still to play whose table may change: planned or open, in a season
    not closed, their sheet not started (the services' own conditions)."""
    return (
        manches.filter(status__in=Manche.TO_PLAY)
        .exclude(season__state=Season.State.CLOSED)
        .exclude(sheet_started())
    )


def own_sign_up_closed(user, manche: Manche, *, now: datetime) -> bool:
    """Whether ``user``'s own sign-up to ``manche`` no longer changes: its day is over (the
    night is played) and he does not run its season. Until then a member signs up and
    withdraws as he likes; after it, who came and who did not is the President's to say."""
    return cal.day_over(now, manche.starts_at) and not can(user, Action.MANAGE_SEASON, manche.season)


def sign_ups_to_play(player: User, *, now: datetime):
    """``player``'s sign-ups (seated or waiting) to manches still to play, soonest first:
    what his deactivation withdraws. Not those of a manche whose day is over: he played
    it or did not come, and withdrawing him would make its table one of four or cancel it."""
    manches = _still_to_play(Manche.objects.all()).filter(starts_at__gte=cal.day_start(now))
    return (
        Registration.objects.filter(player=player, manche__in=manches)
        .select_related("manche__season")
        .order_by("manche__starts_at", "manche__number")
    )


def captaincies_to_play(player: User):
    """The manches still to play ``player`` is the capitaine of, soonest first."""
    return (
        _still_to_play(Manche.objects.filter(capitaine=player))
        .select_related("season")
        .order_by("starts_at", "number")
    )


@dataclass(frozen=True)
class TableReads:
    """What the manche page's sections all read of its table, read once per view:
    the seated registrations by seat, the waiting list first come first, and
    the saved seats in playing order (each registration's ``manche`` is the one given)."""

    seated: list
    waiting: list
    seats: list


def table_reads(manche: Manche, *, seats: list | None = None) -> TableReads:
    """The manche's registrations and seats, one query each (``seated``,
    ``waiting`` and ``league.selectors.sheet.seats_of`` read them apart);
    ``seats``, when given, are not read again.

    Once the manche is played its page lists the seats, not the sign-ups: none
    is read then (who played is told so from the seats)."""
    registrations = with_names(Registration.objects.filter(manche=manche), "player")
    if manche.status == Manche.Status.PLAYED:
        registrations = []
    registrations = list(registrations)
    for registration in registrations:
        registration.manche = manche  # the permission checks read it: not again from the database
    return TableReads(
        seated=sorted((r for r in registrations if r.seat is not None), key=lambda r: r.seat),
        waiting=sorted((r for r in registrations if r.seat is None), key=lambda r: (r.created_at, r.pk)),
        seats=list(with_names(Seat.objects.filter(manche=manche), "player").order_by("position"))
        if seats is None
        else list(seats),
    )


def registration_of(manche: Manche, player: User) -> Registration | None:
    """``player``'s sign-up to ``manche`` (he has one at most), read alone: in the
    registrations' order, it was joined to the manches to sort one row."""
    return Registration.objects.filter(manche=manche, player=player).order_by().first()


def waiting_rank(registration: Registration) -> int | None:
    """1 for the first waiting player, … ; None when seated."""
    if not registration.is_waiting:
        return None
    ahead = (
        Registration.objects.filter(manche_id=registration.manche_id, seat__isnull=True)
        .filter(created_at__lt=registration.created_at)
        .count()
        + Registration.objects.filter(
            manche_id=registration.manche_id,
            seat__isnull=True,
            created_at=registration.created_at,
            pk__lt=registration.pk,
        ).count()
    )
    return ahead + 1


def my_place(manche: Manche, user: User) -> dict:
    """``user``'s own standing at ``manche``: his seat, his rank on the waiting list, or whether he may sign up.

    ``manche`` is read with ``user``'s place among its sign-ups (``with_counts(…, reader=user)``):
    one who has none, as most readers, is not looked for again."""
    mine = registration_of(manche, user) if manche.mine else None
    return {
        "my_registration": mine,
        "my_rank": waiting_rank(mine) if mine and mine.is_waiting else None,
        "can_register": mine is None and can(user, Action.REGISTER_SELF, manche),
    }

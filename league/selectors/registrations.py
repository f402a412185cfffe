"""Reads of the registrations area: a manche's seated players, its waiting list, a player's rank in it."""

from accounts.models import User

from ..models import Manche, Registration
from ..permissions import Action, can


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


def registration_of(manche: Manche, player: User) -> Registration | None:
    return Registration.objects.filter(manche=manche, player=player).first()


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
    """``user``'s own standing at ``manche``: his seat, his rank on the waiting list, or whether he may sign up."""
    mine = registration_of(manche, user)
    return {
        "my_registration": mine,
        "my_rank": waiting_rank(mine) if mine and mine.is_waiting else None,
        "can_register": mine is None and can(user, Action.REGISTER_SELF, manche),
    }

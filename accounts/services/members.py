"""Members: deactivating and reactivating an account (its history stays).

Writes are atomic, keyword-only, with ``now`` passed in.
"""

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from ..models import (
    Invitation,
    Mandate,
    User,
)
from ..signals import member_deactivated
from .common import audit


@transaction.atomic
def member_deactivate(*, by: User, user: User, now: datetime) -> User:
    """A member who left: he can no longer sign in; nothing he did is touched.

    Only ``is_active`` changes, so his results, comptes-rendus and titles
    stay exactly where they are, and reactivation gives everything back. What
    he was to do is undone by the apps above (``signals.member_deactivated``):
    his sign-ups to manches still to play are withdrawn, their seats going to
    the waiting lists. Those are not given back on reactivation.
    """
    user = User.objects.select_for_update().get(pk=user.pk)
    if user.pk == by.pk:
        raise ValidationError({"user": _("Vous ne pouvez pas vous désactiver vous-même.")})
    if Mandate.objects.filter(user=user, ended_at__isnull=True).exists():
        raise ValidationError(
            {"user": _("%(name)s occupe une fonction du club : transmettez-la d'abord.") % {"name": user}}
        )
    if user.is_active:
        user.is_active = False
        audit(user, by=by, reason="membre désactivé")
        user.save(update_fields=["is_active"])
    # He plays no more: the apps above withdraw his sign-ups to the manches still to play
    # (sent even if he was already inactive, to finish what an earlier deactivation left).
    member_deactivated.send(sender=User, user=user, by=by, now=now)
    # A link sent before he left must not bring him back behind the President's back.
    for invitation in Invitation.objects.filter(user=user, used_at__isnull=True, revoked_at__isnull=True):
        invitation.revoked_at = now
        audit(invitation, by=by, reason="membre désactivé")
        invitation.save(update_fields=["revoked_at"])
    return user


@transaction.atomic
def member_reactivate(*, by: User, user: User, now: datetime) -> User:
    """He is back: same account, same history, same password."""
    user = User.objects.select_for_update().get(pk=user.pk)
    if not user.has_usable_password():
        raise ValidationError(
            {
                "user": _(
                    "%(name)s n'a jamais choisi de mot de passe : envoyez-lui une invitation pour reprendre son compte."
                )
                % {"name": user}
            }
        )
    if not user.is_active:
        user.is_active = True
        audit(user, by=by, reason="membre réactivé")
        user.save(update_fields=["is_active"])
    return user

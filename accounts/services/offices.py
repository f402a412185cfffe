"""The club's offices: handing the presidency over, designating the Vice-President.

Writes are atomic, keyword-only, with ``now`` passed in.
"""

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from ..models import (
    Mandate,
    User,
)
from ..roles import offices_changed


@transaction.atomic
def presidency_hand_over(*, by: User | None, to: User, now: datetime) -> Mandate:
    """The intronisation: the outgoing President hands the office to ``to``."""
    if not to.is_active:
        raise ValidationError({"user": _("Un membre désactivé ne peut pas être intronisé.")})
    current = Mandate.objects.select_for_update().filter(role=Mandate.Role.PRESIDENT, ended_at__isnull=True)
    current.update(ended_at=now)
    # The new President cannot also be the Vice-President.
    Mandate.objects.filter(role=Mandate.Role.VICE_PRESIDENT, ended_at__isnull=True, user=to).update(
        ended_at=now
    )
    mandate = Mandate.objects.create(user=to, role=Mandate.Role.PRESIDENT, started_at=now, appointed_by=by)
    offices_changed()
    return mandate


@transaction.atomic
def vice_president_designate(*, by: User, user: User | None, now: datetime) -> Mandate | None:
    """The President designates (or, with ``None``, removes) his Vice-President."""
    Mandate.objects.select_for_update().filter(
        role=Mandate.Role.VICE_PRESIDENT, ended_at__isnull=True
    ).update(ended_at=now)
    offices_changed()
    if user is None:
        return None
    if Mandate.objects.filter(role=Mandate.Role.PRESIDENT, ended_at__isnull=True, user=user).exists():
        raise ValidationError({"user": _("Le Président ne peut pas être son propre Vice-Président.")})
    mandate = Mandate.objects.create(
        user=user, role=Mandate.Role.VICE_PRESIDENT, started_at=now, appointed_by=by
    )
    offices_changed()
    return mandate

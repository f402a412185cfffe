"""What the accounts services share: the audit trail, e-mail normalisation, single-use links.

Writes are atomic, keyword-only, with ``now`` passed in.
"""

from datetime import datetime

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ..emails import absolute_url, send_email
from ..models import (
    EmailChange,
    Invitation,
    User,
)


def audit(instance, *, by: User | None, reason: str) -> None:
    if by is not None:
        instance._history_user = by
    instance._change_reason = reason


def normalize_email(email: str) -> str:
    return (email or "").strip()


def send_already_member(user: User, *, now: datetime) -> None:
    """Told to the address's owner only, so a form never reveals who is a member."""
    send_email(
        "already_member",
        to=[user.email],
        context={
            "user": user,
            "login_url": absolute_url("accounts:login"),
            "reset_url": absolute_url("accounts:password_reset"),
        },
        now=now,
    )


def invalid_link_error() -> ValidationError:
    return ValidationError(
        {"token": _("Ce lien n'est plus valable : il a déjà servi, a expiré ou a été annulé.")}
    )


def spend_link(link: Invitation | EmailChange | None, *, used: str, withdrawn: str, now: datetime) -> None:
    """Mark a one-time link used, by one conditional UPDATE; refuse a link that is gone or already spent.

    Two clicks (two tabs, a double submit) may both have found the link usable:
    only the one whose UPDATE still finds it unused (``used``), not withdrawn
    (``withdrawn``) and unexpired goes on, the other gets the invalid-link refusal.
    """
    if link is None:
        raise invalid_link_error()
    spent = (
        type(link)
        .objects.filter(
            pk=link.pk, **{f"{used}__isnull": True, f"{withdrawn}__isnull": True}, expires_at__gt=now
        )
        .update(**{used: now})
    )
    if spent != 1:
        raise invalid_link_error()

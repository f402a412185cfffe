"""Join requests: a visitor asks to join, the President approves (an invitation is sent) or refuses.

Writes are atomic, keyword-only, with ``now`` passed in.
"""

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from ..email_throttle import may_send
from ..emails import absolute_url, send_email
from ..models import (
    Invitation,
    JoinRequest,
    User,
)
from ..roles import current_president, current_vice_president
from ..selectors import member_with_email
from .common import audit, normalize_email, send_already_member
from .invitations import invitation_prepare, send_invitation


def _officers() -> list[User]:
    return [u for u in (current_president(), current_vice_president()) if u is not None and u.is_active]


def join_request_submit(
    *, name: str, email: str, message: str, now: datetime, client: str | None = None
) -> JoinRequest | None:
    """A visitor asks to join; the President decides.

    The page answers the same in every case. An address that is already an
    active member's gets a reminder of how to sign in instead; a second
    request while one waits is not filed twice. Beyond a few requests an
    hour for one address or from one ``client`` address, nothing is sent
    (``accounts.email_throttle``).
    """
    email = normalize_email(email)
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": _("Indiquez votre nom.")})
    if not email:
        raise ValidationError({"email": _("Indiquez votre adresse e-mail.")})
    if not may_send("join_request", address=email, client=client):
        return None
    owner = member_with_email(email)
    if owner is not None:
        send_already_member(owner, now=now)
        return None
    with transaction.atomic():
        if JoinRequest.objects.filter(email__iexact=email, decided_at__isnull=True).exists():
            return None
        join_request = JoinRequest(name=name, email=email, message=(message or "").strip(), created_at=now)
        audit(join_request, by=None, reason="demande d'adhésion")
        join_request.save()
        send_email("join_request_received", to=[email], context={"join_request": join_request}, now=now)
        send_email(
            "join_request_to_president",
            to=[u.email for u in _officers()],
            context={
                "join_request": join_request,
                "review_url": absolute_url("accounts:membership"),
            },
            reply_to=[email],
            now=now,
        )
    return join_request


def join_request_approve(
    *, by: User, join_request: JoinRequest, username: str, display_name: str, now: datetime
) -> Invitation | None:
    """Approving a request sends the requester his invitation link."""
    with transaction.atomic():
        join_request = JoinRequest.objects.select_for_update().get(pk=join_request.pk)
        if not join_request.is_pending:
            raise ValidationError({"join_request": _("Cette demande a déjà été traitée.")})
        prepared = invitation_prepare(
            by=by,
            email=join_request.email,
            username=username,
            display_name=display_name or join_request.name,
            now=now,
        )
        join_request.decided_at = now
        join_request.decided_by = by
        join_request.approved = True
        join_request.invitation = None if isinstance(prepared, User) else prepared[0]
        audit(join_request, by=by, reason="demande acceptée")
        join_request.save(update_fields=["decided_at", "decided_by", "approved", "invitation"])
        if isinstance(prepared, User):
            send_already_member(prepared, now=now)
            return None
        invitation, token = prepared
        send_invitation(
            invitation, token, by=by, now=now, template="join_request_approved", join_request=join_request
        )
    return invitation


@transaction.atomic
def join_request_refuse(*, by: User, join_request: JoinRequest, now: datetime) -> JoinRequest:
    join_request = JoinRequest.objects.select_for_update().get(pk=join_request.pk)
    if not join_request.is_pending:
        raise ValidationError({"join_request": _("Cette demande a déjà été traitée.")})
    join_request.decided_at = now
    join_request.decided_by = by
    join_request.approved = False
    audit(join_request, by=by, reason="demande refusée")
    join_request.save(update_fields=["decided_at", "decided_by", "approved"])
    return join_request

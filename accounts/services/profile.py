"""A member's own profile: his details, changing his e-mail address (confirmed by a link), renewing his calendar link.

Writes are atomic, keyword-only, with ``now`` passed in.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from .. import tokens
from ..emails import absolute_url, send_email
from ..models import (
    EmailChange,
    User,
    new_calendar_token,
)
from ..signals import display_name_changed
from .common import audit, normalize_email, spend_link


def profile_save(*, form) -> User:
    """Save a member's own details (a valid profile form); the pages showing his name follow."""
    user = form.instance
    before = User.objects.filter(pk=user.pk).values_list("display_name", flat=True).first()
    with transaction.atomic():
        user = form.save()
        if user.display_name != before:
            display_name_changed.send(sender=User, user=user)
    return user


def email_change_valid_for() -> timedelta:
    return timedelta(hours=getattr(settings, "EMAIL_CHANGE_VALID_HOURS", 48))


def email_change_request(*, user: User, new_email: str, now: datetime) -> EmailChange:
    """A member asks to use a new address; it applies once he opens the link sent there.

    If the address is already another account's, the request is recorded
    all the same (the profile shows it pending, as for any address) but no
    link is sent: nothing the member sees reveals who is registered, and the
    request can never be confirmed.
    """
    new_email = normalize_email(new_email)
    if not new_email:
        raise ValidationError({"new_email": _("Indiquez la nouvelle adresse.")})
    if new_email.lower() == (user.email or "").lower():
        raise ValidationError({"new_email": _("C'est déjà votre adresse.")})
    with transaction.atomic():
        for pending in EmailChange.objects.filter(
            user=user, confirmed_at__isnull=True, cancelled_at__isnull=True
        ):
            pending.cancelled_at = now
            audit(pending, by=user, reason="remplacé par une nouvelle demande")
            pending.save(update_fields=["cancelled_at"])
        taken = User.objects.filter(email__iexact=new_email).exclude(pk=user.pk).exists()
        token, token_hash = tokens.new_token()
        change = EmailChange(
            user=user,
            new_email=new_email,
            token_hash=token_hash,
            created_at=now,
            expires_at=now + email_change_valid_for(),
        )
        audit(change, by=user, reason="changement d'adresse demandé")
        change.save()
        if not taken:
            send_email(
                "email_change_confirm",
                to=[new_email],
                context={
                    "user": user,
                    "change": change,
                    "confirm_url": absolute_url("accounts:email_confirm", token=token),
                    "valid_hours": int(email_change_valid_for().total_seconds() // 3600),
                },
                now=now,
            )
    return change


def email_change_for_token(token: str, *, now: datetime) -> EmailChange | None:
    if not token:
        return None
    change = EmailChange.objects.filter(token_hash=tokens.hash_token(token)).select_related("user").first()
    if change is None or not change.is_usable(now):
        return None
    return change


@transaction.atomic
def email_change_confirm(*, token: str, now: datetime) -> User:
    change = email_change_for_token(token, now=now)
    spend_link(change, used="confirmed_at", withdrawn="cancelled_at", now=now)
    user = User.objects.select_for_update().get(pk=change.user_id)
    if User.objects.filter(email__iexact=change.new_email).exclude(pk=user.pk).exists():
        raise ValidationError({"new_email": _("Cette adresse est déjà utilisée par un autre compte.")})
    user.email = change.new_email
    audit(user, by=user, reason="adresse e-mail confirmée")
    user.save(update_fields=["email"])
    change.confirmed_at = now
    audit(change, by=user, reason="changement d'adresse confirmé")
    change.save(update_fields=["confirmed_at"])
    return user


@transaction.atomic
def calendar_token_reset(*, user: User, now: datetime) -> str:
    """A new secret address for the personal calendar; the old one stops working."""
    user.calendar_token = new_calendar_token()
    audit(user, by=user, reason="lien de calendrier renouvelé")
    user.save(update_fields=["calendar_token"])
    return user.calendar_token

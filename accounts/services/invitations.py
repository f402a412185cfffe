"""Invitations: the President invites a player by e-mail, the player accepts with a single-use link.

Writes are atomic, keyword-only, with ``now`` passed in.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from .. import tokens
from ..emails import absolute_url, send_email
from ..models import (
    Invitation,
    User,
    short_id_validator,
)
from ..roles import is_club_president
from ..selectors import is_established, user_with_email
from ..signals import display_name_changed
from .common import (
    audit,
    normalize_email,
    spend_link,
)


def invitation_valid_for() -> timedelta:
    return timedelta(days=settings.INVITATION_VALID_DAYS)


def invitation_prepare(
    *, by: User | None, email: str, username: str, display_name: str, now: datetime
) -> tuple[Invitation, str] | User:
    """Create an invitation and return it with its raw token.

    Returns the existing member instead when the address already belongs to
    an active member who can sign in: there is nobody to invite.
    """
    email = normalize_email(email)
    username = (username or "").strip().lower()
    display_name = (display_name or "").strip()
    if not email:
        raise ValidationError({"email": _("Indiquez l'adresse e-mail du joueur.")})
    if not username:
        raise ValidationError({"username": _("Indiquez l'identifiant court du joueur (ex. « ben »).")})
    try:
        short_id_validator(username)
    except ValidationError as error:
        raise ValidationError({"username": error.messages}) from None

    owner = user_with_email(email)
    if owner is not None and is_established(owner):
        return owner
    target = User.objects.filter(username=username).first()
    if target is not None and is_established(target):
        raise ValidationError(
            {
                "username": _("L'identifiant « %(username)s » est déjà celui d'un membre actif.")
                % {"username": username}
            }
        )
    if owner is not None and target is not None and owner.pk != target.pk:
        raise ValidationError(
            {
                "email": _(
                    "Cette adresse est déjà celle du compte « %(other)s » : invitez-le sous cet identifiant."
                )
                % {"other": owner.username}
            }
        )
    # An inactive account with that address is the one the player takes back.
    target = target or owner
    if target is not None and target.has_usable_password() and by is not None and not is_club_president(by):
        # A member who once signed in: handing his account (history, titles)
        # to a new address is the President's decision, and is told to him.
        raise ValidationError(
            {
                "username": _(
                    "Le compte « %(username)s » a déjà servi : seul le Président peut le faire reprendre "
                    "(son ancienne adresse en est prévenue)."
                )
                % {"username": target.username}
            }
        )
    if target is not None:
        username = target.username
        display_name = display_name or target.display_name
    if not display_name:
        raise ValidationError({"display_name": _("Indiquez le nom du joueur.")})

    # One live link per person: a new invitation replaces the older ones.
    for older in Invitation.objects.filter(used_at__isnull=True, revoked_at__isnull=True).filter(
        Q(email__iexact=email) | Q(username=username)
    ):
        older.revoked_at = now
        audit(older, by=by, reason="remplacée par une nouvelle invitation")
        older.save(update_fields=["revoked_at"])

    token, token_hash = tokens.new_token()
    invitation = Invitation(
        email=email,
        username=username,
        display_name=display_name,
        token_hash=token_hash,
        created_by=by,
        created_at=now,
        sent_at=now,
        expires_at=now + invitation_valid_for(),
        user=target,
        claim=target is not None,
    )
    invitation.full_clean(exclude=["token_hash", "created_by", "user"])
    audit(invitation, by=by, reason="invitation")
    invitation.save()
    return invitation, token


def send_invitation(
    invitation: Invitation,
    token: str,
    *,
    by: User | None,
    now: datetime,
    template: str = "invitation",
    **extra,
):
    send_email(
        template,
        to=[invitation.email],
        context={
            "invitation": invitation,
            "inviter": by,
            "accept_url": absolute_url("accounts:invitation_accept", token=token),
            "valid_days": settings.INVITATION_VALID_DAYS,
            **extra,
        },
        reply_to=[by.email] if by is not None and by.email else None,
        now=now,
    )


def invitation_create(
    *, by: User | None, email: str, username: str, display_name: str, now: datetime
) -> Invitation:
    """The President invites a player (or lets an imported player claim his account).

    When the address is already an active member's, nothing is made nor sent:
    the officer, who sees the members' addresses anyway, is told whose it is
    at the email field (unlike the public join form, which reveals nothing).
    """
    with transaction.atomic():
        prepared = invitation_prepare(
            by=by, email=email, username=username, display_name=display_name, now=now
        )
        if isinstance(prepared, User):
            raise ValidationError(
                {
                    "email": _(
                        "Cette adresse est déjà celle d'un membre, %(name)s : "
                        "aucune invitation n'a été envoyée."
                    )
                    % {"name": prepared.display_name or prepared.username}
                }
            )
        invitation, token = prepared
        send_invitation(invitation, token, by=by, now=now)
        _notify_old_address(invitation, by=by, now=now)
    return invitation


def _notify_old_address(invitation: Invitation, *, by: User | None, now: datetime) -> None:
    """A claim of an account that had a password: its former address is told, whoever asked."""
    user = invitation.user
    if not (invitation.claim and user.has_usable_password() and user.email):
        return
    if user.email.lower() == invitation.email.lower():
        return
    send_email(
        "account_claim_notice",
        to=[user.email],
        context={"user": user, "invitation": invitation, "inviter": by},
        now=now,
    )


def invitation_resend(*, by: User | None, invitation: Invitation, now: datetime) -> Invitation:
    """A fresh link (the previous one stops working) and a fresh validity period."""
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
        if invitation.used_at is not None:
            raise ValidationError({"invitation": _("Cette invitation a déjà été acceptée.")})
        if invitation.revoked_at is not None:
            raise ValidationError(
                {"invitation": _("Cette invitation a été révoquée : faites-en une nouvelle.")}
            )
        token, invitation.token_hash = tokens.new_token()
        invitation.sent_at = now
        invitation.expires_at = now + invitation_valid_for()
        audit(invitation, by=by, reason="invitation renvoyée")
        invitation.save(update_fields=["token_hash", "sent_at", "expires_at"])
        send_invitation(invitation, token, by=by, now=now)
    return invitation


@transaction.atomic
def invitation_revoke(*, by: User | None, invitation: Invitation, now: datetime) -> Invitation:
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.used_at is not None:
        raise ValidationError(
            {"invitation": _("Cette invitation a déjà été acceptée : elle ne peut plus être révoquée.")}
        )
    if invitation.revoked_at is None:
        invitation.revoked_at = now
        audit(invitation, by=by, reason="invitation révoquée")
        invitation.save(update_fields=["revoked_at"])
    return invitation


def invitation_for_token(token: str, *, now: datetime) -> Invitation | None:
    """The invitation this link opens, or None when it is unknown, used, revoked or expired.

    The caller shows one and the same page for every ``None``: the link
    says nothing about why it no longer works.
    """
    if not token:
        return None
    invitation = Invitation.objects.filter(token_hash=tokens.hash_token(token)).select_related("user").first()
    if invitation is None or not invitation.is_usable(now):
        return None
    return invitation


@transaction.atomic
def invitation_accept(*, token: str, password: str, display_name: str = "", now: datetime) -> User:
    """The invited player chooses his password: his account opens (or reopens).

    For a claim the existing account is reactivated with his history, under
    the same username; otherwise a new member is created. The link is
    spent by a conditional update, so two clicks cannot both use it.
    """
    invitation = invitation_for_token(token, now=now)
    spend_link(invitation, used="used_at", withdrawn="revoked_at", now=now)

    display_name = (display_name or "").strip() or invitation.display_name
    if User.objects.filter(email__iexact=invitation.email).exclude(pk=invitation.user_id).exists():
        raise ValidationError(
            {
                "email": _(
                    "Cette adresse est déjà utilisée par un autre compte : demandez au Président une nouvelle invitation."
                )
            }
        )
    if invitation.user_id is not None:
        user = User.objects.select_for_update().get(pk=invitation.user_id)
    else:
        if User.objects.filter(username=invitation.username).exists():
            raise ValidationError(
                {
                    "username": _(
                        "L'identifiant « %(username)s » a été pris entre-temps : demandez au Président une nouvelle invitation."
                    )
                    % {"username": invitation.username}
                }
            )
        user = User(username=invitation.username, date_joined=now)
    renamed = user.pk is not None and user.display_name != display_name
    user.display_name = display_name
    user.email = invitation.email
    user.is_active = True
    user.set_password(password)
    audit(
        user,
        by=user if user.pk else None,
        reason="compte repris sur invitation" if invitation.claim else "inscription sur invitation",
    )
    user.save()
    invitation.used_at = now
    invitation.user = user
    audit(invitation, by=user, reason="invitation acceptée")
    invitation.save(update_fields=["used_at", "user"])
    if renamed:
        display_name_changed.send(sender=User, user=user)
    return user

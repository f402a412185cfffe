"""Writes on accounts and offices: atomic, keyword-only, ``now`` passed in."""

from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from . import tokens
from .email_throttle import may_send
from .emails import absolute_url, send_email
from .models import (
    EmailChange,
    Invitation,
    JoinRequest,
    Mandate,
    User,
    new_calendar_token,
    short_id_validator,
)
from .roles import current_president, current_vice_president, is_club_president


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
    return Mandate.objects.create(user=to, role=Mandate.Role.PRESIDENT, started_at=now, appointed_by=by)


@transaction.atomic
def vice_president_designate(*, by: User, user: User | None, now: datetime) -> Mandate | None:
    """The President designates (or, with ``None``, removes) his Vice-President."""
    Mandate.objects.select_for_update().filter(
        role=Mandate.Role.VICE_PRESIDENT, ended_at__isnull=True
    ).update(ended_at=now)
    if user is None:
        return None
    if Mandate.objects.filter(role=Mandate.Role.PRESIDENT, ended_at__isnull=True, user=user).exists():
        raise ValidationError({"user": _("Le Président ne peut pas être son propre Vice-Président.")})
    return Mandate.objects.create(
        user=user, role=Mandate.Role.VICE_PRESIDENT, started_at=now, appointed_by=by
    )


# --- Membership: invitations, join requests, leaving and returning ---------
#
# Every write below is recorded by django-simple-history with who did it
# (``_history_user``) and why (``_change_reason``). Emails are sent once the
# database work has committed, so a failed write never sends a link.


def _audit(instance, *, by: User | None, reason: str) -> None:
    if by is not None:
        instance._history_user = by
    instance._change_reason = reason


def _normalize_email(email: str) -> str:
    return (email or "").strip()


def _user_with_email(email: str) -> User | None:
    return User.objects.filter(email__iexact=email).first() if email else None


def _is_established(user: User) -> bool:
    """An active member who can sign in: his account is not up for the taking."""
    return user.is_active and user.has_usable_password()


def _send_already_member(user: User) -> None:
    """Told to the address's owner only, so a form never reveals who is a member."""
    send_email(
        "already_member",
        to=[user.email],
        context={
            "user": user,
            "login_url": absolute_url("accounts:login"),
            "reset_url": absolute_url("accounts:password_reset"),
        },
    )


def invitation_valid_for() -> timedelta:
    return timedelta(days=settings.INVITATION_VALID_DAYS)


def _invitation_prepare(
    *, by: User | None, email: str, username: str, display_name: str, now: datetime
) -> tuple[Invitation, str] | User:
    """Create an invitation and return it with its raw token.

    Returns the existing member instead when the address already belongs to
    an active member who can sign in: there is nobody to invite.
    """
    email = _normalize_email(email)
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

    owner = _user_with_email(email)
    if owner is not None and _is_established(owner):
        return owner
    target = User.objects.filter(username=username).first()
    if target is not None and _is_established(target):
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
        _audit(older, by=by, reason="remplacée par une nouvelle invitation")
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
    _audit(invitation, by=by, reason="invitation")
    invitation.save()
    return invitation, token


def _send_invitation(
    invitation: Invitation, token: str, *, by: User | None, template: str = "invitation", **extra
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
    )


def invitation_create(
    *, by: User | None, email: str, username: str, display_name: str, now: datetime
) -> Invitation | None:
    """The President invites a player (or lets an imported player claim his account).

    When the address is already an active member's, no invitation is made:
    that member is told by email how to sign in, and the caller answers the
    same either way, so the form reveals nothing about who is registered.
    """
    with transaction.atomic():
        prepared = _invitation_prepare(
            by=by, email=email, username=username, display_name=display_name, now=now
        )
    if isinstance(prepared, User):
        _send_already_member(prepared)
        return None
    invitation, token = prepared
    _send_invitation(invitation, token, by=by)
    _notify_old_address(invitation, by=by)
    return invitation


def _notify_old_address(invitation: Invitation, *, by: User | None) -> None:
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
        _audit(invitation, by=by, reason="invitation renvoyée")
        invitation.save(update_fields=["token_hash", "sent_at", "expires_at"])
    _send_invitation(invitation, token, by=by)
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
        _audit(invitation, by=by, reason="invitation révoquée")
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


def invalid_link_error() -> ValidationError:
    return ValidationError(
        {"token": _("Ce lien n'est plus valable : il a déjà servi, a expiré ou a été annulé.")}
    )


def _spend_link(link: Invitation | EmailChange | None, *, used: str, withdrawn: str, now: datetime) -> None:
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


@transaction.atomic
def invitation_accept(*, token: str, password: str, display_name: str = "", now: datetime) -> User:
    """The invited player chooses his password: his account opens (or reopens).

    For a claim the existing account is reactivated with his history, under
    the same username; otherwise a new member is created. The link is
    spent by a conditional update, so two clicks cannot both use it.
    """
    invitation = invitation_for_token(token, now=now)
    _spend_link(invitation, used="used_at", withdrawn="revoked_at", now=now)

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
    user.display_name = display_name
    user.email = invitation.email
    user.is_active = True
    user.set_password(password)
    _audit(
        user,
        by=user if user.pk else None,
        reason="compte repris sur invitation" if invitation.claim else "inscription sur invitation",
    )
    user.save()
    invitation.used_at = now
    invitation.user = user
    _audit(invitation, by=user, reason="invitation acceptée")
    invitation.save(update_fields=["used_at", "user"])
    return user


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
    email = _normalize_email(email)
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": _("Indiquez votre nom.")})
    if not email:
        raise ValidationError({"email": _("Indiquez votre adresse e-mail.")})
    if not may_send("join_request", address=email, client=client):
        return None
    owner = _user_with_email(email)
    if owner is not None and _is_established(owner):
        _send_already_member(owner)
        return None
    with transaction.atomic():
        if JoinRequest.objects.filter(email__iexact=email, decided_at__isnull=True).exists():
            return None
        join_request = JoinRequest(name=name, email=email, message=(message or "").strip(), created_at=now)
        _audit(join_request, by=None, reason="demande d'adhésion")
        join_request.save()
    send_email("join_request_received", to=[email], context={"join_request": join_request})
    officers = _officers()
    send_email(
        "join_request_to_president",
        to=[u.email for u in officers],
        context={
            "join_request": join_request,
            "review_url": absolute_url("accounts:membership"),
        },
        reply_to=[email],
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
        prepared = _invitation_prepare(
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
        _audit(join_request, by=by, reason="demande acceptée")
        join_request.save(update_fields=["decided_at", "decided_by", "approved", "invitation"])
    if isinstance(prepared, User):
        _send_already_member(prepared)
        return None
    invitation, token = prepared
    _send_invitation(invitation, token, by=by, template="join_request_approved", join_request=join_request)
    return invitation


@transaction.atomic
def join_request_refuse(*, by: User, join_request: JoinRequest, now: datetime) -> JoinRequest:
    join_request = JoinRequest.objects.select_for_update().get(pk=join_request.pk)
    if not join_request.is_pending:
        raise ValidationError({"join_request": _("Cette demande a déjà été traitée.")})
    join_request.decided_at = now
    join_request.decided_by = by
    join_request.approved = False
    _audit(join_request, by=by, reason="demande refusée")
    join_request.save(update_fields=["decided_at", "decided_by", "approved"])
    return join_request


@transaction.atomic
def member_deactivate(*, by: User, user: User, now: datetime) -> User:
    """A member who left: he can no longer sign in; nothing he did is touched.

    Only ``is_active`` changes, so his results, comptes-rendus and titles
    stay exactly where they are, and reactivation gives everything back.
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
        _audit(user, by=by, reason="membre désactivé")
        user.save(update_fields=["is_active"])
    # A link sent before he left must not bring him back behind the President's back.
    for invitation in Invitation.objects.filter(user=user, used_at__isnull=True, revoked_at__isnull=True):
        invitation.revoked_at = now
        _audit(invitation, by=by, reason="membre désactivé")
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
        _audit(user, by=by, reason="membre réactivé")
        user.save(update_fields=["is_active"])
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
    new_email = _normalize_email(new_email)
    if not new_email:
        raise ValidationError({"new_email": _("Indiquez la nouvelle adresse.")})
    if new_email.lower() == (user.email or "").lower():
        raise ValidationError({"new_email": _("C'est déjà votre adresse.")})
    with transaction.atomic():
        for pending in EmailChange.objects.filter(
            user=user, confirmed_at__isnull=True, cancelled_at__isnull=True
        ):
            pending.cancelled_at = now
            _audit(pending, by=user, reason="remplacé par une nouvelle demande")
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
        _audit(change, by=user, reason="changement d'adresse demandé")
        change.save()
    if taken:
        return change
    send_email(
        "email_change_confirm",
        to=[new_email],
        context={
            "user": user,
            "change": change,
            "confirm_url": absolute_url("accounts:email_confirm", token=token),
            "valid_hours": int(email_change_valid_for().total_seconds() // 3600),
        },
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
    _spend_link(change, used="confirmed_at", withdrawn="cancelled_at", now=now)
    user = User.objects.select_for_update().get(pk=change.user_id)
    if User.objects.filter(email__iexact=change.new_email).exclude(pk=user.pk).exists():
        raise ValidationError({"new_email": _("Cette adresse est déjà utilisée par un autre compte.")})
    user.email = change.new_email
    _audit(user, by=user, reason="adresse e-mail confirmée")
    user.save(update_fields=["email"])
    change.confirmed_at = now
    _audit(change, by=user, reason="changement d'adresse confirmé")
    change.save(update_fields=["confirmed_at"])
    return user


@transaction.atomic
def calendar_token_reset(*, user: User, now: datetime) -> str:
    """A new secret address for the personal calendar; the old one stops working."""
    user.calendar_token = new_calendar_token()
    _audit(user, by=user, reason="lien de calendrier renouvelé")
    user.save(update_fields=["calendar_token"])
    return user.calendar_token

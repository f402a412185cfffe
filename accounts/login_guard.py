"""A cap on login guesses per account, from any address, that never locks out its owner at home.

django-axes locks a username *from one client address* after a few
failures: a stranger's guesses never lock the President out of his own
connection, but someone with many addresses could guess on. So every wrong
password for a username counts here too, whatever address it came from
(``FailedLogin`` rows, in the database, shared by every web process). Once
a username has :func:`cap` failures within :func:`window`, sign-ins to it
are refused, before the password is even tried, from any address that is
not one of the account's usual addresses (the addresses it signed in from
successfully within ``LOGIN_USUAL_ADDRESS_DAYS``, stored as a keyed hash,
never as the address): the owner at home or at the club still gets in,
the guessing stops, and the refusal says how many minutes remain.

The cap is counted on the username typed, whether or not a member has it,
so the refusal reveals nothing about who is registered. A success resets
nothing (the guesses were someone else's); failures simply age out of the
window. Completing a password reset (which proves the mailbox) makes the
address it was done from usual: the reset path always stays open.

The check runs in an authentication backend (:class:`AccountCapBackend`),
so the admin's sign-in form is capped too. Settings:
``LOGIN_ACCOUNT_CAP_FAILURES`` (10), ``LOGIN_ACCOUNT_CAP_MINUTES`` (15),
``LOGIN_USUAL_ADDRESS_DAYS`` (90).
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.utils import timezone
from django.utils.crypto import salted_hmac

from .client_address import client_address
from .models import FailedLogin, LoginAddress, User


def cap() -> int:
    return settings.LOGIN_ACCOUNT_CAP_FAILURES


def window() -> timedelta:
    return timedelta(minutes=settings.LOGIN_ACCOUNT_CAP_MINUTES)


def usual_for() -> timedelta:
    return timedelta(days=settings.LOGIN_USUAL_ADDRESS_DAYS)


def _username(username: str) -> str:
    return (username or "").strip().lower()[:150]


def address_digest(address: str | None) -> str:
    """A keyed hash of a client address: comparable, but no address is ever stored."""
    return salted_hmac("accounts.login_guard.address", address or "", algorithm="sha256").hexdigest()


def capped_for(*, username: str, now: datetime) -> timedelta | None:
    """How long ``username`` stays capped for unusual addresses; None when it is not capped."""
    recent = list(
        FailedLogin.objects.filter(username=_username(username), at__gt=now - window())
        .order_by("-at")
        .values_list("at", flat=True)[: cap()]
    )
    if len(recent) < cap():
        return None
    # The cap lifts when the oldest of the last ``cap()`` failures leaves the window.
    return recent[-1] + window() - now


def is_usual_address(*, username: str, address: str | None, now: datetime) -> bool:
    """Whether the member ``username`` signed in successfully from ``address`` recently."""
    if not address:
        return False
    return LoginAddress.objects.filter(
        user__username=_username(username),
        digest=address_digest(address),
        last_success_at__gt=now - usual_for(),
    ).exists()


def failure_record(*, username: str, now: datetime) -> None:
    """Count one wrong password for ``username`` (and forget the failures that left the window)."""
    FailedLogin.objects.filter(at__lte=now - window()).delete()
    FailedLogin.objects.create(username=_username(username), at=now)


def address_trust(*, user: User, address: str | None, now: datetime) -> None:
    """``user`` proved who he is from ``address`` (a sign-in, a password reset): it becomes usual."""
    if not address:
        return
    LoginAddress.objects.update_or_create(
        user=user, digest=address_digest(address), defaults={"last_success_at": now}
    )
    LoginAddress.objects.filter(user=user, last_success_at__lte=now - usual_for()).delete()


class AccountCapBackend:
    """The cap, checked before any password: a capped account from an unusual address is refused.

    Only ``authenticate``: no ``get_user``, so sessions (and the test
    client's ``force_login``) go on to the ordinary backend.

    Raising ``PermissionDenied`` stops Django's ``authenticate`` (no later
    backend tries the password); ``request.login_capped_for`` tells the
    sign-in form how long, for its message.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None or not username:
            return None
        now = timezone.now()
        remaining = capped_for(username=username, now=now)
        if remaining is None:
            return None
        if is_usual_address(username=username, address=client_address(request), now=now):
            return None
        request.login_capped_for = remaining
        raise PermissionDenied


def on_login_failed(sender, credentials, request=None, **kwargs):
    """A wrong password counts; a refusal before any password was tried (the cap, axes' lock) does not."""
    if request is None:
        return
    if getattr(request, "login_capped_for", None) is not None or getattr(request, "axes_locked_out", False):
        return
    username = credentials.get("username")
    if username:
        failure_record(username=username, now=timezone.now())


def on_logged_in(sender, request, user, **kwargs):
    if request is not None:
        address_trust(user=user, address=client_address(request), now=timezone.now())

"""Reads of the accounts area: who an address belongs to."""

from .models import User


def user_with_email(email: str) -> User | None:
    return User.objects.filter(email__iexact=email).first() if email else None


def is_established(user: User) -> bool:
    """An active member who can sign in: his account is not up for the taking."""
    return user.is_active and user.has_usable_password()


def member_with_email(email: str) -> User | None:
    """The established member whose address ``email`` is, if any: nobody is invited with it."""
    owner = user_with_email(email)
    return owner if owner is not None and is_established(owner) else None

"""Who holds the club's offices now. Reads only; writes are in ``services``."""

from .models import Mandate, User


def current_holder(role: str) -> User | None:
    mandate = Mandate.objects.filter(role=role, ended_at__isnull=True).select_related("user").first()
    return mandate.user if mandate else None


def current_president() -> User | None:
    return current_holder(Mandate.Role.PRESIDENT)


def current_vice_president() -> User | None:
    return current_holder(Mandate.Role.VICE_PRESIDENT)


def is_club_officer(user) -> bool:
    """The President, or the Vice-President who stands in for him, or staff."""
    if not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    return Mandate.objects.filter(user=user, ended_at__isnull=True).exists()


def is_club_president(user) -> bool:
    if not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    return Mandate.objects.filter(user=user, role=Mandate.Role.PRESIDENT, ended_at__isnull=True).exists()

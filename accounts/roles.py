"""Who holds the club's offices now. Reads only; writes are in ``services``.

A page asks "is this member the President?" from many permission rules; within
one request (:func:`offices_read_once`, opened by
``accounts.middleware.OfficesReadOncePerRequestMiddleware``) a member's offices
are read once (or handed over by a read of more, :func:`remember_offices`), and a
change of office made during the request (``services.offices``) is seen by the
checks after it (:func:`offices_changed`).
Outside a request (tasks, the shell, tests calling a rule directly) every
check reads the database.
"""

import contextlib
import contextvars
from collections.abc import Iterator

from .models import Mandate, User

#: The offices read so far in this request: user pk → the roles of his open mandates.
_offices_read: contextvars.ContextVar[dict[int, frozenset[str]] | None] = contextvars.ContextVar(
    "offices_read", default=None
)


@contextlib.contextmanager
def offices_read_once() -> Iterator[None]:
    """Within: each member's offices are read from the database once."""
    token = _offices_read.set({})
    try:
        yield
    finally:
        _offices_read.reset(token)


def offices_changed() -> None:
    """A mandate was opened or ended: the checks after this read the offices again."""
    read = _offices_read.get()
    if read is not None:
        read.clear()


def remember_offices(user, roles: frozenset[str]) -> None:
    """Within a request: ``user``'s offices, read by a query that read more at the same time."""
    read = _offices_read.get()
    if read is not None:
        read[user.pk] = roles


def held_offices(user) -> frozenset[str]:
    """The roles of ``user``'s open mandates (none for a visitor)."""
    if user.pk is None:
        return frozenset()
    read = _offices_read.get()
    if read is not None and user.pk in read:
        return read[user.pk]
    roles = frozenset(
        Mandate.objects.filter(user=user, ended_at__isnull=True).order_by().values_list("role", flat=True)
    )
    if read is not None:
        read[user.pk] = roles
    return roles


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
    return bool(held_offices(user))


def is_club_president(user) -> bool:
    if not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    return Mandate.Role.PRESIDENT in held_offices(user)

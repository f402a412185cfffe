"""The one permission registry of the site: "may this user do this (to this object)?".

Every app registers its rules here under an action name (accounts its own
below, the league its own in ``league.permissions``), and every check goes
through ``can``, ``require`` or the ``permission_required`` view decorator.
It lives in accounts, at the bottom of accounts ← league ← reports, so
every app uses it without a reverse import. Each rule is a small function
named after what it allows, with its reason in the docstring.
"""

from collections.abc import Callable
from enum import StrEnum
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied

from .roles import is_club_officer, is_club_president

#: Action name → rule ``(user, obj) -> bool``.
RULES: dict[str, Callable] = {}


def rule(action: str):
    """Register the decorated function as the rule of ``action`` (once per action)."""

    def register(function: Callable) -> Callable:
        if str(action) in RULES:
            raise ValueError(f"two rules for {action}")
        RULES[str(action)] = function
        return function

    return register


def can(user, action: str, obj=None) -> bool:
    return RULES[str(action)](user, obj)


def require(user, action: str, obj=None) -> None:
    if not can(user, action, obj):
        raise PermissionDenied


def permission_required(action: str):
    """A view decorator: signed in, and allowed to do ``action`` (no object)."""

    def decorate(view):
        @wraps(view)
        @login_required
        def wrapper(request, *args, **kwargs):
            require(request.user, action)
            return view(request, *args, **kwargs)

        return wrapper

    return decorate


class Action(StrEnum):
    MANAGE_CLUB = "club.manage"  # invitations, join requests, members, the Vice-President
    HAND_OVER_PRESIDENCY = "club.hand_over_presidency"


@rule(Action.MANAGE_CLUB)
def can_manage_club(user, obj=None) -> bool:
    """The President, or the Vice-President standing in for him."""
    return is_club_officer(user)


@rule(Action.HAND_OVER_PRESIDENCY)
def can_hand_over_presidency(user, obj=None) -> bool:
    """Only the President himself hands the presidency over."""
    return is_club_president(user)

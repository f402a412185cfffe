"""What the accounts views share: the sign-in backend, the page size, going back to the list an
action was taken from, and the officers' one-click actions."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme

# The invited player has just chosen his password: sign him in with the
# backend his password signs him in with (axes only watches password attempts).
SIGN_IN_BACKEND = "accounts.backends.MemberBackend"


PAGE_SIZE = 25


def back(request, default: str):
    """Return to the list the action was taken from, if it is one of ours."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return redirect(target)
    return redirect(default)


def message_errors(request, error: ValidationError) -> None:
    for text in error.messages:
        messages.error(request, text)


def one_click(request, service, done: str, *, back_to: str, **target):
    """Run an officer's one-button action on ``target``: its refusal as error messages, else
    ``done``; then back to the list it was taken from (``back_to`` by default).

    These actions post a bare button and redirect at once: there is no form to
    hold a refusal, so each reports through the messages, the same way, here.
    """
    try:
        service(by=request.user, now=timezone.now(), **target)
    except ValidationError as error:
        message_errors(request, error)
    else:
        messages.success(request, done)
    return back(request, back_to)

"""What several league views share (below every views module, so none imports another for it):
a service's refusal as messages, a form's errors as lines, the sentence
saying a donne reached the sheet (the sheet page and the phone's queue both
say it), and the page shown while the club has no season yet.
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import render
from django.utils.translation import gettext as _

from config.typography import colon

from ..permissions import Action, can


def error_text(exc: ValidationError) -> str:
    """A service's refusal as one sentence for a flash message."""
    return " ".join(exc.messages)


def error_messages(exc: ValidationError) -> list[str]:
    """A service's refusal as its messages, field by field."""
    if hasattr(exc, "error_dict"):
        return [m for field_messages in exc.message_dict.values() for m in field_messages]
    return list(exc.messages)


def flash_errors(request, exc: ValidationError) -> None:
    """Each of a service's messages as an error on the next page."""
    for message in error_messages(exc):
        messages.error(request, message)


def form_messages(form) -> list[str]:
    """Every error of the form, each prefixed with its field's label, in the form's order."""
    out = list(form.non_field_errors())
    for name, errors in form.errors.items():
        if name == "__all__":
            continue
        label = form.fields[name].label if name in form.fields else name
        out.extend(f"{label}{colon()} {e}" for e in errors)
    return out


def donne_saved_message(donne) -> str:
    """What the capitaine is told once a donne is on the sheet (a resend says it was already there)."""
    if donne.replayed:
        return _("Donne %(n)s déjà enregistrée (envoi répété, rien n'a été ajouté).") % {"n": donne.index}
    return _("Donne %(n)s enregistrée.") % {"n": donne.index}


def no_season(request):
    """The current season's pages before the club has any season: say so, and offer to create one."""
    return render(
        request, "league/seasons/none.html", {"can_create": can(request.user, Action.CREATE_SEASON)}
    )

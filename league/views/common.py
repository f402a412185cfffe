"""What several league views share (below every views module, so none imports another for it):
a service's refusal as messages, a form's errors as lines, the sentence
saying a donne reached the sheet (the sheet page and the phone's queue both
say it), the page shown while the club has no season yet, the rows of a
page of manches rendered once for every reader, and kept bytes answered 304
to whoever holds them.
"""

import hashlib

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.cache import get_conditional_response
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from config.typography import colon

from .. import revision_cache
from ..permissions import Action, can
from ..tagged import Tagged


def error_text(exc: ValidationError) -> str:
    """A service's refusal as one sentence for a flash message."""
    return " ".join(exc.messages)


#: Between the pieces of a row's cached rendering.
CELL = "<!--cell-->"


def with_row_html(season, rows: list[dict], template: str) -> list[dict]:
    """``rows`` (:func:`league.selectors.seasons.manche_rows`) each with ``html``: the
    pieces of its rendering that are the same for every reader (``template``, pieces
    separated by ``<!--cell-->``), rendered once per revision, language and what the
    rows show (sign-ups change the counts without changing the revision); a piece only
    some readers see (the President's checkbox of a planned manche) is rendered with
    them, and the page shows it or not; what is the reader's own (his sign-up) stays
    in the page."""
    shown = repr(
        [
            (
                m.pk,
                m.number,
                m.is_extra,
                m.starts_at.isoformat(),
                m.location,
                str(m.capitaine) if m.capitaine_id else "",
                m.absent_id,
                m.status,
                row["seated"],
                row["waiting"],
                row["state"]["code"],
            )
            for row in rows
            for m in [row["manche"]]
        ]
    )
    digest = hashlib.blake2b(shown.encode(), digest_size=12).hexdigest()
    name = f"rows-html:{template}:{get_language()}:{digest}"

    def compute():
        pieces = []
        for row in rows:
            html = render_to_string(template, {"row": row, "season": season})  # autoescaped
            pieces.append(tuple(mark_safe(piece) for piece in html.split(CELL)))  # noqa: S308
        return {name: pieces}, None

    pieces = revision_cache.reading(season.pk, season.revision, name, now=timezone.now(), compute=compute)
    return [{**row, "html": html} for row, html in zip(rows, pieces, strict=True)]


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


def tagged_response(request, tagged: Tagged, *, content_type: str, headers: dict) -> HttpResponse:
    """``tagged``'s bytes with their ETag and ``headers``, or 304 with the same headers but
    no bytes when the request's ``If-None-Match`` names them (the application holds them)."""
    response = HttpResponse(tagged.body, content_type=content_type, headers={**headers, "ETag": tagged.etag})
    return get_conditional_response(request, etag=tagged.etag, response=response)

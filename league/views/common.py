"""What several league views share (below every views module, so none imports another for it)."""

import hashlib

from django.core.exceptions import ValidationError
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from .. import revision_cache


def error_text(exc: ValidationError) -> str:
    """A service's refusal as one sentence for a flash message."""
    return " ".join(exc.messages)


#: Between the pieces of a row's cached rendering.
CELL = "<!--cell-->"


def with_row_html(season, rows: list[dict], template: str) -> list[dict]:
    """``rows`` (:func:`league.selectors.seasons.manche_rows`) each with ``html``: the
    pieces of its rendering that are the same for every reader (``template``, pieces
    separated by ``<!--cell-->``), rendered once per revision, language and what the
    rows show (sign-ups change the counts without changing the revision); what is
    the reader's own (his sign-up, the President's checkboxes) stays in the page."""
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

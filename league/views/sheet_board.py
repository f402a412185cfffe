"""The sheet's board, rendered once per version of the sheet for its watchers and once for its editors;
its entry form, while nothing is typed in it, once per version for its editors."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING

from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from .. import revision_cache

if TYPE_CHECKING:
    from ..forms.sheet import DonneForm


def kept_board(request, context: dict) -> SafeString | None:
    """The board (``league/sheet/_board.html``) of ``context``'s sheet, the same for every
    reader who may not change it, and for every one who may (his links to correct or
    delete each donne) but for his CSRF token; None while the table is not made (the
    board may then offer the reader to make it).

    Its donnes, totals and explanations change only with the sheet (a write bumps its
    version) or with the season (a rename, the rules: its revision): each is kept under
    the manche's version and status with the season's revision. Rendered at each view,
    a played manche's 20 donnes took half of the page (15 ms at 200 × 40, 6× the sign-in
    page; the President's, with his links, 18 ms). An editor's is kept with a random
    stand-in for the token, which no name or text of the sheet can hold, replaced by
    the reader's own.
    """
    manche, state = context["manche"], context["state"]
    if not state.has_table:
        return None
    editor = context["can_edit"]
    name = (
        f"sheet-board:{manche.pk}:{manche.status}:{manche.sheet_version}:"
        f"{'editor' if editor else 'watcher'}:{get_language()}"
    )

    return _kept(request, manche.season, name, "league/sheet/_board.html", lambda: context, with_token=editor)


def kept_editor(request, context: dict, form: Callable[[], DonneForm]) -> SafeString:
    """The entry form (``league/sheet/_editor.html``) of ``context``'s sheet while nothing is
    typed in it, the same for every one who may fill it in but for his CSRF token; ``form``
    makes it, unbound, when its rendering is not kept (a form sent back, with what was
    typed and its errors, is rendered as it is, never kept).

    Unbound, it says only what the sheet's version says: its players, the next dealer,
    the donne corrected as saved (``edit``), the rules (the season's revision). It is kept
    under the manche's version and status, the donne corrected (or the next one) and the
    language. Its thirty fields, made and rendered at each view, were a third of the page
    correcting a donne (4 ms, 1.5× the sign-in page).
    """
    manche, edit = context["manche"], context["edit"]
    name = (
        f"sheet-editor:{manche.pk}:{manche.status}:{manche.sheet_version}:"
        f"{edit.index if edit is not None else 'next'}:{get_language()}"
    )
    return _kept(
        request, manche.season, name, "league/sheet/_editor.html", lambda: {**context, "form": form()}
    )


def _kept(request, season, name: str, template: str, context: Callable[[], dict], *, with_token: bool = True):
    """``template`` rendered with ``context()``, kept under ``name`` at the season's revision,
    with a random stand-in for the CSRF token, replaced by the reader's own (``with_token``)."""

    def render() -> tuple[str, str]:
        stand_in = secrets.token_hex(16)
        return stand_in, render_to_string(template, {**context(), "csrf_token": stand_in})

    stand_in, html = revision_cache.kept(season.pk, season.revision, name, now=timezone.now(), read=render)
    if with_token:
        html = html.replace(stand_in, get_token(request))
    return mark_safe(html)  # noqa: S308 (our own template's rendering)

"""The sheet's board, rendered once per version of the sheet for its watchers and once for its editors."""

from __future__ import annotations

import secrets

from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from .. import revision_cache


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
    season = manche.season
    name = (
        f"sheet-board:{manche.pk}:{manche.status}:{manche.sheet_version}:"
        f"{'editor' if editor else 'watcher'}:{get_language()}"
    )

    def render() -> tuple[str, str]:
        stand_in = secrets.token_hex(16)
        return stand_in, render_to_string("league/sheet/_board.html", {**context, "csrf_token": stand_in})

    stand_in, html = revision_cache.kept(season.pk, season.revision, name, now=timezone.now(), read=render)
    if editor:
        html = html.replace(stand_in, get_token(request))
    return mark_safe(html)  # noqa: S308 (our own template's rendering)

"""The sheet's board as a reader who cannot change it sees it, rendered once per version of the sheet."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from .. import revision_cache


def watchers_board(context: dict) -> SafeString | None:
    """The board (``league/sheet/_board.html``) of ``context``'s sheet when its reader
    may not change it, the same for all of them; None for whoever fills or corrects
    it (the board then holds his own links and forms) and while the table is not made
    (the board may then offer him to make it).

    Its donnes, totals and explanations change only with the sheet (a write bumps its
    version) or with the season (a rename, the rules: its revision): it is kept under
    the manche's version and status with the season's revision. Rendered at each view,
    a played manche's 20 donnes took half of the page (15 ms at 200 × 40, 6× the sign-in page).
    """
    manche, state = context["manche"], context["state"]
    if context["can_edit"] or not state.has_table:
        return None
    season = manche.season
    name = f"sheet-board:{manche.pk}:{manche.status}:{manche.sheet_version}:{get_language()}"

    def render():
        return mark_safe(render_to_string("league/sheet/_board.html", context))  # noqa: S308 (our own template)

    return revision_cache.kept(season.pk, season.revision, name, now=timezone.now(), read=render)

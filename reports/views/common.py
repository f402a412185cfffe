"""What several report pages share."""

import copy

from django.http import QueryDict

from ..projections import goal_lines
from ..selectors.readings import player_projection


def highlight_style(request, selector: str = "[data-player]") -> str:
    """A stylesheet rule emphasising the signed-in player's lines and curve.

    Kept out of the cached renderings (they are the same for every reader);
    a username is ``[a-z0-9_-]`` only, so it is safe inside the selector.
    """
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return ""
    who = f'[data-player="{user.username}"]'
    return (
        f"tr{who} > td {{ --bs-table-bg-state: var(--bs-warning-bg-subtle); font-weight: 600; }}"
        f" path{who} {{ stroke-width: 4; }}"
        f" g{who} text {{ font-weight: 700; }}"
    )


def request_with_query(request, **params) -> object:
    """A copy of ``request`` whose query string holds only ``params``: a
    rendering cached for every reader must not carry one reader's parameters."""
    clean = copy.copy(request)
    query = QueryDict(mutable=True)
    for key, value in params.items():
        if value is not None:
            query[key] = value
    clean.GET = query
    return clean


def goals_of(season, player: str, now) -> list | None:
    """Ce qu'il me faut for ``player`` in an open season (None when there is nothing to project)."""
    if season.is_closed:
        return None
    kept = player_projection(season, player, now=now)
    if kept is None or not kept.projection.goals:
        return None
    return goal_lines(kept.projection, kept.names)

"""Reads of the draw area: how many players the draw needs, and the drawn table.

The number of players comes from the season's rule set, once: the view
offers the draw, the page warns and the service refuses by the same answer.
"""

from ..models import Manche, Seat


def draw_sizes(manche: Manche, seated: int) -> tuple[int, ...]:
    """The table sizes the draw accepts for ``manche`` with ``seated`` players signed up.

    The rule set's table sizes; a rule set that plays short only when a
    player is absent (Tarot-Bière plays at 4 with the fifth classified
    absent) asks for a full table until the absent player is recorded.
    """
    ruleset = manche.season.ruleset()
    sizes = ruleset.table_sizes
    if seated < max(sizes) and ruleset.allows_absent and manche.absent_id is None:
        return (max(sizes),)
    return sizes


def draw_ready(manche: Manche, seated: int) -> bool:
    """Whether ``seated`` players are a table the draw accepts."""
    return seated in draw_sizes(manche, seated)


def table_seats(manche: Manche) -> list[Seat]:
    """The drawn table in playing order."""
    return list(Seat.objects.filter(manche=manche).select_related("player").order_by("position"))

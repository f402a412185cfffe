"""How the league's pages show things: a manche's state as a labelled badge, a jeton's colour.

Presentation only: what a state *is* comes from the rules
(``rules.calendar.fill_state``); this module names and colours it.
"""

from django.utils.translation import gettext_lazy

from accounts.models import JetonColour

from .models import Manche
from .rules import calendar as cal

STATE_BADGES = {
    "planned": "secondary",
    "open": "primary",
    "full": "success",
    "playing": "warning",
    "played": "dark",
    "cancelled": "danger",
}
STATE_LABELS = {
    "planned": Manche.Status.PLANNED.label,
    "open": Manche.Status.OPEN.label,
    "full": gettext_lazy("Complète"),
    "playing": gettext_lazy("En cours de jeu"),
    "played": Manche.Status.PLAYED.label,
    "cancelled": Manche.Status.CANCELLED.label,
}
#: "jetons blancs": the colour agrees with the plural noun (the choice labels are singular).
JETONS_LABELS = {
    JetonColour.WHITE: gettext_lazy("jetons blancs"),
    JetonColour.YELLOW: gettext_lazy("jetons jaunes"),
    JetonColour.RED: gettext_lazy("jetons rouges"),
    JetonColour.BLUE: gettext_lazy("jetons bleus"),
    JetonColour.GREEN: gettext_lazy("jetons verts"),
}
#: The jeton colours as CSS colours (the draw's table on the manche page).
COLOUR_CSS = {
    JetonColour.WHITE: "#ffffff",
    JetonColour.YELLOW: "#ffd43b",
    JetonColour.RED: "#e03131",
    JetonColour.BLUE: "#1c7ed6",
    JetonColour.GREEN: "#2f9e44",
}


def manche_state(manche: Manche, seated: int, *, now) -> dict:
    """The state shown: planned, open, full (every seat taken), being played (started, not closed), played or cancelled."""
    state = cal.fill_state(manche.status, seated, started=manche.starts_at <= now)
    return {"code": state, "label": STATE_LABELS[state], "badge": STATE_BADGES[state]}

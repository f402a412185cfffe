"""How the league's pages show things: states as coloured badges, a jeton's colour.

Presentation only: what a state *is* comes from the models' choices or the
rules (``rules.calendar.fill_state``); its name comes from the model's
``TextChoices`` wherever the model has one, and this module adds the colours
(Bootstrap's ``text-bg-*`` names) and the few names no model holds. Templates
read them through ``{% load badges %}``.
"""

from django.utils.safestring import SafeString
from django.utils.timesince import timeuntil
from django.utils.translation import gettext, gettext_lazy

from accounts.models import JetonColour
from config.remembered import rendered

from .models import CompteRendu, Manche, Season
from .rules import calendar as cal

#: A manche's shown state (:func:`manche_state`).
STATE_BADGES = {
    "planned": "secondary",
    "open": "primary",
    "full": "success",
    "playing": "warning",
    "results_due": "warning",
    "played": "dark",
    "cancelled": "danger",
}
STATE_LABELS = {
    "planned": Manche.Status.PLANNED.label,
    "open": Manche.Status.OPEN.label,
    "full": gettext_lazy("Complète"),
    "playing": gettext_lazy("En cours de jeu"),
    "results_due": gettext_lazy("Résultats attendus"),
    "played": Manche.Status.PLAYED.label,
    "cancelled": Manche.Status.CANCELLED.label,
}
SEASON_BADGES = {
    Season.State.PREPARATION: "secondary",
    Season.State.OPEN: "success",
    Season.State.CLOSED: "dark",
}
COMPTE_RENDU_BADGES = {
    CompteRendu.Status.PENDING: "warning",
    CompteRendu.Status.ACCEPTED: "success",
    CompteRendu.Status.REJECTED: "danger",
}
#: A manche's comptes-rendus as a whole (``selectors.comptes_rendus.MancheComptesRendus.state``).
CR_SITUATION_BADGES = {
    "awaiting": "secondary",
    "pending": "warning",
    "accepted": "success",
    "replacement": "danger",
}
CR_SITUATION_LABELS = {
    "awaiting": gettext_lazy("Attendu"),
    "pending": gettext_lazy("En attente de validation"),
    "accepted": CompteRendu.Status.ACCEPTED.label,
    "replacement": gettext_lazy("Non conforme : remplacement ouvert"),
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
    """The state shown: planned, open, full (every seat taken), being played (started, not closed),
    results due (its day over, not closed), played or cancelled."""
    state = cal.fill_state(
        manche.status, seated, started=manche.starts_at <= now, day_over=cal.day_over(now, manche.starts_at)
    )
    return {"code": state, "label": STATE_LABELS[state], "badge": STATE_BADGES[state]}


def inbox_html(inbox) -> SafeString:
    """The President's inbox (``selectors.inbox.president_inbox``) as his desk and home page
    show it, rendered once per what it shows: through its template at each view, a dozen
    manches lacking players were a third of the home page's own work."""
    return rendered("league/inbox/_inbox.html", {"inbox": inbox}, shown=inbox.shown())


def countdown_text(deadline, now) -> str:
    """What a countdown to the instant ``deadline`` reads at ``now``: « dans 3 jours, 2 heures »,
    or « échue » once passed (instants compared, never rendered text). It changes at most once
    a minute."""
    if deadline <= now:
        return gettext("échue")
    return gettext("dans %(left)s") % {"left": timeuntil(deadline, now)}


def my_deadlines_html(first: list, more: list, *, now) -> SafeString:
    """A member's comptes-rendus to write (``selectors.comptes_rendus.my_open_deadlines``) as his
    home page shows them: ``first`` listed, ``more`` counted. Rendered once per what it shows,
    each countdown's text as of ``now`` included (:func:`countdown_text`): through
    the template at each view, they were a quarter of the home page's own work."""
    if not first:
        return SafeString("")
    shown = {
        "listed": [
            (
                d.season.name,
                d.number,
                d.pending,
                d.open_deadline.kind,
                d.open_deadline.deadline.isoformat(),
                countdown_text(d.open_deadline.deadline, now),
            )
            for d in first
        ],
        "more": (len(more), more[0].season.name) if more else None,
    }
    context = {"my_deadlines": first, "my_deadlines_more": more, "now": now}
    return rendered("league/comptes_rendus/_my_deadlines.html", context, shown=shown)

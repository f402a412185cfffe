"""Reads of the President's desk: the coming manches of the seasons he manages, with what needs doing.

The desk's rules live here, not in the view: a manche lacking players
(danger within ``SOON`` of its date), played at 4 for want of one absent
player, registrations still closed, no capitaine designated.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User

from ..models import Manche, Season
from ..permissions import Action, can
from ..presentation import manche_state
from ..rules import calendar as cal
from .seasons import seasons_in_progress, with_counts

#: A manche this close still lacking players is flagged as urgent.
SOON = timedelta(days=14)
#: A manche started less than this long ago still shows on the desk.
STARTED_GRACE = timedelta(hours=6)
#: How many manches beyond ``SOON`` the desk lists (folded away): a calendar of the
#: whole season ahead (800 manches of a big season) made it 340 ms and 700 KB.
LATER_SHOWN = 20


def managed_seasons(user, in_progress: list[Season] | None = None) -> list[Season]:
    """The seasons not yet closed that ``user`` runs (President or vice-president, or the club's
    officers); ``in_progress``: the seasons not closed, when the page read them already."""
    if in_progress is None:
        in_progress = seasons_in_progress()
    return [s for s in in_progress if can(user, Action.MANAGE_SEASON, s)]


@dataclass
class Desk:
    """The desk's coming manches: those within ``SOON`` (``soon``), the next
    :data:`LATER_SHOWN` after them (``later``), and how many more there are (``unshown``)."""

    soon: list[dict]
    later: list[dict]
    unshown: int

    @property
    def manches(self) -> list[Manche]:
        return [row["manche"] for row in self.soon + self.later]

    def shown(self) -> list:
        """All the desk's rows show (``league/seasons/_desk.html``), for keeping their rendering
        (``config.remembered.rendered``): a sign-up, a capitaine, a date changes it."""
        rows = [
            (
                m.pk,
                m.number,
                m.season.name,
                m.starts_at.isoformat(),
                row["seated"],
                row["seats"],
                row["waiting"],
                row["flags"],
                row["lacking"],
            )
            for row in self.soon + self.later
            for m in [row["manche"]]
        ]
        return [len(self.soon), self.unshown, rows]


def desk(seasons: list[Season], *, now: datetime) -> Desk:
    """The coming manches of ``seasons``, each with its fill, state and flags (see :func:`desk_rows`)."""
    coming = Manche.objects.filter(
        season__in=seasons,
        status__in=(Manche.Status.PLANNED, Manche.Status.OPEN),
        starts_at__gte=now - STARTED_GRACE,
    )
    counts = coming.aggregate(soon=Count("pk", filter=Q(starts_at__lte=now + SOON)), all=Count("pk"))
    rows = desk_rows(coming, seasons, now=now, limit=counts["soon"] + LATER_SHOWN) if counts["all"] else []
    return Desk(rows[: counts["soon"]], rows[counts["soon"] :], counts["all"] - len(rows))


#: What the desk and the inbox read of a coming manche (``Manche.get_absolute_url`` takes its
#: season from the seasons read already).
DESK_FIELDS = ("season", "number", "starts_at", "status", "capitaine", "absent")


def coming_manches(manches, seasons: list[Season], *, limit: int | None = None) -> list[Manche]:
    """``manches`` (a query of them, of ``seasons``; the first ``limit``) in date order, as the
    desk and the inbox show them: what they show read (:data:`DESK_FIELDS`), their sign-ups
    counted (:func:`with_counts`), their seasons taken from ``seasons``. Joined to their
    season, capitaine and absent player, 34 manches were 136 rows made into instances (34
    copies of one season) for a few names."""
    manches = manches.only(*DESK_FIELDS).order_by("starts_at")
    if limit is not None:
        manches = manches[:limit]
    manches = with_counts(manches)
    by_pk = {season.pk: season for season in seasons}
    for manche in manches:
        manche.season = by_pk[manche.season_id]
    return manches


def desk_rows(manches, seasons: list[Season], *, now: datetime, limit: int | None = None) -> list[dict]:
    """``manches`` (a query of them, of ``seasons``; the first ``limit``: :func:`coming_manches`),
    each with its fill, state and flags (level, text), in date order."""
    manches = coming_manches(manches, seasons, limit=limit)
    rows = []
    absent = {m.absent_id for m in manches if m.absent_id}
    absent = {user.pk: user for user in User.objects.filter(pk__in=absent)} if absent else {}
    for manche in manches:
        if manche.absent_id:
            manche.absent = absent[manche.absent_id]
        missing = cal.missing_players(manche.seated, absent=bool(manche.absent_id))
        at_four = bool(manche.absent_id) and manche.seated == cal.SEATS - 1
        flags = []
        if at_four:
            flags.append(("warning", _("Jeu à 4 (%(absent)s absent)") % {"absent": manche.absent}))
        elif missing:
            flags.append(
                (
                    "danger" if manche.starts_at <= now + SOON else "warning",
                    ngettext("Il manque %(count)s joueur", "Il manque %(count)s joueurs", missing)
                    % {"count": missing},
                )
            )
        if manche.status == Manche.Status.PLANNED:
            flags.append(("secondary", _("Inscriptions fermées")))
        if manche.capitaine_id is None:
            flags.append(("info", _("Pas de capitaine")))
        rows.append(
            {
                "manche": manche,
                "state": manche_state(manche, manche.seated, now=now),
                "seated": manche.seated,
                "waiting": manche.waiting,
                "seats": cal.SEATS,
                "flags": flags,
                "lacking": bool(missing) and not at_four,
            }
        )
    return rows

"""The President's inbox: what waits for him, most urgent first (his dashboard and the home page show it)."""

import logging
from dataclasses import dataclass, field
from datetime import datetime

from .. import revision_cache, rules
from ..models import CompteRendu, Manche
from ..rules import calendar as cal
from .comptes_rendus import overdue_manches, overdue_numbers
from .dashboard import SOON, STARTED_GRACE, coming_manches, managed_seasons

logger = logging.getLogger(__name__)

#: How many manches whose compte-rendu is overdue the inbox lists, the first in calendar order;
#: how many more of each season it says, with a link to its comptes-rendus page, which lists
#: them all: a season's end where nobody writes any more made a list as long as the season's.
OVERDUE_SHOWN = 3


@dataclass
class Inbox:
    to_judge: list = field(default_factory=list)  # CompteRendu, oldest posted first
    overdue: list = field(default_factory=list)  # Manche whose every deadline passed with nothing posted
    overdue_more: list = field(default_factory=list)  # (season, how many more of them than listed)
    lacking: list = field(default_factory=list)  # (manche, missing players, no capitaine), soonest first

    def __len__(self) -> int:
        more = sum(count for _season, count in self.overdue_more)
        return len(self.to_judge) + len(self.overdue) + more + len(self.lacking)

    def shown(self) -> list:
        """All the inbox shows (``league/inbox/_inbox.html``), for keeping its rendering
        (``config.remembered.rendered``)."""
        return [
            len(self),
            [
                (cr.pk, cr.manche.season.name, cr.manche.number, str(cr.author), cr.posted_at.isoformat())
                for cr in self.to_judge
            ],
            [(manche.season.name, manche.number) for manche in self.overdue],
            [(season.name, count) for season, count in self.overdue_more],
            [
                (manche.season.name, manche.number, manche.starts_at.isoformat(), missing, no_capitaine)
                for manche, missing, no_capitaine in self.lacking
            ],
        ]


def _pending(season, now: datetime) -> list[int]:
    """The keys of the season's comptes-rendus awaiting judgement, kept per revision (every
    write to a compte-rendu bumps it): most views find none, and then read no row (the
    query took 1.3 ms at 1,600 comptes-rendus)."""
    return revision_cache.kept(
        season.pk,
        season.revision,
        "cr-pending",
        now=now,
        read=lambda: list(
            CompteRendu.objects.filter(manche__season=season, status=CompteRendu.Status.PENDING).values_list(
                "pk", flat=True
            )
        ),
    )


def president_inbox(user, *, now: datetime, seasons=None, coming=None) -> Inbox:
    """Comptes-rendus to judge (oldest first), overdue ones (the first :data:`OVERDUE_SHOWN`,
    and how many more), and the manches of the next 14 days lacking players or a capitaine,
    for the seasons ``user`` runs. His desk passes what it read already: ``seasons``
    (:func:`managed_seasons`) and ``coming``, their planned and open manches from
    ``STARTED_GRACE`` ago on, with their fill, in date order."""
    inbox = Inbox()
    seasons = managed_seasons(user) if seasons is None else seasons
    if not seasons:
        return inbox
    pending = [pk for season in seasons for pk in _pending(season, now)]
    if pending:
        inbox.to_judge = list(
            CompteRendu.objects.filter(pk__in=pending)
            .select_related("manche__season", "author")
            .order_by("posted_at")
        )
    for season in seasons:
        try:
            overdue = len(overdue_numbers(season, now=now))
        except rules.InvalidInput:  # a sheet the engine refuses: its page says so, the inbox goes on
            logger.exception("season %s cannot be computed", season)
            continue
        room = max(OVERDUE_SHOWN - len(inbox.overdue), 0)
        if overdue and room:
            inbox.overdue.extend(overdue_manches(season, now=now, limit=room))
        if overdue > room:
            inbox.overdue_more.append((season, overdue - room))
    if coming is None:
        # What it shows of them, as the desk reads them (joined to their season and capitaine,
        # with their sign-ups counted in the same query, they were two thirds of the inbox).
        coming = coming_manches(
            Manche.objects.filter(
                season__in=seasons,
                status__in=Manche.TO_PLAY,
                starts_at__gte=now - STARTED_GRACE,
                starts_at__lte=now + SOON,
            ),
            seasons,
        )
    for manche in coming:
        if manche.starts_at > now + SOON:
            break
        missing = cal.missing_players(manche.seated, absent=bool(manche.absent_id))
        if missing or manche.capitaine_id is None:
            inbox.lacking.append((manche, missing, manche.capitaine_id is None))
    return inbox

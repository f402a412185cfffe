"""The compte-rendu rules (rulings §5.4 and §5.5).

The vainqueur of a manche must post a compte-rendu before the start of the
next manche (every later non-cancelled manche is a further deadline; after
the last manche, 14 days on the Paris wall clock). The President may reject
a vainqueur's compte-rendu; the vainqueur then has until the next deadline
to post an accepted revision before another participant's replacement is
accepted. Everything here is a function of the recorded posts and ``now``,
so recomputing at any time gives the provisional state.

Every ``deadlines`` argument is in chronological order, as
:func:`manche_deadlines` returns it. Instants are compared in UTC.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from functools import lru_cache
from zoneinfo import ZoneInfo

from .adjustments import CR_NON_CONFORME, CR_REMPLACEMENT, CR_RETARD, Adjustment
from .messages import Message
from .messages import gettext_noop as _
from .ruleset import RuleSet

__all__ = [
    "CR_STATUSES",
    "as_of",
    "CompteRenduRecord",
    "OpenDeadline",
    "compte_rendu_adjustments",
    "wall_clock",
    "manche_deadlines",
    "next_deadline",
    "open_deadline",
    "rejection_deadline",
    "replacement_window",
    "wall_clock_add_days",
]

PENDING, ACCEPTED, REJECTED = "pending", "accepted", "rejected"
CR_STATUSES = (PENDING, ACCEPTED, REJECTED)
HALF = Decimal("0.5")


@dataclass(frozen=True)
class CompteRenduRecord:
    """A posted compte-rendu: its author, when it was posted (aware), its
    status and, when rejected, when the President rejected it."""

    author: str
    posted_at: datetime
    status: str = PENDING
    rejected_at: datetime | None = None


def _utc(moment: datetime) -> datetime:
    """Compare instants in UTC: two datetimes sharing a ZoneInfo compare by
    wall clock, which is wrong in the autumn's repeated hour."""
    return moment if moment.tzinfo is UTC else moment.astimezone(UTC)


def _ids(players: Iterable) -> tuple[str, ...]:
    """Vainqueurs as player ids, whether given as ids or ranking entries."""
    return tuple(getattr(p, "player", p) for p in players)


def as_of(comptes_rendus: Iterable[CompteRenduRecord], now: datetime) -> tuple[CompteRenduRecord, ...]:
    """The comptes-rendus as they stood at ``now``: one posted later does not
    exist yet, and one rejected later was still pending (a what-if date, a
    time-travelled test or an export "as of" sees what was known then)."""
    now = _utc(now)
    out = []
    for cr in comptes_rendus:
        if _utc(cr.posted_at) > now:
            continue
        if cr.rejected_at is not None and _utc(cr.rejected_at) > now:
            cr = CompteRenduRecord(cr.author, cr.posted_at, PENDING, None)
        out.append(cr)
    return tuple(out)


def wall_clock_add_days(ruleset: RuleSet, moment: datetime, days: int) -> datetime:
    """``moment`` + ``days`` on the club's wall clock: 21:00 stays 21:00 across
    a daylight-saving change."""
    zone = ZoneInfo(ruleset.timezone)
    local = moment.astimezone(zone).replace(tzinfo=None) + timedelta(days=days)
    return local.replace(tzinfo=zone)


def wall_clock(ruleset: RuleSet, moment: datetime) -> datetime:
    """``moment`` on the club's wall clock, for messages (the site writes it in
    the reader's notation, ``str()`` as ``2011-09-15 21:00``)."""
    return _wall_clock(ruleset.timezone, _utc(moment))


@lru_cache(maxsize=4096)
def _wall_clock(timezone: str, moment: datetime) -> datetime:
    return moment.astimezone(ZoneInfo(timezone))


def manche_deadlines(
    ruleset: RuleSet, starts_at: datetime, later_starts: Iterable[datetime]
) -> tuple[datetime, ...]:
    """The deadlines of a manche's compte-rendu (§5.4): the start times of the
    later non-cancelled manches (the caller leaves cancelled ones out), in
    order; when there is none, ``starts_at`` + the last-manche delay."""
    start = _utc(starts_at)
    later = sorted((s for s in later_starts if _utc(s) > start), key=_utc)
    if later:
        return tuple(later)
    return (last_manche_deadline(ruleset, starts_at),)


def last_manche_deadline(ruleset: RuleSet, starts_at: datetime) -> datetime:
    """The deadline of a manche no later manche follows: the last-manche delay
    on the wall clock."""
    return wall_clock_add_days(ruleset, starts_at, ruleset.last_manche_deadline_days)


def compte_rendu_adjustments(
    ruleset: RuleSet,
    *,
    number: int | None,
    vainqueurs: Sequence[str],
    participants: Sequence[str],
    deadlines: Sequence[datetime],
    comptes_rendus: Sequence[CompteRenduRecord],
    now: datetime,
    deadline_manches: Mapping[datetime, int] | None = None,
) -> list[Adjustment]:
    """Late (§5.4) and non-conforming (§5.5) compte-rendu adjustments of one
    manche, as of ``now``. ``deadline_manches`` optionally gives the number of
    the manche starting at each deadline, for the reasons."""
    vainqueurs = _ids(vainqueurs)
    comptes_rendus = as_of(comptes_rendus, now)
    return [
        *late_adjustments(
            ruleset,
            number=number,
            vainqueurs=vainqueurs,
            deadlines=deadlines,
            comptes_rendus=comptes_rendus,
            now=now,
            deadline_manches=deadline_manches,
        ),
        *non_conforme_adjustments(
            ruleset,
            number=number,
            vainqueurs=vainqueurs,
            participants=participants,
            deadlines=deadlines,
            comptes_rendus=comptes_rendus,
            now=now,
        ),
    ]


def late_adjustments(
    ruleset: RuleSet,
    *,
    number: int | None,
    vainqueurs: Sequence[str],
    deadlines: Sequence[datetime],
    comptes_rendus: Sequence[CompteRenduRecord],
    now: datetime,
    deadline_manches: Mapping[datetime, int] | None = None,
) -> list[Adjustment]:
    """−0.5 to each vainqueur at each deadline reached while he had posted
    nothing strictly before it, unless a vainqueur's accepted compte-rendu was."""
    vainqueurs = _ids(vainqueurs)
    vset = set(vainqueurs)
    now = _utc(now)
    first_accepted = min(
        (_utc(cr.posted_at) for cr in comptes_rendus if cr.author in vset and cr.status == ACCEPTED),
        default=None,
    )
    out = []
    for v in vainqueurs:
        own = min((_utc(cr.posted_at) for cr in comptes_rendus if cr.author == v), default=None)
        settled = min((t for t in (own, first_accepted) if t is not None), default=None)
        for deadline in map(_utc, deadlines):  # in order: stop at the first one settled or ahead
            if deadline > now or (settled is not None and settled < deadline):
                break
            out.append(
                Adjustment(v, CR_RETARD, -HALF, number, _late_reason(ruleset, deadline, deadline_manches))
            )
    return out


def _late_reason(ruleset: RuleSet, deadline: datetime, deadline_manches: Mapping | None) -> Message:
    # "… avant le début de la manche suivante … A chaque nouvelle manche de retard … 0,5 point de malus"
    when = wall_clock(ruleset, deadline)
    following = (deadline_manches or {}).get(deadline)
    if following is not None:
        return Message(
            _("Late compte-rendu: none posted before the start of manche %(next)s (%(deadline)s): −0.5"),
            {"deadline": when, "next": following},
        )
    return Message(
        _("Late compte-rendu: none posted by the deadline of %(deadline)s: −0.5"),
        {"deadline": when},
    )


def first_rejection(vainqueurs: Sequence, comptes_rendus: Iterable[CompteRenduRecord]) -> datetime | None:
    """``t0`` of §5.5: when the President first rejected a vainqueur's compte-rendu."""
    vset = set(_ids(vainqueurs))
    return min(
        (
            _utc(cr.rejected_at)
            for cr in comptes_rendus
            if cr.author in vset and cr.status == REJECTED and cr.rejected_at is not None
        ),
        default=None,
    )


def replacement_window(
    vainqueurs: Sequence, comptes_rendus: Sequence[CompteRenduRecord]
) -> tuple[datetime, datetime | None] | None:
    """When a compte-rendu by another participant is a *replacement*: after
    ``t0``, the first rejection of a vainqueur's, and before the vainqueur's
    first accepted revision (None while there is none); None without a rejection."""
    t0 = first_rejection(vainqueurs, comptes_rendus)
    if t0 is None:
        return None
    vset = set(_ids(vainqueurs))
    revised = min(
        (
            _utc(cr.posted_at)
            for cr in comptes_rendus
            if cr.author in vset and cr.status == ACCEPTED and _utc(cr.posted_at) > t0
        ),
        default=None,
    )
    return t0, revised


def rejection_deadline(
    ruleset: RuleSet,
    *,
    vainqueurs: Sequence[str],
    deadlines: Sequence[datetime],
    comptes_rendus: Sequence[CompteRenduRecord],
) -> tuple[datetime, datetime] | None:
    """``(t0, D)`` of §5.5: the first rejection of a vainqueur's compte-rendu
    and the deadline to react to it; None when none was rejected."""
    t0 = first_rejection(vainqueurs, comptes_rendus)
    if t0 is None:
        return None
    d = next((x for x in map(_utc, deadlines) if x > t0), None)
    if d is None:
        d = wall_clock_add_days(ruleset, t0, ruleset.last_manche_deadline_days)
    return t0, d


#: The reason of a non-conforme malus when a replacement was accepted before the vainqueur's revision.
REPLACED_FIRST = _(
    "Compte-rendu not up to standard (rejected %(t0)s): another participant's acceptable one came before the winner's revision: −0.5"
)


def non_conforme_adjustments(
    ruleset: RuleSet,
    *,
    number: int | None,
    vainqueurs: Sequence[str],
    participants: Sequence[str],
    deadlines: Sequence[datetime],
    comptes_rendus: Sequence[CompteRenduRecord],
    now: datetime,
) -> list[Adjustment]:
    """§5.5: −0.5 once to each vainqueur who did not react in time to the
    rejection; +0.5 to the first other participant whose replacement,
    posted before any accepted revision, is accepted."""
    vainqueurs = _ids(vainqueurs)
    window = rejection_deadline(
        ruleset, vainqueurs=vainqueurs, deadlines=deadlines, comptes_rendus=comptes_rendus
    )
    if window is None:
        return []
    t0, d = window
    now = _utc(now)
    vset = set(vainqueurs)
    others = set(participants) - vset
    after = [(_utc(cr.posted_at), cr.author) for cr in comptes_rendus if cr.status == ACCEPTED]
    after = [(posted, author) for posted, author in after if posted > t0]
    revision = min((posted for posted, author in after if author in vset), default=None)
    replacements = sorted((posted, author) for posted, author in after if author in others)
    first_other = replacements[0][0] if replacements else None
    reacted = revision is not None and revision < d and (first_other is None or revision < first_other)
    out = []
    t0_at, d_at = wall_clock(ruleset, t0), wall_clock(ruleset, d)
    if not reacted and (first_other is not None or now >= d):
        if first_other is not None and (revision is None or first_other <= revision) and first_other < d:
            reason = Message(REPLACED_FIRST, {"t0": t0_at, "deadline": d_at})
        else:
            # "… ne correspond pas aux standards et que le rédacteur ne réagit pas à temps"
            reason = Message(
                _(
                    "Compte-rendu not up to standard (rejected %(t0)s): the winner did not react in time, no accepted revision before %(deadline)s: −0.5"
                ),
                {"t0": t0_at, "deadline": d_at},
            )
        out.extend(Adjustment(v, CR_NON_CONFORME, -HALF, number, reason) for v in vainqueurs)
    eligible = [(posted, author) for posted, author in replacements if revision is None or posted < revision]
    if eligible:
        first = eligible[0][0]
        awarded = []
        for posted, author in eligible:
            if posted == first and author not in awarded:
                awarded.append(author)
        out.extend(
            Adjustment(
                author,
                CR_REMPLACEMENT,
                HALF,
                number,
                # "Le premier à poster … un compte-rendu acceptable reçoit un bonus de 0,5 point"
                Message(
                    _(
                        "Replacement compte-rendu: the first acceptable one after the winner's was rejected (%(t0)s), posted %(posted)s: +0.5"
                    ),
                    {"posted": wall_clock(ruleset, first), "t0": t0_at},
                ),
            )
            for author in awarded
        )
    return out


@dataclass(frozen=True)
class OpenDeadline:
    """A deadline still ahead of a manche's vainqueurs: ``kind`` is ``late``
    (no compte-rendu yet) or ``non_conforme`` (a rejected one to revise)."""

    kind: str
    deadline: datetime
    manche: int | None = None


def next_deadline(
    *,
    vainqueurs: Sequence[str],
    deadlines: Sequence[datetime],
    comptes_rendus: Sequence[CompteRenduRecord],
    now: datetime,
) -> datetime | None:
    """The next unreached deadline of a manche whose vainqueurs have not
    posted yet (for countdowns and reminders); None once one has posted."""
    vainqueurs = _ids(vainqueurs)
    vset = set(vainqueurs)
    if any(cr.author in vset for cr in comptes_rendus):
        return None
    now = _utc(now)
    return next((d for d in deadlines if _utc(d) > now), None)


def open_deadline(
    ruleset: RuleSet,
    *,
    number: int | None = None,
    vainqueurs: Sequence[str],
    participants: Sequence[str] = (),
    deadlines: Sequence[datetime],
    comptes_rendus: Sequence[CompteRenduRecord],
    now: datetime,
) -> OpenDeadline | None:
    """What the vainqueurs must still do before when: post a first
    compte-rendu (``late``), or get a revision accepted after a rejection
    (``non_conforme``); None when nothing is pending."""
    vainqueurs = _ids(vainqueurs)
    comptes_rendus = as_of(comptes_rendus, now)
    nd = next_deadline(vainqueurs=vainqueurs, deadlines=deadlines, comptes_rendus=comptes_rendus, now=now)
    if nd is not None:
        return OpenDeadline("late", nd, number)
    window = rejection_deadline(
        ruleset, vainqueurs=vainqueurs, deadlines=deadlines, comptes_rendus=comptes_rendus
    )
    if window is None:
        return None
    t0, d = window
    if _utc(now) >= d:
        return None
    vset = set(vainqueurs)
    others = set(participants) - vset
    accepted_after = [cr for cr in comptes_rendus if _utc(cr.posted_at) > t0 and cr.status == ACCEPTED]
    if any(cr.author in vset for cr in accepted_after) or any(cr.author in others for cr in accepted_after):
        return None
    return OpenDeadline("non_conforme", d, number)

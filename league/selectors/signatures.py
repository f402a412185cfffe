"""Who confirmed a closed sheet, which donnes are contested, and when the night becomes official."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from accounts.models import User

from .. import revision_cache
from ..models import DonneContest, Manche, Seat, SheetSignature
from .people import with_names


def seated_at(manche: Manche, user) -> bool:
    """Whether ``user`` sits at the manche's table (its saved seats): from the seats
    already read when the caller gave them (:func:`seats_known`), else one query."""
    known = getattr(manche, "_seated_pks", None)
    if known is not None:
        return user.pk in known
    return Seat.objects.filter(manche=manche, player_id=user.pk).exists()


def seats_known(manche: Manche, seats) -> None:
    """``seats`` are the manche's saved seats, just read: who sits there is not read again
    for this object (the manche page's permission checks)."""
    manche._seated_pks = frozenset(seat.player_id for seat in seats)


def contest_until(manche: Manche) -> datetime | None:
    """The end of the contest period: the close plus the season's ``contest_hours``. None
    when there is none: a manche not played, one imported without its close (history), and
    every manche of a closed season (its classification is final)."""
    if manche.status != Manche.Status.PLAYED or manche.closed_at is None or manche.season.is_closed:
        return None
    return manche.closed_at + timedelta(hours=manche.season.contest_hours)


def in_contest_period(manche: Manche, now: datetime) -> bool:
    """Whether the table may still confirm the sheet or contest a donne (after it, the result is official)."""
    until = contest_until(manche)
    return until is not None and now < until


#: The ``night_mark`` of a manche nobody signed and nobody contested.
NO_SIGNATURE_NOR_CONTEST = "/"


def night_mark_sql(manche_table: str) -> str:
    """The SQL of a manche's ``night_mark`` (the row of ``manche_table`` it is read with): what its
    signatures and contests are now, in a few characters (how many, the newest, how many
    ruled), so that a page reads them only when they changed (:func:`night_signatures`).
    Derived from the rows themselves: no write has to remember to change it.

    Raw SQL, as two scalar subqueries: written with the ORM's aggregate subqueries the
    query cost more to build than the two reads it spares. No parameter: the models'
    own table names."""
    signature, contest = SheetSignature._meta.db_table, DonneContest._meta.db_table
    return (
        f"COALESCE((SELECT COUNT(*) || '.' || MAX(s.id) FROM {signature} s"  # noqa: S608
        f" WHERE s.manche_id = {manche_table}.id), '') || '/' || "
        f"COALESCE((SELECT COUNT(*) || '.' || MAX(c.id) || '.' || COUNT(c.ruled_at) FROM {contest} c"
        f" WHERE c.manche_id = {manche_table}.id), '')"
    )


@dataclass(frozen=True)
class NightSignatures:
    lines: list  # [(User, SheetSignature | None)] in seat order
    contests: list  # DonneContest, oldest first
    until: datetime | None

    @property
    def open_contests(self) -> list:
        return [c for c in self.contests if c.ruling == DonneContest.Ruling.OPEN]

    @property
    def provisional(self) -> bool:
        """A contested donne awaits the President: the result is provisional."""
        return bool(self.open_contests)

    def official(self, now: datetime) -> bool:
        """After the contest period (or without one: history, a closed season), with no
        contest left open, the night is official."""
        return not self.provisional and (self.until is None or now >= self.until)


def _night_rows(manche: Manche) -> tuple[dict, list]:
    """The manche's signatures by player pk and its contests, oldest first (their members unnamed)."""
    return (
        {s.player_id: s for s in SheetSignature.objects.filter(manche=manche)},
        list(DonneContest.objects.filter(manche=manche)),
    )


def _kept_night_rows(manche: Manche, now: datetime) -> tuple[dict, list]:
    """:func:`_night_rows`, kept in the season's cache under the manche's ``night_mark``
    (none read when there are none); read directly when the manche came without it."""
    mark = getattr(manche, "night_mark", None)
    if mark is None:
        return _night_rows(manche)
    if mark == NO_SIGNATURE_NOR_CONTEST:
        return {}, []
    season = manche.season
    name = f"night:{manche.number}:{mark}"
    return revision_cache.kept(season.pk, season.revision, name, now=now, read=lambda: _night_rows(manche))


def night_signatures(
    manche: Manche, *, seats: list | None = None, now: datetime | None = None
) -> NightSignatures:
    """Who confirmed the sheet, seat by seat (``seats``: the saved seats in playing order, when
    already read), and the contests; their members named as they are now (from the seats,
    the others read)."""
    signed, contests = _kept_night_rows(manche, now or timezone.now())
    if seats is None:
        seats = with_names(Seat.objects.filter(manche=manche), "player").order_by("position")
    seats = list(seats)
    named = {seat.player_id: seat.player for seat in seats}
    unknown = {c.player_id for c in contests} | {c.ruled_by_id for c in contests if c.ruled_by_id}
    unknown -= named.keys()
    if unknown:
        named |= {u.pk: u for u in User.objects.filter(pk__in=unknown).only("pk", *User.NAME_FIELDS)}
    for contest in contests:
        contest.player = named[contest.player_id]
        contest.ruled_by = named.get(contest.ruled_by_id)
    return NightSignatures(
        lines=[(seat.player, signed.get(seat.player_id)) for seat in seats],
        contests=contests,
        until=contest_until(manche),
    )

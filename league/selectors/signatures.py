"""Who confirmed a closed sheet, which donnes are contested, and when the night becomes official."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

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
    """The end of the contest period: the close plus the season's ``contest_hours``."""
    if manche.status != Manche.Status.PLAYED or manche.closed_at is None:
        return None
    return manche.closed_at + timedelta(hours=manche.season.contest_hours)


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
        """After the contest period, with no contest left open, the night is official."""
        return self.until is not None and now >= self.until and not self.provisional


def night_signatures(manche: Manche, *, seats: list | None = None) -> NightSignatures:
    """Who confirmed the sheet, seat by seat (``seats``: the saved seats in playing order, when already read)."""
    signed = {s.player_id: s for s in SheetSignature.objects.filter(manche=manche)}
    if seats is None:
        seats = Seat.objects.filter(manche=manche).select_related("player").order_by("position")
    return NightSignatures(
        lines=[(seat.player, signed.get(seat.player_id)) for seat in seats],
        contests=list(with_names(DonneContest.objects.filter(manche=manche), "player", "ruled_by")),
        until=contest_until(manche),
    )

"""Keeping each player's first season right whatever order history arrives in.

The rule is the engine's (:mod:`league.rules.first_season`); this module
gathers its inputs: what a file declares, what is recorded, and the seasons
each player played on the site, dated by their first manche.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from django.db.models import Min
from simple_history.utils import bulk_update_with_history

from accounts.models import User
from league import rules
from league.models import Manche, Season, Seat
from league.services.revision import invalidate


@dataclass(frozen=True)
class FirstSeasonNote:
    """A file's declaration that differs from what the site keeps."""

    player: str
    declared: str
    kept: str


def season_starts(names: Iterable[str]) -> dict[str, datetime | None]:
    """Each season's date: its first manche on the site, else 1 August of
    the first year of a name like 2009-2010, else unknown."""
    names = {n for n in names if n}
    known = dict(
        Season.objects.filter(name__in=names)
        .annotate(first=Min("manches__starts_at"))
        .values_list("name", "first")
    )
    out = {}
    for name in names:
        year = rules.season_year(name)
        out[name] = known.get(name) or (datetime(year, 8, 1, tzinfo=UTC) if year else None)
    return out


def played_seasons(usernames: Iterable[str]) -> dict[str, dict[str, datetime]]:
    """For each player, the seasons he played on the site (seated or the
    absent of a manche at four) with each season's first manche."""
    usernames = list(usernames)
    out: dict[str, dict[str, datetime]] = {u: {} for u in usernames}
    names = set()
    for season, player in _played(usernames):
        out[player][season] = None
        names.add(season)
    starts = season_starts(names)
    return {player: {s: starts[s] for s in seasons} for player, seasons in out.items()}


def _played(usernames: list[str], *, played_only: bool = True) -> set[tuple[str, str]]:
    """(season name, username) for each season these players played in (or, not ``played_only``,
    sat or were the absent in any manche of).

    Two queries, each from the players through their indexes: one with an
    ``OR`` across the seats and the absent made the database read every
    manche of every season, and the manches' default ordering kept one row
    per seat in the ``DISTINCT`` (the import's time grew faster than the season).
    """
    status = {"status": Manche.Status.PLAYED} if played_only else {}
    seated = (
        Seat.objects.filter(player__username__in=usernames, **{f"manche__{k}": v for k, v in status.items()})
        .order_by()
        .values_list("manche__season__name", "player__username")
        .distinct()
    )
    absent = (
        Manche.objects.filter(absent__username__in=usernames, **status)
        .order_by()
        .values_list("season__name", "absent__username")
        .distinct()
    )
    return set(seated) | set(absent)


def first_season_of(
    *, recorded: str, declared: str | None, played: Mapping[str, datetime | None], starts: Mapping
) -> str | None:
    """What the site keeps: the earliest of the recorded value, the file's
    declaration and the seasons he played."""
    candidates = [(recorded, starts.get(recorded)), (declared or "", starts.get(declared))]
    candidates += sorted(
        played.items(), key=lambda item: (item[1] is None, item[1] or datetime.min.replace(tzinfo=UTC))
    )
    return rules.earliest_season(candidates)


def settle(
    declared: Mapping[str, str | None],
    *,
    extra_played: Mapping[str, tuple[str, datetime | None]] = None,
    write: bool,
    by=None,
    reason: str = "",
) -> list[FirstSeasonNote]:
    """Settle the first season of the players ``declared`` maps to a file's
    declaration (None: declares nothing); ``extra_played`` adds, for a check
    before writing, the season being imported each one plays in. With
    ``write``, records the result (and makes the standings that show a
    Rookie recompute). Returns the declarations the site does not keep."""
    users = {u.username: u for u in User.objects.filter(username__in=list(declared))}
    played = played_seasons(declared)
    names = {d for d in declared.values() if d} | {u.first_season for u in users.values() if u.first_season}
    starts = season_starts(names)
    for seasons in played.values():
        starts.update(seasons)
    for player, (season, start) in (extra_played or {}).items():
        played.setdefault(player, {})[season] = start
        starts[season] = start
    notes, changed = [], []
    for player, said in declared.items():
        user = users.get(player)
        recorded = user.first_season if user else ""
        kept = first_season_of(recorded=recorded, declared=said, played=played.get(player, {}), starts=starts)
        if said and kept and said != kept:
            notes.append(FirstSeasonNote(player, said, kept))
        if write and user is not None and kept and kept != user.first_season:
            user.first_season = kept
            user._history_user = by
            user._change_reason = reason
            changed.append(user)
    if write and changed:
        bulk_update_with_history(changed, User, ["first_season"], batch_size=500)
        changed = [user.username for user in changed]
        for season in Season.objects.filter(
            name__in={name for name, _p in _played(changed, played_only=False)}
        ):
            invalidate(season)
    return notes

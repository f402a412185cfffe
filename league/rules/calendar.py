"""The championship's calendar, as the rulebook's "Organisation du Championnat" sets it.

Manches are played on Thursday evenings at 21:00 (Europe/Paris), one every
14 days, from the first Thursday of September to the last Thursday of June.
On the President's decision the season may start on the last Thursday of
August and end on the first Thursday of July.

Pure functions over ``date``/``datetime`` (no Django): a manche's start is
built from its local date and local time in the club's time zone, so it stays
at 21:00 on both sides of a daylight-saving change.
"""

from __future__ import annotations

import calendar as _calendar
import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from .errors import RuleViolation
from .messages import Message, gettext_noop

__all__ = [
    "CLUB_TIMEZONE",
    "DEFAULT_START_TIME",
    "INTERVAL_DAYS",
    "SEATS",
    "CalendarOptions",
    "closing_problems",
    "entry_problems",
    "first_thursday",
    "fill_state",
    "missing_players",
    "open_seats",
    "day_over",
    "day_start",
    "is_last_minute",
    "last_thursday",
    "local_date",
    "manche_start",
    "season_dates",
    "season_dates_problems",
    "season_start_year",
    "season_starts",
    "season_year",
]

CLUB_TIMEZONE = "Europe/Paris"
DEFAULT_START_TIME = time(21, 0)
INTERVAL_DAYS = 14
#: A Tarot-Bière table has five seats.
SEATS = 5
THURSDAY = 3  # date.weekday()


def open_seats(seated: int) -> int:
    """Places a registrant may still take at a manche's table (a newcomer
    replaces a late withdrawal too)."""
    return max(SEATS - seated, 0)


def missing_players(seated: int, *, absent: bool) -> int:
    """Players still lacking for the manche to be played: the open seats, less
    the absent one's (with one late withdrawal the table plays at 4)."""
    return max(open_seats(seated) - (1 if absent else 0), 0)


def first_thursday(year: int, month: int) -> date:
    first = date(year, month, 1)
    return first + timedelta(days=(THURSDAY - first.weekday()) % 7)


def last_thursday(year: int, month: int) -> date:
    last = date(year, month, _calendar.monthrange(year, month)[1])
    return last - timedelta(days=(last.weekday() - THURSDAY) % 7)


def season_start_year(name: str) -> int | None:
    """``"2011-2012"`` -> 2011 (the September the season starts in)."""
    match = re.match(r"\s*(\d{4})", name or "")
    return int(match.group(1)) if match else None


@dataclass(frozen=True)
class CalendarOptions:
    """The President's two options: start in late August, end in early July."""

    start_in_august: bool = False
    end_in_july: bool = False
    interval_days: int = INTERVAL_DAYS


def season_dates(start_year: int, options: CalendarOptions | None = None) -> list[date]:
    """The local dates of a season's regular manches.

    The first manche is on the start date (first Thursday of September, or
    the last of August with the option) and the last one on the end date
    (last Thursday of June, or the first of July with the option). In
    between, one manche every ``interval_days`` from the start. Thursdays
    are a multiple of 7 days apart, so when the fortnightly rhythm does not
    land on the end date, the end date is added one week after the previous
    manche: the season ends on the day the rulebook says, and no manche of
    the rhythm is dropped.
    """
    options = options or CalendarOptions()
    if options.interval_days < 1:
        raise ValueError("interval_days must be positive")
    start = last_thursday(start_year, 8) if options.start_in_august else first_thursday(start_year, 9)
    end = first_thursday(start_year + 1, 7) if options.end_in_july else last_thursday(start_year + 1, 6)
    dates = []
    day = start
    while day <= end:
        dates.append(day)
        day += timedelta(days=options.interval_days)
    if dates[-1] != end:
        dates.append(end)
    return dates


def manche_start(day: date, at: time = DEFAULT_START_TIME, tz: str = CLUB_TIMEZONE) -> datetime:
    """The aware start of a manche played on local ``day`` at local ``at``.

    Built from wall-clock values, so 21:00 stays 21:00 whether Paris is on
    summer (UTC+2) or winter (UTC+1) time. A non-existent time (inside the
    spring gap) is moved forward by the gap, as clocks do.
    """
    zone = ZoneInfo(tz)
    naive = datetime.combine(day, at)
    aware = naive.replace(tzinfo=zone)
    # Round-trip through UTC to detect a wall time that does not exist.
    back = aware.astimezone(ZoneInfo("UTC")).astimezone(zone)
    if back.replace(tzinfo=None) != naive:
        return back
    return aware


def season_starts(
    start_year: int,
    options: CalendarOptions | None = None,
    at: time = DEFAULT_START_TIME,
    tz: str = CLUB_TIMEZONE,
) -> list[datetime]:
    """The aware start times of a season's regular manches."""
    return [manche_start(day, at, tz) for day in season_dates(start_year, options)]


def local_date(moment: datetime, tz: str = CLUB_TIMEZONE) -> date:
    """The club's calendar date of an aware moment."""
    if moment.tzinfo is None:
        raise ValueError("an aware datetime is required")
    return moment.astimezone(ZoneInfo(tz)).date()


def day_over(now: datetime, starts_at: datetime, tz: str = CLUB_TIMEZONE) -> bool:
    """Whether the manche's day (the club's date) has ended: its night is played, only
    its results are still to come. A member's own sign-up no longer changes then."""
    return local_date(now, tz) > local_date(starts_at, tz)


def day_start(now: datetime, tz: str = CLUB_TIMEZONE) -> datetime:
    """Midnight at the start of ``now``'s date in the club's calendar: a manche starting
    before it has its day over (:func:`day_over`)."""
    return manche_start(local_date(now, tz), time.min, tz)


def is_last_minute(now: datetime, starts_at: datetime, tz: str = CLUB_TIMEZONE) -> bool:
    """A withdrawal on the day of the manche (club's date) or later is a last-minute one."""
    return local_date(now, tz) >= local_date(starts_at, tz)


def fill_state(
    status: str, seated: int, seats: int = SEATS, *, started: bool = False, day_over: bool = False
) -> str:
    """The state shown for a manche: ``full``, ``playing`` and ``results_due`` are derived.

    ``status`` is the stored one (``planned``, ``open``, ``played``,
    ``cancelled``); the result adds ``full`` (every seat taken while it takes
    sign-ups), ``playing`` (its start has passed and it is not closed yet:
    the table is at play, sign-ups are over whatever the fill) and
    ``results_due`` (the day of the night is over, club time, and it is still
    not closed: the President has results to enter, nobody is playing).
    """
    if status in ("played", "cancelled"):
        return status
    if day_over:
        return "results_due"
    if started:
        return "playing"
    if seated >= seats:
        return "full"
    return status
    if started:
        return "playing"
    if seated >= seats:
        return "full"
    return status


def closing_problems(starts_at: datetime, now: datetime) -> list[RuleViolation]:
    """A manche is played from its start: closing it (or publishing its quick
    results) before then is refused; a past night's results go through at any later time."""
    if now >= starts_at:
        return []
    return [
        RuleViolation(
            "starts_at",
            Message(
                gettext_noop("the manche starts at %(starts_at)s: it cannot be closed before it has started"),
                {
                    "starts_at": starts_at.astimezone(ZoneInfo(CLUB_TIMEZONE))
                },  # the site writes it in the reader's notation
            ),
        )
    ]


def entry_problems(starts_at: datetime, now: datetime, tz: str = CLUB_TIMEZONE) -> list[RuleViolation]:
    """A manche's donnes are entered from its day on (the club's date), never on an
    earlier one: donnes written days before a night belong to another manche (the
    capitaine opened next week's sheet). On the day itself the table may sit down
    before the announced hour."""
    if local_date(now, tz) >= local_date(starts_at, tz):
        return []
    return [
        RuleViolation(
            "starts_at",
            Message(
                gettext_noop("the manche starts at %(starts_at)s: its donnes are entered from that day on"),
                {"starts_at": starts_at.astimezone(ZoneInfo(CLUB_TIMEZONE))},
            ),
        )
    ]


def season_dates_problems(
    starts_at: datetime, first_year: int | None, tz: str = CLUB_TIMEZONE
) -> list[RuleViolation]:
    """A manche is played within its season's year, from 8 July of the first year of
    its name to 7 July of the next (:func:`season_year`'s cut-over): a manche of
    September 2027 belongs to 2027-2028, not to 2026-2027. A season whose name
    gives no year (an imported one) sets no bounds."""
    if first_year is None or season_year(starts_at, tz) == first_year:
        return []
    month, day = SEASON_YEAR_FIRST_DAY
    return [
        RuleViolation(
            "starts_at",
            Message(
                gettext_noop("a manche of the season is played between %(first)s and %(last)s"),
                {
                    "first": datetime(first_year, month, day, tzinfo=ZoneInfo(tz)),
                    "last": datetime(first_year + 1, month, day, tzinfo=ZoneInfo(tz)) - timedelta(minutes=1),
                },
            ),
        )
    ]


#: The day a new season year begins (month, day): a season ends on the first
#: Thursday of July at the latest (7 July) and starts on the last Thursday of
#: August at the earliest (25 August), so the year turns on 8 July.
SEASON_YEAR_FIRST_DAY = (7, 8)


def season_year(now: datetime, tz: str = CLUB_TIMEZONE) -> int:
    """The year the season of ``now`` (club time) starts in.

    The one definition of the cut-over: a manche of early July still belongs
    to the ending season; from 8 July the coming season is meant (the
    President prepares it over the summer)."""
    local = local_date(now, tz)
    return local.year if (local.month, local.day) >= SEASON_YEAR_FIRST_DAY else local.year - 1

"""iCalendar text as the ``icalendar`` library writes it, each event written without its objects.

A big season's feed holds 1,600 events: made as the library's ``Event``
objects and serialised by its ``Calendar``, they took 0.35 s (the library
guesses each value's type, builds an object per parameter and folds every
line character by character), most of the feed's time once its queries were
batched. The calendar's frame and its time zone are still made by the
library; an event is written here line by line, its text escaped by the
library's ``vText`` and a line too long folded by its ``Contentline``, so the
bytes are the library's own (tests/league/test_ical.py writes the same
events both ways and compares them).
"""

from datetime import UTC, datetime, timedelta
from functools import cache

from icalendar import Calendar, Timezone
from icalendar.parser import Contentline
from icalendar.prop import vText

#: The library folds a line of 75 octets or more (RFC 5545: at most 75 per line).
FOLDED_FROM = 75
END = b"END:VCALENDAR\r\n"


def _line(name: str, value: str) -> bytes:
    line = f"{name}:{value}"
    encoded = line.encode()
    return encoded + b"\r\n" if len(encoded) < FOLDED_FROM else Contentline(line).to_ical() + b"\r\n"


def _text(name: str, value: str) -> bytes:
    return _line(name, vText(value).to_ical().decode())


def _local(moment: datetime) -> str:
    return f"{moment:%Y%m%dT%H%M%S}"


def event(
    *,
    uid: str,
    stamp: datetime,
    start: datetime,
    end: datetime,
    summary: str,
    description: str,
    location: str,
    status: str,
    url: str,
    sequence: int,
) -> bytes:
    """A VEVENT, its properties in the library's order (``start``/``end`` in their zone, named by TZID)."""
    zone = f"TZID={start.tzinfo.key}"
    return b"".join(
        (
            b"BEGIN:VEVENT\r\n",
            _text("SUMMARY", summary),
            _line(f"DTSTART;{zone}", _local(start)),
            _line(f"DTEND;{zone}", _local(end)),
            _line("DTSTAMP", _local(stamp.astimezone(UTC)) + "Z"),
            _text("UID", uid),
            _line("SEQUENCE", str(sequence)),
            _text("DESCRIPTION", description),
            _text("LOCATION", location) if location else b"",
            _text("STATUS", status),
            _line("URL", url),
            b"END:VEVENT\r\n",
        )
    )


@cache
def _time_zone(tzid: str) -> bytes:
    """The VTIMEZONE the library adds for ``tzid`` (``Calendar.add_missing_timezones``)."""
    return Timezone.from_tzid(
        tzid, first_date=Timezone.DEFAULT_FIRST_DATE, last_date=Timezone.DEFAULT_LAST_DATE
    ).to_ical()


def calendar(*, title: str, tzid: str, events: list[bytes]) -> bytes:
    """A VCALENDAR of ``events`` (written by :func:`event` in ``tzid``), published for subscribers."""
    frame = Calendar()
    frame.add("prodid", "-//Tarot-Biere//Championnat du Monde//FR")
    frame.add("version", "2.0")
    frame.add("calscale", "GREGORIAN")
    frame.add("method", "PUBLISH")
    frame.add("x-wr-calname", title)
    frame.add("x-wr-timezone", tzid)
    frame.add("refresh-interval", timedelta(hours=6), parameters={"VALUE": "DURATION"})
    head = frame.to_ical().removesuffix(END)
    # The library adds the time zone only when an event is in it.
    return b"".join((head, _time_zone(tzid) if events else b"", *events, END))

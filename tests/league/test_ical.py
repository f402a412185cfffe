"""The feeds' events are written byte for byte as the ``icalendar`` library writes them
(``league.ical`` writes them line by line instead of building the library's objects)."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar, Event

from league import ical

PARIS = ZoneInfo("Europe/Paris")
STAMP = datetime(2026, 11, 3, 9, 30, 12, 345678, tzinfo=UTC)


def by_the_library(title: str, events: list[dict]) -> bytes:
    """The calendar as the feeds made it with the library's objects."""
    calendar = Calendar()
    calendar.add("prodid", "-//Tarot-Biere//Championnat du Monde//FR")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", title)
    calendar.add("x-wr-timezone", "Europe/Paris")
    calendar.add("refresh-interval", timedelta(hours=6), parameters={"VALUE": "DURATION"})
    for fields in events:
        event = Event()
        event.add("uid", fields["uid"])
        event.add("dtstamp", fields["stamp"])
        event.add("dtstart", fields["start"])
        event.add("dtend", fields["end"])
        event.add("summary", fields["summary"])
        if fields["location"]:
            event.add("location", fields["location"])
        event.add("url", fields["url"])
        event.add("description", fields["description"])
        event.add("status", fields["status"])
        event.add("sequence", fields["sequence"])
        calendar.add_component(event)
    calendar.add_missing_timezones()
    return calendar.to_ical()


def fields(**changes) -> dict:
    start = datetime(2026, 3, 26, 21, 0, tzinfo=PARIS)  # the week DST starts
    return {
        "uid": "manche-41@tarot.example.org",
        "stamp": STAMP,
        "start": start,
        "end": start + timedelta(hours=3),
        "summary": "Tarot-Bière : manche 9",
        "description": "Saison 2025-2026\nhttps://tarot.example.org/saisons/2025-2026/manches/9/",
        "location": "Chez Ben",
        "status": "CONFIRMED",
        "url": "https://tarot.example.org/saisons/2025-2026/manches/9/",
        "sequence": 3,
        **changes,
    }


TEXTS = [
    "plain",
    "commas, semicolons; a backslash \\ and a colon: here",
    "two\nlines\r\nand a carriage return\ralone",
    "Éloïse de la Tour-Dubois; dite « la Reine », \\ l'ancienne — 名前 Ünïcödé " * 3,
    "x" * 65,  # LOCATION's line: 74 octets, as it is
    "x" * 66,  # 75: folded
    "é" * 32 + "x",  # 74 octets in 42 characters
    "é" * 33,  # 75
    "é" * 40,
    "x" * 66 + "\\" + "y" * 20,  # a backslash escape where the line folds
    "x" * 67 + ";" + "y" * 20,
]


@pytest.mark.parametrize("text", TEXTS)
def test_an_event_is_written_as_the_library_writes_it(text):
    event = fields(
        summary=text,
        description=f"Saison 2025-2026\nÀ la table : {text}\n{text}",
        location=text,
        uid=f"manche-{text}@tarot",
        url="https://tarot.example.org/saisons/2025-2026%20bis/manches/9/?a=b,c",
    )
    written = ical.calendar(title="Tarot-Bière 2025-2026", tzid="Europe/Paris", events=[ical.event(**event)])
    assert written == by_the_library("Tarot-Bière 2025-2026", [event])


def test_a_calendar_of_several_events_in_summer_and_winter_is_the_librarys():
    summer = datetime(2026, 7, 2, 21, 0, tzinfo=PARIS)
    events = [
        fields(),
        fields(uid="manche-2@h", start=summer, end=summer + timedelta(hours=3), location="", sequence=0),
        fields(uid="manche-3@h", status="CANCELLED", summary="Tarot-Bière : manche 3 (liste d'attente)"),
    ]
    written = ical.calendar(
        title="Tarot-Bière 2025-2026", tzid="Europe/Paris", events=[ical.event(**e) for e in events]
    )
    assert written == by_the_library("Tarot-Bière 2025-2026", events)


def test_an_empty_calendar_has_no_time_zone_as_with_the_library():
    written = ical.calendar(title="Mes manches de Tarot-Bière", tzid="Europe/Paris", events=[])
    assert written == by_the_library("Mes manches de Tarot-Bière", [])
    assert b"VTIMEZONE" not in written

"""The compte-rendu countdown compares instants, not rendered text.

A deadline passed shows « échue » in red; one ahead shows the time left,
whatever the language (French says « 0 minute », Django puts a non-breaking
space: comparing the rendered string never matched).
"""

from datetime import UTC, datetime, timedelta

import time_machine
from django.template import engines
from django.utils import translation

NOW = datetime(2025, 3, 6, 22, 0, tzinfo=UTC)


def countdown(deadline, **context) -> str:
    page = engines["django"].from_string(
        "{% load comptes_rendus %}{% if now %}{% countdown deadline now %}{% else %}{% countdown deadline %}{% endif %}"
    )
    with time_machine.travel(NOW, tick=False), translation.override(context.pop("language", "fr")):
        return page.render({"deadline": deadline, **context})


def test_a_passed_deadline_is_shown_as_due_in_red():
    html = countdown(NOW - timedelta(seconds=1))
    assert "text-danger" in html
    assert "échue" in html.split(">", 1)[1]


def test_a_deadline_ahead_shows_the_time_left():
    html = countdown(NOW + timedelta(days=2))
    assert "text-danger" not in html
    assert "dans 2" in html


def test_the_countdown_reads_its_instant_in_the_paris_wall_clock():
    html = countdown(NOW + timedelta(days=2))
    assert 'datetime="2025-03-08T23:00:00+01:00"' in html
    assert 'title="samedi 8 mars 2025, 23:00"' in html


def test_a_countdown_as_of_a_given_moment_ignores_the_clock():
    """The home page renders its countdowns as of the moment of its request (and keeps them so)."""
    html = countdown(NOW + timedelta(hours=5), now=NOW + timedelta(hours=6))
    assert "text-danger" in html and "échue" in html.split(">", 1)[1]


def test_the_countdown_speaks_english():
    html = countdown(NOW + timedelta(days=2), language="en")
    assert "in 2\xa0days" in html and 'data-past="overdue"' in html

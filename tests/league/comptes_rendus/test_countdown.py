"""The compte-rendu countdown compares instants, not rendered text.

A deadline passed shows « échue » in red; one ahead shows the time left,
whatever the language (French says « 0 minute », Django puts a non-breaking
space: comparing the rendered string never matched).
"""

from datetime import UTC, datetime, timedelta

import time_machine
from django.template.loader import render_to_string
from django.utils import translation

NOW = datetime(2025, 3, 6, 22, 0, tzinfo=UTC)


def countdown(deadline) -> str:
    with time_machine.travel(NOW, tick=False), translation.override("fr"):
        return render_to_string("league/comptes_rendus/_countdown.html", {"deadline": deadline})


def test_a_passed_deadline_is_shown_as_due_in_red():
    html = countdown(NOW - timedelta(seconds=1))
    assert "text-danger" in html
    assert "échue" in html.split(">", 1)[1]


def test_a_deadline_ahead_shows_the_time_left():
    html = countdown(NOW + timedelta(days=2))
    assert "text-danger" not in html
    assert "dans 2" in html

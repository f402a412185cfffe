"""A page that writes many of the engine's messages in one language translates each wording,
counted phrase and number once (``message_text``'s ``words``), and writes them as before."""

from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from zoneinfo import ZoneInfo

from django.utils import translation

from league import rules, wording
from reports.explanations import explanation_html

PLACE = rules.Message(rules.gettext_noop("2nd place"))


def line(number: int, score, average) -> rules.Message:
    return rules.Message(
        "Manche %(number)s: %(place)s with a score of %(score)s, place points: %(points)s",
        {"number": number, "place": PLACE, "score": score, "points": average},
    )


LINES = [
    line(1, -30, Decimal("1.5")),
    line(2, 670, Decimal("1.5")),
    line(3, 12, Fraction(1, 2)),
    line(4, 12, 0.5),
    line(5, 12, Decimal("1.0")),
    line(6, 12, Decimal("1")),
    rules.Message(
        "Bouts sur prise: %(bouts)s in %(prises)s (%(won)s), an average of %(average)s, "
        "the lowest of the manche and at most 1: +0.5",
        {
            "bouts": rules.Plural("%(n)s bout", "%(n)s bouts", 1),
            "prises": rules.Plural("%(n)s prise", "%(n)s prises", 2),
            "won": rules.Plural("%(n)s won", "%(n)s won", 2),
            "average": Decimal("0.5"),
        },
    ),
    rules.Message("%(when)s", {"when": datetime(2031, 3, 30, 21, tzinfo=ZoneInfo("Europe/Paris"))}),
]


def counted(monkeypatch) -> dict[str, int]:
    calls = {"gettext": 0, "ngettext": 0, "num": 0}
    for name in calls:
        original = getattr(wording, name)

        def counting(*args, original=original, name=name):
            calls[name] += 1
            return original(*args)

        monkeypatch.setattr(wording, name, counting)
    return calls


def test_the_same_words_are_translated_and_written_once(monkeypatch):
    with translation.override("fr"):
        alone = [wording.message_text(m) for m in LINES]
        calls = counted(monkeypatch)
        words: dict = {}
        together = [wording.message_text(m, words) for m in LINES]
    assert together == alone
    assert "−30" in together[0] and "1,5" in together[1]
    # Four wordings (the place inside the lines' once), three counted phrases (each written
    # with its count); whole numbers are written at once, twelve of them; the others once
    # by type and writing, though 1.5 comes twice: 1.5, 1/2, 0.5 (float), 1.0, 1, 0.5.
    assert calls == {"gettext": 4, "ngettext": 3, "num": 12 + 3 + 6}


def test_the_words_of_one_language_are_not_those_of_another():
    with translation.override("fr"):
        french = wording.message_text(LINES[0], {})
    with translation.override("en"):
        english = wording.message_text(LINES[0], {})
    assert french != english


def test_an_explanation_reads_the_same_with_the_words_kept_for_the_whole_table():
    with translation.override("fr"):
        words: dict = {}
        kept = [explanation_html(LINES, Decimal("-0.5"), 8, words) for _ in range(2)]
        alone = explanation_html(LINES, Decimal("-0.5"), 8)
    assert kept == [alone, alone]

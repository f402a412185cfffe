"""The standings page words its lines' explanations with one memory of the words for the
whole table: each wording is translated once, not once per line that says it."""

from collections import Counter

from django.core.cache import cache
from django.urls import reverse

from league import wording


def test_each_wording_of_the_explanations_is_translated_once_per_page(client, small_season, monkeypatch):
    translated: Counter = Counter()
    gettext = wording.gettext

    def counting(text):
        translated[text] += 1
        return gettext(text)

    monkeypatch.setattr(wording, "gettext", counting)
    cache.clear()
    page = client.get(reverse("reports:standings", args=[small_season.name]))
    assert page.status_code == 200
    per_manche = "Manche %(number)s: %(place)s with a score of %(score)s, place points: %(points)s"
    assert page.content.decode().count("Manche ") >= 20  # every line's manches, explained
    assert translated[per_manche] == 1
    assert set(translated.values()) == {1}


def test_each_number_of_the_table_is_written_once_per_page(client, small_season, monkeypatch):
    """A number column's value and an average, other than a whole number, are written once
    per type and writing: the lines' points, bonuses and averages repeat."""
    from reports import tables

    written: Counter = Counter()
    for name in ("num", "average"):
        original = getattr(tables, name)

        def counting(value, *args, original=original, name=name):
            if type(value) is not int:
                written[name, type(value), str(value)] += 1
            return original(value, *args)

        monkeypatch.setattr(tables, name, counting)
    cache.clear()
    page = client.get(reverse("reports:standings", args=[small_season.name]))
    assert page.status_code == 200
    assert any(kind == "average" for kind, _type, _value in written)
    assert sum(written.values()) > 0 and set(written.values()) == {1}

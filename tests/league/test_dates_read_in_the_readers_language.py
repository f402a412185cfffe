"""Dates read in the reader's language: juin and juillet apart, no ISO instant on a page.

Django's "M" and "b" abbreviate both June and July to three letters ("Jui"
in French): the site abbreviates with "N" ("juin", "juil."), and writes an
instant with the localized DATETIME_FORMAT ("24 nov. 2026 à 01:27",
"Nov. 24, 2026, 01:27"), never as "2026-11-24 01:27".
"""

import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.template import Context, Template
from django.urls import reverse
from django.utils import formats, translation

from league.models import Manche
from league.wording import instant
from tests.support.seasons import make_manche

PARIS = ZoneInfo("Europe/Paris")
JUNE = datetime(2026, 6, 4, 21, 0, tzinfo=PARIS)
JULY = datetime(2026, 7, 2, 21, 0, tzinfo=PARIS)
ISO = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")

ROOT = Path(settings.BASE_DIR)
TEMPLATE_FORMAT = re.compile(r"""\|date:(["'])(?P<format>[^"']*)\1""")
PYTHON_FORMAT = re.compile(r"""date_format\(.*,\s*(["'])(?P<format>[^"']*)\1\)""")


def formats_in_use() -> dict[str, list[str]]:
    """Every date format the templates and the Python code write dates with, and where."""
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "templates").rglob("*")):
        if path.suffix in (".html", ".txt"):
            for match in TEMPLATE_FORMAT.finditer(path.read_text(encoding="utf-8")):
                found.setdefault(match["format"], []).append(str(path.relative_to(ROOT)))
    for app in ("accounts", "league", "reports"):
        for path in sorted((ROOT / app).rglob("*.py")):
            for match in PYTHON_FORMAT.finditer(path.read_text(encoding="utf-8")):
                found.setdefault(match["format"], []).append(str(path.relative_to(ROOT)))
    return found


FORMATS = formats_in_use()


def unescaped(date_format: str) -> str:
    return re.sub(r"\\.", "", date_format)


def test_the_audit_finds_the_formats_of_the_pages():
    assert {"l j F Y", "D j N", "DATETIME_FORMAT", "DATE_FORMAT"} <= set(FORMATS)


def resolved(date_format: str) -> str:
    """A named format (``DATETIME_FORMAT``) as the active language writes it."""
    return formats.get_format(date_format) if date_format.endswith("_FORMAT") else date_format


@pytest.mark.parametrize("date_format", sorted(FORMATS))
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_date_is_abbreviated_to_three_letters(date_format, lang):
    """ "M" and "b" write juin and juillet alike ("Jui"): the month is written "F" or "N"."""
    with translation.override(lang):
        letters = unescaped(resolved(date_format))
    assert "M" not in letters and "b" not in letters, f"{date_format!r} in {FORMATS[date_format]}"


@pytest.mark.parametrize("date_format", sorted(f for f in FORMATS if f != "c"))
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_june_and_july_read_apart_in_every_format_of_the_site(date_format, lang):
    template = Template("{{ moment|date:format }}")
    with translation.override(lang):
        june, july = (template.render(Context({"moment": m, "format": date_format})) for m in (JUNE, JULY))
        if not set(unescaped(resolved(date_format))) & set("FNnmbMEY"):  # no month in it (a time, a weekday)
            return
    assert june != july
    assert not ISO.search(june) and not ISO.search(july)


@pytest.mark.parametrize(
    ("lang", "june", "july"),
    [
        ("fr", "4 juin 2026 à 21:00", "2 juil. 2026 à 21:00"),
        ("en", "June 4, 2026, 21:00", "July 2, 2026, 21:00"),
    ],
)
def test_an_instant_reads_in_the_readers_language(lang, june, july):
    with translation.override(lang):
        assert (instant(JUNE), instant(JULY)) == (june, july)
        assert Template("{{ m }}").render(Context({"m": JUNE})) == june  # Django's default too


@pytest.fixture
def summer_manches(in_season_clock, season):
    return [
        make_manche(season, number=n, starts_at=moment, status=Manche.Status.PLANNED)
        for n, moment in ((1, JUNE), (2, JULY))
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "june", "july"), [("fr", "jeu 4 juin", "jeu 2 juil."), ("en", "Thu 4 June", "Thu 2 July")]
)
def test_the_season_page_writes_june_and_july_apart(client, season, summer_manches, lang, june, july):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    body = client.get(reverse("league:season_detail", args=[season.name])).content.decode()
    assert june in body and july in body
    assert "Jui " not in body and "jui " not in body and "Jun " not in body


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "june", "july"), [("fr", "juin 2026", "juillet 2026"), ("en", "June 2026", "July 2026")]
)
def test_the_calendar_heads_each_month_with_its_name(client, season, summer_manches, lang, june, july):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    body = client.get(reverse("league:calendar", args=[season.name])).content.decode()
    assert june in body.replace("\u00a0", " ") and july in body.replace("\u00a0", " ")


FIRST = datetime(2026, 10, 1, 21, 0, tzinfo=PARIS)


@pytest.mark.parametrize(
    ("language", "day", "at"),
    [
        ("fr", "jeudi 1er octobre", "1er oct. 2026 à 21:00"),
        ("en", "Thursday 1 October", "Oct. 1, 2026, 21:00"),
    ],
)
def test_the_first_of_a_month_is_written_1er_in_french(language, day, at):
    """« le 1er octobre », as French writes it, in the templates' dates and in an instant;
    the 11th, the 21st and the 31st stay as they are, and English as it is."""
    with translation.override(language):
        assert Template('{{ d|date:"l j F" }}').render(Context({"d": FIRST})) == day
        assert instant(FIRST) == at
        others = Template('{{ a|date:"j F" }} {{ b|date:"j N" }}').render(
            Context({"a": datetime(2026, 10, 11, tzinfo=PARIS), "b": datetime(2026, 10, 21, tzinfo=PARIS)})
        )
        assert "1er" not in others

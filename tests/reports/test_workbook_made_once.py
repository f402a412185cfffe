"""The standings' spreadsheet is made once per classification and language, then read from the cache."""

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from league.models import Season
from league.services.revision import invalidate
from reports import exports


@pytest.fixture
def workbooks_made(monkeypatch):
    """The classifications a workbook was made of (each call of ``build_workbook``)."""
    made = []
    build = exports.build_workbook

    def counting(standings):
        made.append(standings.season)
        return build(standings)

    monkeypatch.setattr(exports, "build_workbook", counting)
    return made


def download(client, season) -> bytes:
    response = client.get(reverse("reports:standings_xlsx", args=[season.name]))
    assert response.status_code == 200
    return response.content


def test_the_workbook_is_made_once_and_read_back_at_the_next_downloads(client, small_season, workbooks_made):
    first = download(client, small_season)
    assert download(client, small_season) == first
    assert download(client, small_season) == first
    assert workbooks_made == ["2030-2031"]


def test_each_language_has_its_own_workbook(client, small_season, settings, workbooks_made):
    french = download(client, small_season)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = download(client, small_season)
    assert download(client, small_season) == english
    assert workbooks_made == ["2030-2031", "2030-2031"]
    assert load_workbook(io.BytesIO(french)).sheetnames == ["Classement 2030-2031"]
    assert load_workbook(io.BytesIO(english)).sheetnames == ["Standings 2030-2031"]


def test_a_changed_classification_is_made_again_and_not_read_from_the_previous_one(
    client, small_season, workbooks_made
):
    before = load_workbook(io.BytesIO(download(client, small_season))).active
    Season.objects.filter(pk=small_season.pk).update(params={"place_points": [5, 3, 1, 0, -2]})
    invalidate(small_season)
    after = load_workbook(io.BytesIO(download(client, small_season))).active
    assert len(workbooks_made) == 2
    place_points = [[cell.value for cell in sheet["E"][1:]] for sheet in (before, after)]
    assert place_points[0] != place_points[1]

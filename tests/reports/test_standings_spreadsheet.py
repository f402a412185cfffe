"""The classification as a spreadsheet a French club member opens as it is, and the CSV kept for tools."""

import csv
import io
from decimal import Decimal
from fractions import Fraction

import pytest
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook

from league import rules
from reports.exports import XLSX_CONTENT_TYPE
from tests.support.engine import season_result

FRENCH_HEADERS = [
    "Rang",
    "Joueur",
    "Identifiant",
    "Manches",
    "Points de place",
    "Bonus",
    "Malus",
    "Points cumulés",
    "Points moyens",
    "Titre",
]
ENGLISH_HEADERS = [
    "Rank",
    "Player",
    "Username",
    "Manches",
    "Place points",
    "Bonus",
    "Malus",
    "Total points",
    "Average points",
    "Title",
]


def workbook(client, season):
    response = client.get(reverse("reports:standings_xlsx", args=[season.name]))
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX_CONTENT_TYPE
    assert f'filename="classement-{season.name}.xlsx"' in response["Content-Disposition"]
    return load_workbook(io.BytesIO(response.content))


def test_the_spreadsheet_has_one_sheet_named_after_the_season_with_french_headers(client, small_season):
    book = workbook(client, small_season)
    assert book.sheetnames == ["Classement 2030-2031"]
    sheet = book.active
    assert [cell.value for cell in sheet[1]] == FRENCH_HEADERS
    assert all(cell.font.bold for cell in sheet[1])
    assert sheet.freeze_panes == "C2"


def test_the_headers_follow_the_readers_language(client, small_season, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    book = workbook(client, small_season)
    assert book.sheetnames == ["Standings 2030-2031"]
    assert [cell.value for cell in book.active[1]] == ENGLISH_HEADERS


def test_numbers_are_real_numbers_equal_to_the_exact_standings(client, small_season):
    """A spreadsheet writes real numbers in the reader's notation (1,43 in French): no text numbers."""
    result = season_result(small_season, now=timezone.now())
    rows = list(workbook(client, small_season).active.iter_rows(min_row=2, values_only=True))
    assert len(rows) == len(result.standings)
    saw_fraction = False
    for row, line in zip(rows, result.standings, strict=True):
        rank, _name, player, manches, place_points, bonus, malus, points, average, _title = row
        assert player == line.player
        assert (rank, manches) == (line.rank, line.manches)
        for value, exact in (
            (place_points, line.place_points),
            (bonus, line.bonus),
            (malus, line.malus),
            (points, line.points),
        ):
            assert isinstance(value, int | float) and not isinstance(value, bool)
            assert Decimal(str(value)) == exact  # halves: exact in a spreadsheet
        assert isinstance(average, int | float)
        # The whole average, as near as a spreadsheet's number holds it (not the CSV's 4 places).
        assert average == float(line.average)
        assert Fraction(average).limit_denominator(10_000) == line.average
        saw_fraction = saw_fraction or line.average.denominator not in (1, 2, 4, 5)
    assert saw_fraction, "the season has an average that is no short decimal"


def test_averages_show_at_least_two_decimals_and_widths_fit_the_headers(client, small_season):
    sheet = workbook(client, small_season).active
    headers = [cell.value for cell in sheet[1]]
    average_column = headers.index("Points moyens") + 1
    assert sheet.cell(row=2, column=average_column).number_format == "0.00##"
    for index, header in enumerate(headers, start=1):
        letter = sheet.cell(row=1, column=index).column_letter
        assert sheet.column_dimensions[letter].width >= min(len(header), 15)


def test_players_in_the_spreadsheet_are_the_ones_of_the_csv_in_the_same_order(client, small_season):
    csv_rows = list(
        csv.reader(
            io.StringIO(
                client.get(reverse("reports:standings_csv", args=[small_season.name])).content.decode(
                    "utf-8-sig"
                )
            )
        )
    )
    xlsx_rows = list(workbook(client, small_season).active.iter_rows(min_row=2, values_only=True))
    assert [r[2] for r in csv_rows[1:]] == [r[2] for r in xlsx_rows]
    assert [r[1] for r in csv_rows[1:]] == [r[1] for r in xlsx_rows]


FORMULAS = [
    '=HYPERLINK("http://evil.example","x")',
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd",
]


@pytest.mark.parametrize("name", FORMULAS)
def test_a_name_cannot_become_a_formula_in_the_spreadsheet(client, small_season, name):
    from accounts.models import User

    User.objects.filter(username="p001").update(display_name=name)
    sheet = workbook(client, small_season).active
    cells = [cell for row in sheet.iter_rows(min_row=2) for cell in row]
    named = [cell for cell in cells if isinstance(cell.value, str) and name in cell.value]
    assert named, "the name is in the spreadsheet"
    for cell in named:
        assert cell.data_type == "s", "stored as text, never as a formula"
        assert cell.value == "'" + name, "written as the CSV writes it"
    assert not [cell for cell in cells if cell.data_type == "f"]


def test_the_csv_for_tools_keeps_dots_commas_and_four_places(client, small_season):
    """Unchanged for scripts: comma-separated, the season format's numbers, a BOM, lowercase headers."""
    result = season_result(small_season, now=timezone.now())
    raw = client.get(reverse("reports:standings_csv", args=[small_season.name])).content.decode("utf-8")
    assert raw.startswith("\ufeffrang,joueur,identifiant,manches,points de place,bonus,malus,")
    rows = list(csv.reader(io.StringIO(raw.lstrip("\ufeff"))))
    n = rules.json_number
    assert [row[8] for row in rows[1:]] == [str(n(r.average)) for r in result.standings]
    assert [row[7] for row in rows[1:]] == [str(n(r.points)) for r in result.standings]


def test_the_standings_page_offers_both_files_with_clear_labels(client, small_season, settings):
    url = reverse("reports:standings", args=[small_season.name])
    page = client.get(url).content.decode()
    assert "Tableur (.xlsx)" in page and "CSV (outils)" in page
    assert reverse("reports:standings_xlsx", args=[small_season.name]) in page
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get(url).content.decode()
    assert "Spreadsheet (.xlsx)" in page and "CSV (for tools)" in page


def test_a_title_is_provisional_in_the_spreadsheet_until_the_season_is_closed(client, small_season):
    rows = list(workbook(client, small_season).active.iter_rows(min_row=2, values_only=True))
    titles = [row[-1] for row in rows if row[-1]]
    assert titles, "the leader holds a title"
    assert all(title.endswith(" (provisoire)") for title in titles)


def test_a_closed_seasons_titles_are_final_in_the_spreadsheet(client, closed_season):
    rows = list(workbook(client, closed_season).active.iter_rows(min_row=2, values_only=True))
    titles = [row[-1] for row in rows if row[-1]]
    assert titles and not any("provisoire" in title for title in titles)

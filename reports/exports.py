"""The classification as files: a CSV for tools, a spreadsheet for people.

The CSV keeps the season format's numbers (``2.5``, ``1.4286``: a dot, four
places at most) so scripts read it the same in every language. A French
spreadsheet opens that CSV in one column; the ``.xlsx`` is what people open:
real numbers, which their spreadsheet writes in their own notation
(``1,43``), the headers in the reader's language.

Text cells in both never start a formula: a name such as ``=HYPERLINK(…)``
is written with a leading apostrophe (OWASP "CSV injection"), and in the
workbook it is also stored as a text cell, never as a formula.
"""

from __future__ import annotations

import csv
import hashlib
import io
import pickle
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction

from django.conf import settings
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from config.remembered import remembered
from league import rules
from league.revision_cache import STORE_TIMEOUT

from .selectors.standings import SeasonStandings

__all__ = ["XLSX_CONTENT_TYPE", "spreadsheet_safe", "standings_csv", "standings_workbook"]


XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

#: What a spreadsheet would take for the start of a formula (or of a cell it splits).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(text: str) -> str:
    """A text cell a spreadsheet will not run as a formula (OWASP "CSV injection")."""
    return "'" + text if text[:1] in FORMULA_STARTS else text


def standings_csv(standings: SeasonStandings, out: io.TextIOBase) -> None:
    """Write the classification as CSV to ``out``: numbers as the season format writes them."""
    writer = csv.writer(out)
    writer.writerow(
        [
            _("rang"),
            _("joueur"),
            _("identifiant"),
            _("manches"),
            _("points de place"),
            _("bonus"),
            _("malus"),
            _("points cumulés"),
            _("points moyens"),
            _("titre"),
        ]
    )
    n = rules.json_number
    for line in standings.lines:
        writer.writerow(
            [
                line.rank,
                spreadsheet_safe(line.name),
                spreadsheet_safe(line.player),
                line.manches,
                n(line.place_points),
                n(line.bonus),
                n(line.malus),
                n(line.points),
                n(line.average),
                spreadsheet_safe(str(line.title_label or "")),
            ]
        )


#: The workbook's columns: header, width (in characters), number format (None: text or General).
def _columns() -> list[tuple[str, int, str | None]]:
    return [
        (_("Rang"), 7, "0"),
        (_("Joueur"), 24, None),
        (_("Identifiant"), 16, None),
        (_("Manches"), 10, "0"),
        (_("Points de place"), 16, "General"),
        (_("Bonus"), 9, "General"),
        (_("Malus"), 9, "General"),
        (_("Points cumulés"), 16, "General"),
        # At least two decimals, up to the format's four; the cell holds the whole value.
        (_("Points moyens"), 15, "0.00##"),
        (_("Titre"), 28, None),
    ]


def _number(value: int | Decimal | Fraction) -> int | float:
    """A number a spreadsheet stores: whole numbers as integers, others as the nearest double
    (points are halves, exact; an average such as 10/7 keeps every digit a spreadsheet can hold)."""
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return int(value)


def _text(value: str) -> str:
    return spreadsheet_safe(ILLEGAL_CHARACTERS_RE.sub("", value))


def sheet_title(season_name: str) -> str:
    """The sheet's name: ``Classement 2025-2026`` (a sheet name holds 31 characters, none of ``[]:*?/\\``)."""
    title = _("Classement %(name)s") % {"name": season_name}
    return "".join(c for c in title if c not in "[]:*?/\\")[:31]


def _title(line, *, closed: bool) -> str:
    """A title as the page says it: provisional until the season is closed."""
    if not line.title_label:
        return ""
    if closed:
        return str(line.title_label)
    return f"{line.title_label} ({_('provisoire')})"


def standings_workbook(standings: SeasonStandings) -> bytes:
    """The classification as an ``.xlsx`` workbook (:func:`build_workbook`), made once per
    classification and language and then read from the cache.

    Making a 200 players' workbook took 33 ms (15× the sign-in page), at every
    download. It is kept under a digest of the classification itself (what it is
    made of: its names, numbers and titles, a new revision's are new), with the
    reader's language (the headers) and the code's version; the digest costs a
    millisecond. A failing cache only costs the making.
    """
    digest = hashlib.blake2b(pickle.dumps(standings, pickle.HIGHEST_PROTOCOL), digest_size=16).hexdigest()
    key = f"reports:{settings.CODE_VERSION}:workbook:{get_language()}:{digest}"
    return remembered(key, lambda: build_workbook(standings), timeout=STORE_TIMEOUT)


def build_workbook(standings: SeasonStandings) -> bytes:
    """The classification as an ``.xlsx`` workbook: one sheet, a header row, one row per player."""
    book = Workbook()
    sheet = book.active
    sheet.title = sheet_title(standings.season)
    columns = _columns()
    sheet.append([header for header, _width, _format in columns])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
        cell.alignment = Alignment(wrap_text=True, vertical="top")
    for row, line in enumerate(standings.lines, start=2):
        _append(
            sheet,
            row,
            [
                line.rank,
                _text(line.name),
                _text(line.player),
                line.manches,
                _number(line.place_points),
                _number(line.bonus),
                _number(line.malus),
                _number(line.points),
                _number(line.average),
                _text(_title(line, closed=standings.closed)),
            ],
        )
    for index, (_header, width, number_format) in enumerate(columns, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
        if number_format:
            for (cell,) in sheet.iter_rows(min_row=2, min_col=index, max_col=index):
                cell.number_format = number_format
    sheet.freeze_panes = "C2"  # the header and the names stay in view
    if standings.lines:
        sheet.auto_filter.ref = sheet.dimensions
    book.properties.title = sheet.title
    book.properties.creator = _("Championnat du Monde de Tarot-Bière")
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def _append(sheet, row: int, values: Iterable) -> None:
    """The row numbered ``row``, the next one; every text is stored as text, so nothing
    in it can become a formula.

    Its cells are found by their row and column: ``sheet[sheet.max_row]`` measured the
    whole sheet twice per row, which made a 200 players' workbook quadratic."""
    values = list(values)
    sheet.append(values)
    for column, value in enumerate(values, start=1):
        if isinstance(value, str):
            sheet.cell(row=row, column=column).data_type = "s"

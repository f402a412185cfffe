"""How large a season an import reads depends on where it runs (``league.limits``).

The President's upload is checked and written within web requests, which a
worker answers before its time limit: it takes 50 MB and 2,000 manches at
most, and says so, naming the field and the limit. The operator's command
line answers no request: it reads a larger season (unless ``--max-manches``
sets a limit), and the site exports such a season back.
"""

import json
from datetime import datetime, timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from league.limits import UPLOAD_IMPORT
from league.models import Manche, Season
from league.services.transfer import export_season

from .test_commands import write
from .test_malformed_files import has, refused
from .test_pages import upload

pytestmark = pytest.mark.django_db

FIRST_NIGHT = datetime.fromisoformat("2011-09-01T21:00:00+02:00")


def with_planned_manches(document: dict, count: int) -> dict:
    """``document`` with ``count`` manches, one planned a week (no sheet: cheap to read and write)."""
    document["manches"] = [
        {"number": n, "starts_at": (FIRST_NIGHT + timedelta(weeks=n - 1)).isoformat(), "status": "planned"}
        for n in range(1, count + 1)
    ]
    return document


def test_an_upload_of_more_manches_than_the_site_takes_is_refused_naming_the_field_and_the_limit(
    client, president, example_doc, snapshot
):
    assert UPLOAD_IMPORT.manches == 2_000
    client.force_login(president)
    before = snapshot()
    response = upload(client, with_planned_manches(example_doc, 2_001))
    html = response.content.decode()
    assert response.status_code == 422
    assert "<code>manches</code>\u00a0: 2000 manches au plus, et non 2001" in html
    assert "Une saison plus grande s'importe en ligne de commande (manage.py import_season)" in html
    assert snapshot() == before


def test_the_site_refuses_a_document_larger_than_an_upload_takes(example_doc, now, snapshot):
    padded = json.dumps(example_doc) + " " * (UPLOAD_IMPORT.document_mb * 2**20)
    lines = refused(padded, now, snapshot)
    assert lines == [f"$: the file is too large: {UPLOAD_IMPORT.document_mb} MB at most"]


def test_the_command_line_imports_more_manches_than_an_upload_takes_and_the_site_exports_them(
    example_doc, tmp_path, now
):
    path = write(tmp_path, with_planned_manches(example_doc, UPLOAD_IMPORT.manches + 1))
    out = StringIO()
    call_command("import_season", str(path), stdout=out)
    assert "Saison 2011-2012 importée : 2001 manches" in out.getvalue()
    season = Season.objects.get(name="2011-2012")
    assert Manche.objects.filter(season=season).count() == 2_001
    assert len(export_season(season=season, now=now)["manches"]) == 2_001


def test_the_command_line_reads_a_file_larger_than_an_upload_takes(example_doc, tmp_path):
    padded = json.dumps(example_doc) + " " * (UPLOAD_IMPORT.document_mb * 2**20)
    call_command("import_season", str(write(tmp_path, padded)), stdout=StringIO())
    assert Season.objects.filter(name="2011-2012").exists()


def test_the_command_line_refuses_more_manches_than_max_manches(example_doc, tmp_path, snapshot):
    before = snapshot()
    err = StringIO()
    with pytest.raises(CommandError) as info:
        call_command(
            "import_season",
            str(write(tmp_path, example_doc)),
            "--max-manches",
            "3",
            stderr=err,
            stdout=StringIO(),
        )
    assert info.value.returncode == 1
    assert has(err.getvalue().splitlines(), "manches", "at most 3 manches, got 4")
    assert snapshot() == before

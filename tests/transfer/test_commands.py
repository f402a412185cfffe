"""``import_season FILE.json [--replace]`` and ``export_season NAME [-o FILE]``."""

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from league.models import Season
from league.services.transfer import dump, export_season


def write(tmp_path: Path, document, name="season.json") -> Path:
    path = tmp_path / name
    path.write_text(
        json.dumps(document, ensure_ascii=False) if not isinstance(document, str) else document, "utf-8"
    )
    return path


@pytest.mark.django_db
def test_import_then_export_to_a_file(example_doc, tmp_path):
    out = StringIO()
    call_command("import_season", str(write(tmp_path, example_doc)), stdout=out)
    assert "Saison 2011-2012 importée" in out.getvalue()
    target = tmp_path / "export.json"
    call_command("export_season", "2011-2012", "-o", str(target), stderr=StringIO())
    text = target.read_text("utf-8")
    assert json.loads(text)["season"]["name"] == "2011-2012"
    assert "Benoît" in text  # UTF-8 as such, not \u escapes


@pytest.mark.django_db
def test_export_writes_the_canonical_text_to_stdout(example_doc, tmp_path):
    call_command("import_season", str(write(tmp_path, example_doc)), stdout=StringIO())
    out = StringIO()
    call_command("export_season", "2011-2012", stdout=out)
    text = out.getvalue()
    assert text.endswith("}\n") and '\n  "accessits": [' in text
    assert json.loads(text)["format"] == "tarot-league-season"


@pytest.mark.django_db
def test_problems_are_printed_one_per_line_and_nothing_is_imported(example_doc, tmp_path, snapshot):
    example_doc["manches"][0]["donnes"][0]["bouts"] = 4
    example_doc["manches"][0]["donnes"][0]["colour"] = "rouge"
    example_doc["manches"][1]["results"][0]["score"] = 240
    err = StringIO()
    before = snapshot()
    with pytest.raises(CommandError) as info:
        call_command("import_season", str(write(tmp_path, example_doc)), stderr=err, stdout=StringIO())
    assert info.value.returncode == 1
    assert err.getvalue().splitlines() == [
        "manches[0].donnes[0].colour: unknown key; expected one of kind, taker, contract, bouts, points, dealer, "
        "partner, petit_au_bout, poignees, chelem, miseres, penalties",
        "manches[1].results: scores of a manche must sum to zero, got 10",
    ]
    assert snapshot() == before


@pytest.mark.django_db
def test_the_engines_path_for_a_bad_donne(example_doc, tmp_path):
    example_doc["manches"][0]["donnes"][0]["bouts"] = 4
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_season", str(write(tmp_path, example_doc)), stderr=err, stdout=StringIO())
    assert err.getvalue() == "manches[0].donnes[0].bouts: must be 0..3, got 4\n"


@pytest.mark.django_db
def test_replace_is_needed_for_an_existing_season(example_doc, tmp_path):
    path = write(tmp_path, example_doc)
    call_command("import_season", str(path), stdout=StringIO())
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_season", str(path), stderr=err, stdout=StringIO())
    assert "season.name: a season named 2011-2012 already exists" in err.getvalue()
    out = StringIO()
    call_command("import_season", str(path), "--replace", stdout=out)
    assert "(remplacée)" in out.getvalue()


@pytest.mark.django_db
def test_a_missing_file_or_season_is_an_error(tmp_path):
    with pytest.raises(CommandError, match="No such file"):
        call_command("import_season", str(tmp_path / "nope.json"))
    with pytest.raises(CommandError, match="no season named 1999-2000"):
        call_command("export_season", "1999-2000")


@pytest.mark.django_db
def test_export_import_export_through_the_commands_is_byte_identical(example_doc, tmp_path):
    call_command("import_season", str(write(tmp_path, example_doc)), stdout=StringIO())
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    call_command("export_season", "2011-2012", "-o", str(first), stderr=StringIO())
    call_command("import_season", str(first), "--replace", stdout=StringIO())
    call_command("export_season", "2011-2012", "-o", str(second), stderr=StringIO())
    assert first.read_bytes() == second.read_bytes()


def test_the_import_command_exits_non_zero(tmp_path):
    """As a process: a refused file gives a non-zero exit status and the problems on stderr."""
    bad = write(tmp_path, "{}")
    root = Path(__file__).resolve().parents[2]
    env = {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "VAR_DIR": str(tmp_path / "var"),
        "PATH": "/usr/bin:/bin",
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=root, env=env, check=True)
    done = subprocess.run(
        [sys.executable, "manage.py", "import_season", str(bad)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0
    assert "format: required key is missing" in done.stderr
    assert "manches: required key is missing" in done.stderr


@pytest.mark.django_db
def test_export_season_service_matches_the_command(example_doc, tmp_path, now):
    call_command("import_season", str(write(tmp_path, example_doc)), stdout=StringIO())
    document = export_season(season=Season.objects.get(name="2011-2012"), now=now)
    assert dump(document).startswith('{\n  "accessits"')


@pytest.mark.django_db(transaction=True)  # the import's own commit, as the command makes it
def test_the_command_line_leaves_the_recomputation_to_the_sites_processes_with_a_private_cache(
    example_doc, tmp_path, season_computations
):
    """The command's own local-memory cache dies with it: a recomputation stored there would go unread."""
    call_command("import_season", str(write(tmp_path, example_doc)), stdout=StringIO())
    assert Season.objects.filter(name="2011-2012").exists()
    assert season_computations == []


@pytest.mark.django_db(transaction=True)
def test_an_import_by_a_process_that_serves_pages_recomputes_the_season_once_it_commits(
    example_doc, now, season_computations
):
    from league.services.transfer import import_season

    import_season(document=example_doc, now=now)
    assert season_computations == ["2011-2012"]


@pytest.mark.django_db
def test_the_command_settles_the_first_seasons_once(example_doc, tmp_path, monkeypatch):
    """Its notes are those the write kept: the first seasons are not settled a second time to tell them."""
    from league.services import first_seasons

    calls = []
    settle = first_seasons.settle
    monkeypatch.setattr(first_seasons, "settle", lambda *a, **k: calls.append(k["write"]) or settle(*a, **k))
    call_command("import_season", str(write(tmp_path, example_doc)), stdout=StringIO())
    assert calls == [True]

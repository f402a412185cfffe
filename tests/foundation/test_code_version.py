"""A deploy starts on fresh readings: the revision cache's keys carry the code's digest."""

from pathlib import Path

from django.test import override_settings

from config.code_version import code_version
from league import revision_cache


def test_the_digest_changes_with_any_template_or_code_and_only_then(tmp_path: Path):
    (tmp_path / "templates").mkdir()
    page = tmp_path / "templates" / "page.html"
    page.write_text("Points moyens")
    first = code_version(tmp_path)
    assert code_version(tmp_path) == first
    page.write_text("Average points")
    assert code_version(tmp_path) != first
    (tmp_path / "templates" / "notes.md").write_text("not a source")  # not what a page is made from
    page.write_text("Points moyens")
    assert code_version(tmp_path) == first


def test_new_code_does_not_read_the_previous_codes_readings():
    with override_settings(CODE_VERSION="before"):
        before = revision_cache.key(1, "reports:standings")
    with override_settings(CODE_VERSION="after"):
        after = revision_cache.key(1, "reports:standings")
    assert before != after

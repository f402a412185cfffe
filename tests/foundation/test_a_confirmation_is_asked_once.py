"""A form that asks « Êtes-vous sûr ? » asks it once.

``<form data-confirm="question">`` is asked by one script, ``static/js/site.js``,
which every page loads: a second script reading ``data-confirm`` (the sheet's
once did too) made « Clôturer la manche » ask twice. htmx asks its own
``hx-confirm``: a form never carries both.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
TEMPLATES = ROOT / "templates"
READS_DATA_CONFIRM = re.compile(r"data-confirm(?!=)|dataset\.confirm\b")
COMMENT = re.compile(r"/\*[\s\S]*?\*/|^\s*//[^\n]*", re.MULTILINE)
FORM_TAG = re.compile(r"<form\b[^>]*>", re.DOTALL)


def _site_scripts():
    return [path for path in STATIC.rglob("*.js") if "vendor" not in path.relative_to(STATIC).parts]


def test_one_script_asks_the_data_confirm_question():
    readers = sorted(
        str(path.relative_to(STATIC))
        for path in _site_scripts()
        if READS_DATA_CONFIRM.search(COMMENT.sub("", path.read_text()))
    )
    assert readers == ["js/site.js"]


def test_the_sheet_page_loads_the_script_that_asks():
    """The sheet's close form is a data-confirm form: the page it is on loads site.js (through base.html)."""
    assert '{% extends "base.html" %}' in (TEMPLATES / "league/sheet/page.html").read_text()
    assert "js/site.js" in (TEMPLATES / "base.html").read_text()


def test_no_form_carries_both_data_confirm_and_hx_confirm():
    both = [
        str(path.relative_to(TEMPLATES))
        for path in TEMPLATES.rglob("*.html")
        for tag in FORM_TAG.findall(path.read_text())
        if "data-confirm=" in tag and "hx-confirm=" in tag
    ]
    assert both == []

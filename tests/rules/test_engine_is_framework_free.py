"""The engine is pure Python: standard library only, no Django anywhere."""

import ast
import sys
from pathlib import Path

import league.rules

PACKAGE = Path(league.rules.__file__).parent


def imported_modules():
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield path.name, alias.name
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                yield path.name, node.module


def test_only_the_standard_library_is_imported():
    outside = [
        (name, module)
        for name, module in imported_modules()
        if module.split(".")[0] not in sys.stdlib_module_names and module != "__future__"
    ]
    assert outside == []


def test_every_module_says_why_it_exists():
    for path in PACKAGE.glob("*.py"):
        assert ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))), path.name


def test_the_public_api_is_re_exported():
    for name in (
        "RuleSet",
        "ruleset_for",
        "ContractDonne",
        "MisereGame",
        "score_donne",
        "score_sheet",
        "rank_manche",
        "manche_bonuses",
        "compte_rendu_adjustments",
        "manche_deadlines",
        "compute_season",
        "validate_season",
        "json_number",
        "InvalidInput",
        "Message",
        "gettext_noop",
    ):
        assert name in league.rules.__all__
        assert hasattr(league.rules, name)

"""Shared fixtures for the rules engine tests; no Django needed.

The engine lives in ``league/rules`` and imports nothing from Django, so these
tests run with ``pytest tests/rules -p no:django``. The repository root is put
on ``sys.path`` so ``league.rules`` imports without any Django settings.
"""

from __future__ import annotations

import sys
from decimal import Decimal
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from league.rules import ruleset_for  # noqa: E402

FIVE = ("ben", "fifi", "anne", "bruno", "eric")
FOUR = ("ben", "fifi", "anne", "bruno")


@pytest.fixture
def tb():
    """A modern Tarot-Bière season (garde contre ×6, défensifs)."""
    return ruleset_for("tarot-biere", "2011-2012")


@pytest.fixture
def tb_old():
    """A Tarot-Bière season before 2010-2011 (garde contre ×8, no défensifs)."""
    return ruleset_for("tarot-biere", "2009-2010")


@pytest.fixture
def fft():
    return ruleset_for("fft", "2011-2012")


def D(x) -> Decimal:  # noqa: N802
    return Decimal(str(x))

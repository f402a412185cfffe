"""Fixtures for the rules engine tests; no Django needed.

The engine lives in ``league/rules`` and imports nothing from Django, so these
tests run with ``pytest tests/rules -p no:django``. The repository root is put
on ``sys.path`` so ``league.rules`` imports without any Django settings.

The site's ``tests/conftest.py`` assumes pytest-django (an autouse fixture
using its ``settings`` fixture, a collection hook reading Django settings).
When the Django plugin is off, this conftest neutralises both for the rules
tests only: the autouse fixture is overridden by a no-op of the same name, and
the collection hook's "settings are not configured" error is ignored.
With pytest-django active nothing changes.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from league.rules import ruleset_for  # noqa: E402


@pytest.fixture(autouse=True)
def _fast_and_isolated():
    """Override the site's Django-only autouse fixture: the engine needs none of it."""
    yield


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(config, items):
    try:
        return (yield)
    except Exception as exc:
        if config.pluginmanager.has_plugin("django") or type(exc).__name__ != "ImproperlyConfigured":
            raise
        return None


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
    """Standard FFT tarot."""
    return ruleset_for("fft", "2011-2012")

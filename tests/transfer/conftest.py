"""Documents and database checks for the season import/export tests.

``example_doc`` is the specification's example, made valid (the compte-rendu
is by the manche's vainqueur, fifi) and with a third donne so that the pot
is empty at the close. ``snapshot`` lists every row of every table an
import may touch (histories included): equal snapshots before and after a
refused import prove that nothing changed.
"""

import copy

import pytest

from tests.support.example_season import EXAMPLE, NOW


@pytest.fixture
def example_doc():
    """A fresh deep copy of the valid example (tests may change it)."""
    return copy.deepcopy(EXAMPLE)


@pytest.fixture
def now():
    return NOW


def _tables():
    from django.apps import apps

    names = ["Season", "Manche", "Seat", "Donne", "QuickResult", "CompteRendu", "Award", "Registration"]
    models = [apps.get_model("league", n) for n in names] + [apps.get_model("accounts", "User")]
    history = [m.history.model for m in models if hasattr(m, "history")]
    return models + history


@pytest.fixture
def snapshot(db):
    """``snapshot()`` -> every row of the tables an import may write, for before/after comparisons."""

    def take():
        return {m._meta.label: list(m.objects.order_by("pk").values()) for m in _tables()}

    return take

"""The compte-rendu's draft writes the ranking's scores and points as the site's results do:
``+300`` and ``−250`` (a true minus, the sign always written), ``2,5`` in French. It wrote
``300`` and ``-250`` with a hyphen, and ``2.5``."""

import pytest
import time_machine
from django.urls import reverse

from tests.support.seasons import paris

START, DURING = paris(2025, 10, 2, 21), paris(2025, 10, 5, 18)


@pytest.fixture(autouse=True)
def _on_the_5th():
    with time_machine.travel(DURING, tick=False):
        yield


def draft(client, manche, writer) -> str:
    client.force_login(writer)
    response = client.get(reverse("league:cr_write", args=[manche.season.name, manche.number]))
    return response.context["form"].initial["text"]


def test_scores_carry_their_sign_and_a_true_minus(client, played, players):
    text = draft(client, played(1, START), players["anne"])
    assert "| 1 | Anne | +300 | 3 |" in text
    assert "| 3 | Bruno | 0 | 1 |" in text
    assert "| 5 | Denis | \u2212250 | \u22121 |" in text
    assert "-250" not in text and "-1 |" not in text


def test_shared_place_points_read_with_a_decimal_comma(client, played, players):
    text = draft(client, played(1, START, winner="anne", tie="bruno"), players["anne"])
    assert "| Anne | +200 | 2,5 |" in text and "| Bruno | +200 | 2,5 |" in text

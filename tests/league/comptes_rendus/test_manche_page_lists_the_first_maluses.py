"""A manche's page lists the first of its compte-rendu maluses and how many more, with a link to
its vainqueur's explanation, which lists them all: a vainqueur who never writes loses 0.5 at every
later manche, and early in a season of 1,600 manches the page listed 1,400 of them (20× the
sign-in page); kept with the manche's situation, they were read again at each view."""

from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse

from league.selectors.comptes_rendus import ADJUSTMENTS_SHOWN, manche_comptes_rendus, manche_situation
from tests.support.seasons import paris

START = paris(2025, 10, 2, 21)
LATER = ADJUSTMENTS_SHOWN + 3
#: After the last later manche started: every one of them a deadline missed.
AFTER = START + timedelta(days=LATER, hours=2)


@pytest.fixture
def unwritten(played):
    """Manche 1, won by anne, who never writes; ``LATER`` manches played a day apart after it."""
    first = played(1, START)
    for number in range(2, LATER + 2):
        played(number, START + timedelta(days=number - 1), winner="bruno")
    with time_machine.travel(AFTER, tick=False):
        yield first


def test_the_manche_page_lists_the_first_maluses_and_links_to_the_vainqueurs_explanation(
    client, season, players, unwritten
):
    every = manche_comptes_rendus(unwritten, now=AFTER).adjustments
    assert len(every) > ADJUSTMENTS_SHOWN
    kept = manche_situation(unwritten, now=AFTER)
    assert kept.adjustments == every[:ADJUSTMENTS_SHOWN]
    assert kept.more_adjustments == len(every) - ADJUSTMENTS_SHOWN
    html = client.get(unwritten.get_absolute_url()).content.decode()
    section = html[html.index('id="compte-rendu"') :]
    listed = section[section.index('<ul class="small explain-line">') :]
    listed = listed[: listed.index("</ul>")]
    assert listed.count("<li>") == ADJUSTMENTS_SHOWN + 1
    explanation = reverse("reports:standings_explanation", args=[season.name, "anne"])
    assert f"et {len(every) - ADJUSTMENTS_SHOWN} autres malus :" in listed.replace("\xa0", " ")
    assert f'<a href="{explanation}">le détail des points de Anne</a> →' in listed


def test_a_manche_with_few_maluses_lists_them_all(client, played):
    manche = played(1, START)
    played(2, START + timedelta(days=1), winner="bruno")
    with time_machine.travel(START + timedelta(days=1, hours=2), tick=False):
        every = manche_comptes_rendus(manche, now=START + timedelta(days=1, hours=2)).adjustments
        html = client.get(manche.get_absolute_url()).content.decode()
    assert 0 < len(every) <= ADJUSTMENTS_SHOWN
    listed = html[html.index('<ul class="small explain-line">') :]
    listed = listed[: listed.index("</ul>")]
    assert listed.count("<li>") == len(every)
    assert "autres malus" not in listed and "autre malus" not in listed

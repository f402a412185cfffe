"""The President's inbox lists the first manches whose compte-rendu is overdue and says how many
more, with a link to the season's comptes-rendus page, which lists them all a page at a time: a
season's end where nobody writes any more listed them all on his home page and desk, as many as
the season had manches."""

from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse

from league.selectors.inbox import OVERDUE_SHOWN
from league.views import comptes_rendus as views
from tests.support.seasons import paris

START = paris(2025, 10, 2, 21)
#: More than the last manche's 14 days after it: every deadline has passed.
AFTER_THE_LAST = paris(2025, 11, 30, 12)
OVERDUE = OVERDUE_SHOWN + 2


@pytest.fixture
def overdue(played):
    """``OVERDUE`` manches played a day apart, none with a compte-rendu, their deadlines passed."""
    manches = [played(number, START + timedelta(days=number - 1)) for number in range(1, OVERDUE + 1)]
    with time_machine.travel(AFTER_THE_LAST, tick=False):
        yield manches


@pytest.mark.parametrize("page", ["home", "league:president_dashboard"])
def test_the_inbox_lists_the_first_overdue_and_links_to_the_others(client, season, players, overdue, page):
    client.force_login(players["ben"])
    response = client.get(reverse(page))
    inbox = response.context["inbox"]
    assert inbox.overdue == overdue[:OVERDUE_SHOWN]
    assert inbox.overdue_more == [(season, 2)]
    assert len(inbox) == OVERDUE
    body = response.content.decode()
    assert body.count("compte-rendu en retard</span>") == OVERDUE_SHOWN
    link = reverse("league:cr_list", args=[season.name]) + "#en-retard"
    assert f'<a href="{link}">et 2 autres comptes-rendus en retard →</a>' in body
    assert f'<span class="badge text-bg-primary">{OVERDUE}</span>' in body


def test_the_comptes_rendus_page_lists_every_overdue_manche_a_page_at_a_time(
    client, season, overdue, monkeypatch
):
    monkeypatch.setattr(views, "OVERDUE_PAGE_SIZE", 2)
    url = reverse("league:cr_list", args=[season.name])

    def listed(query: str) -> list[int]:
        body = client.get(url + query).content.decode()
        section = body[body.index('id="en-retard"') : body.index('id="comptes-rendus"')]
        return [m.number for m in overdue if f"Manche {m.number} : compte-rendu en retard" in section]

    assert listed("") == [1, 2]
    assert listed("?retard=2") == [3, 4]
    assert listed("?retard=3") == [5]
    body = client.get(url).content.decode()
    assert "Aucune échéance en cours." in body
    assert "tout est à jour" not in body
    assert 'href="?retard=2#en-retard"' in body


def test_the_comptes_rendus_page_has_no_overdue_section_while_a_deadline_is_ahead(client, season, played):
    played(1, START)
    with time_machine.travel(START + timedelta(days=2), tick=False):
        body = client.get(reverse("league:cr_list", args=[season.name])).content.decode()
    assert 'id="en-retard"' not in body

"""A played manche's board is rendered once per version of its sheet for every reader
who cannot change it, and once for those who can (their links, each his own token)."""

import re

import pytest
from django.db.models import F
from django.test import Client
from django.test.signals import template_rendered
from django.urls import reverse

from league.models import Donne, Manche
from league.services.revision import invalidate

BOARD = "league/sheet/_board.html"


@pytest.fixture
def boards_rendered():
    """How many times the board's template was rendered."""
    names = []

    def note(sender, template, **kwargs):
        names.append(template.name)

    template_rendered.connect(note)
    yield lambda: names.count(BOARD)
    template_rendered.disconnect(note)


def board_of(client, manche) -> str:
    """The sheet page's board (from it to the end of the page)."""
    response = client.get(reverse("league:sheet", args=[manche.season.name, manche.number]))
    assert response.status_code == 200
    return response.content.decode().split('id="board"')[1]


def test_the_board_is_rendered_once_for_every_reader_until_the_sheet_changes(
    client, small_season, make_user, boards_rendered
):
    manche = Manche.objects.get(season=small_season, number=1)
    visitor = board_of(client, manche)
    assert board_of(client, manche) == visitor
    client.force_login(manche.seats.first().player)  # a player of the table, who cannot correct it
    assert 'id="donne-20"' in board_of(client, manche)
    assert boards_rendered() == 1

    first = Donne.objects.filter(manche=manche).order_by("index").first()
    Donne.objects.filter(pk=first.pk).update(
        kind="contract", contract="garde_contre", bouts=3, points=91, partner=None
    )
    Manche.objects.filter(pk=manche.pk).update(sheet_version=F("sheet_version") + 1)
    invalidate(small_season)
    changed = board_of(client, manche)
    assert boards_rendered() == 2
    assert changed != visitor


def test_whoever_corrects_the_sheet_gets_the_editors_board_with_his_own_token(
    small_season, president, boards_rendered
):
    manche = Manche.objects.get(season=small_season, number=1)
    assert "corriger" not in board_of(Client(), manche)
    client = Client(enforce_csrf_checks=True)
    client.force_login(president)
    boards = [board_of(client, manche) for _ in range(2)]
    assert boards_rendered() == 2  # the watchers' board, then the editors'
    assert all("corriger" in board for board in boards)

    tokens = re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', boards[1])
    assert len(tokens) == 20 and len(set(tokens)) == 1  # one form per donne, the reader's token
    answer = client.post(
        reverse("league:sheet_donne_delete", args=[small_season.name, manche.number, 20]),
        {"csrfmiddlewaretoken": tokens[0], "sheet_version": manche.sheet_version},
    )
    assert answer.status_code == 302  # through the CSRF check (a refusal is a 403)


def test_every_view_of_the_sheet_shares_the_board_of_its_version(small_season, president, boards_rendered):
    """The page, the board the watchers poll when the sheet changed, and the page of a
    donne being corrected all show the one board kept for the sheet's version: during a
    night every watcher's poll after a new donne rendered it anew."""
    manche = Manche.objects.get(season=small_season, number=1)
    season, number = small_season.name, manche.number
    watcher = Client()
    page = board_of(watcher, manche)
    polled = watcher.get(
        reverse("league:sheet_board", args=[season, number]), {"v": manche.sheet_version - 1}
    )
    assert polled.status_code == 200
    assert page.startswith(polled.content.decode().split('id="board"')[1].rstrip())
    assert boards_rendered() == 1

    editor = Client()
    editor.force_login(president)
    for url in (
        reverse("league:sheet", args=[season, number]),
        reverse("league:sheet_donne_edit", args=[season, number, 3]),
    ):
        assert "corriger" in editor.get(url).content.decode()
    assert boards_rendered() == 2  # the watchers' board, then the editors'

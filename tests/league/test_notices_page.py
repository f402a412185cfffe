"""A member's notices page: "Tout marquer comme lu" only while something is unread, and an empty page that says why."""

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from league.models import SiteNotice

pytestmark = pytest.mark.django_db

MORNING = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
MARK_ALL = "Tout marquer comme lu"


def _notice(user, *, read: bool) -> SiteNotice:
    return SiteNotice.objects.create(
        recipient=user, text="Nouveau compte-rendu", created_at=MORNING, read_at=MORNING if read else None
    )


def _page(client) -> str:
    return client.get(reverse("league:notices")).content.decode()


def test_mark_all_as_read_is_offered_only_while_a_notice_is_unread(client, player, capitaine):
    client.force_login(player)
    _notice(capitaine, read=False)  # someone else's unread notice is not his
    _notice(player, read=True)
    html = _page(client)
    assert "Nouveau compte-rendu" in html and MARK_ALL not in html
    assert reverse("league:notices_read_all") not in html
    _notice(player, read=False)
    html = _page(client)
    assert MARK_ALL in html and reverse("league:notices_read_all") in html
    client.post(reverse("league:notices_read_all"))
    assert MARK_ALL not in _page(client)


def test_an_empty_notices_page_says_what_will_come_and_offers_nothing_to_mark(client, player):
    client.force_login(player)
    html = _page(client)
    assert MARK_ALL not in html and 'class="list-group' not in html
    assert "Aucune notification pour l'instant." in html
    assert "quand une de vos manches approche, change ou est annulée" in html

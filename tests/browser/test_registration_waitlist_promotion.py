"""A player signs in, signs up for a full manche, waits, and takes the seat someone leaves."""

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone
from playwright.sync_api import expect

from tests.support.seasons import make_season

from . import club
from .journeys import sign_in


@pytest.mark.django_db(transaction=True)
def test_player_is_waitlisted_on_a_full_manche_and_promoted_when_a_seat_frees(open_browser, eager_tasks):
    from league.models import Registration

    users = club.members()
    season = make_season(club.SEASON, president=users["ben"], default_location="Chez Ben")
    manche = club.open_manche(
        season,
        users,
        number=3,
        starts_at=timezone.now() + timedelta(days=10),
        seated=["bruno", "claire", "david", "emile", "fanny"],
    )
    path = club.manche_path(manche)

    anne = open_browser()
    sign_in(anne, "anne", next_path=path)
    expect(anne).to_have_url(re.compile(re.escape(path) + "$"))
    table = anne.locator("#manche-table")
    expect(table).to_contain_text("5/5")
    table.get_by_role("button", name="M'inscrire sur la liste d'attente").click()
    expect(anne.locator("#manche-table")).to_contain_text("Vous êtes n° 1 sur la liste d'attente.")
    waiting = Registration.objects.get(manche=manche, player=users["anne"])
    assert waiting.seat is None

    david = open_browser()
    sign_in(david, "david", next_path=path)
    david.locator("#manche-table").get_by_role("button", name="Me désister").click()
    expect(david.locator("#manche-table")).not_to_contain_text("Vous avez une place à cette table.")

    anne.reload()
    expect(anne.locator("#manche-table")).to_contain_text("Vous avez une place à cette table.")
    expect(anne.locator("#manche-table")).to_contain_text("5/5")
    assert Registration.objects.get(manche=manche, player=users["anne"]).seat is not None
    assert not Registration.objects.filter(manche=manche, player=users["david"]).exists()
    promoted = [m for m in mail.outbox if "anne@example.org" in m.to]
    assert promoted and "place s'est libérée" in promoted[-1].subject
    open_browser.last_page = anne

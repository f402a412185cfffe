"""The President's desk renders its coming manches, and his desk and home page his inbox, once
per what they show (``config.remembered.rendered``), and the desk its planned manches to open
once per what it offers (``rendered_once``): through their templates at each view, the desk's
34 rows of a season in progress were a third of the page (8.9× the sign-in page at 200 × 40),
the inbox's dozen a third of the home page's own work. A new sign-up, a capitaine chosen,
registrations opened show at once."""

import re

import pytest
from django.test.signals import template_rendered
from django.urls import reverse
from django.utils import timezone

from league.models import Manche
from league.services.calendar import manche_set_capitaine, registrations_open
from tests.support.seasons import make_manche, register, thursday_21h

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]

DESK, INBOX = "league/seasons/_desk.html", "league/inbox/_inbox.html"
TO_OPEN = "league/seasons/_open_registrations_choices.html"


@pytest.fixture
def renders():
    """The names of the templates rendered, in order."""
    names = []

    def record(sender, template, context, **kwargs):
        names.append(template.name)

    template_rendered.connect(record)
    yield names
    template_rendered.disconnect(record)


@pytest.fixture
def soon(season, player, members):
    """Manche 1, three days ahead, four signed up and no capitaine; manche 2 planned a month later."""
    manche = make_manche(season, 1, starts_at=thursday_21h(3))
    make_manche(season, 2, starts_at=thursday_21h(31), status=Manche.Status.PLANNED)
    register(manche, player, *members[:3])
    return manche


def _view(client, url, renders) -> tuple[str, list[str]]:
    """The page (its CSRF tokens, masked anew for each response, left out) and which of the
    desk and inbox were rendered for it."""
    renders.clear()
    response = client.get(url)
    assert response.status_code == 200
    html = re.sub(
        r'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]+', r"\1", response.content.decode()
    )
    return html, [name for name in renders if name in (DESK, INBOX, TO_OPEN)]


def test_the_desk_renders_its_rows_and_inbox_once_until_a_sign_up(client, president, members, soon, renders):
    client.force_login(president)
    url = reverse("league:president_dashboard")
    first, rendered = _view(client, url, renders)
    assert sorted(rendered) == [INBOX, DESK, TO_OPEN]
    again, rendered = _view(client, url, renders)
    assert rendered == []
    assert again == first
    assert "<strong>4/5</strong>" in again
    assert "il manque 1 joueur" in again

    register(soon, members[3])
    after, rendered = _view(client, url, renders)
    assert sorted(rendered) == [INBOX, DESK]  # the manches to open are the same
    assert "<strong>5/5</strong>" in after
    assert "il manque 1 joueur" not in after


def test_the_desk_offers_the_manches_to_open_rendered_once_until_one_is_opened(
    client, season, president, soon, renders
):
    later = make_manche(season, 3, starts_at=thursday_21h(38), status=Manche.Status.PLANNED)
    client.force_login(president)
    url = reverse("league:president_dashboard")
    first, rendered = _view(client, url, renders)
    assert TO_OPEN in rendered
    assert first.count('name="manches"') == 2
    again, rendered = _view(client, url, renders)
    assert TO_OPEN not in rendered
    assert again == first

    registrations_open(by=president, manches=[later], now=timezone.now())
    after, rendered = _view(client, url, renders)
    assert TO_OPEN in rendered
    assert after.count('name="manches"') == 1
    assert f'value="{later.pk}"' not in after


def test_the_home_page_renders_the_inbox_once_until_a_capitaine_is_chosen(
    client, president, player, soon, renders
):
    client.force_login(president)
    url = reverse("home")
    first, rendered = _view(client, url, renders)
    assert rendered == [INBOX]
    assert "pas de capitaine" in first
    again, rendered = _view(client, url, renders)
    assert rendered == []
    assert again == first

    manche_set_capitaine(by=president, manche=soon, capitaine=player, now=timezone.now())
    after, rendered = _view(client, url, renders)
    assert rendered == [INBOX]
    assert "pas de capitaine" not in after

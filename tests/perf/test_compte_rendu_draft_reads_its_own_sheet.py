"""The draft of a compte-rendu reads its own manche's sheet and no other: whether the night is
the season's record comes from each earlier night's best score, kept per revision of the season
from the engine's outcomes (it scored every earlier sheet again at each view: 750 ms at the end
of a season of 1,600 manches). A new result shows in it at once."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from accounts.models import User
from league.models import Manche, QuickResult
from league.selectors.engine import manche_outcomes
from league.services.revision import invalidate
from tests.support.seasons import NIGHT, make_manche, seat
from tests.support.sheet import add, close, contract

RECORD = "Record de la saison"


def _vainqueur_and_url(season, number):
    outcome = manche_outcomes(season, [number])[number]
    vainqueur = User.objects.get(username=outcome.vainqueurs[0])
    return vainqueur, reverse("league:cr_write", args=[season.name, number])


def _donne_reads(captured) -> int:
    return sum(1 for q in captured.captured_queries if 'FROM "league_donne"' in q["sql"])


@pytest.mark.usefixtures("after_the_generated_season")
def test_the_draft_reads_no_earlier_sheet(client, small_season):
    last = Manche.objects.filter(season=small_season, status=Manche.Status.PLAYED).order_by("-starts_at")[0]
    vainqueur, url = _vainqueur_and_url(small_season, last.number)
    client.force_login(vainqueur)
    assert client.get(url).status_code == 200
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    assert _donne_reads(captured) <= 1  # its own sheet's, if any


@pytest.mark.usefixtures("after_the_generated_season")
def test_a_warm_draft_reads_no_sheet(client, small_season):
    """The draft is kept per revision: its own sheet is not read again either."""
    last = Manche.objects.filter(season=small_season, status=Manche.Status.PLAYED).order_by("-starts_at")[0]
    vainqueur, url = _vainqueur_and_url(small_season, last.number)
    client.force_login(vainqueur)
    first = client.get(url).context["form"].initial["text"]
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.context["form"].initial["text"] == first
    assert _donne_reads(captured) == 0
    assert sum(1 for q in captured.captured_queries if 'FROM "league_seat"' in q["sql"]) == 0


def test_a_new_result_shows_in_the_draft_at_once(client, season, manche, capitaine, player, others):
    """Anne's night beats the season's best score until an earlier night is given a better one."""
    add(manche, capitaine, contract(player, points=55, bouts=1))
    add(manche, capitaine, contract(others[1], partner=others[2], points=45, bouts=1))
    add(manche, capitaine, contract(player, "garde_sans", points=91, bouts=3, chelem="made"))
    close(manche, capitaine)
    table = [capitaine, player, *others]
    earlier = seat(
        make_manche(season, 2, capitaine=capitaine, starts_at=NIGHT - timedelta(days=7), status="played"),
        table,
    )
    for user, score in zip(table, [300, 0, -100, -100, -100], strict=True):
        QuickResult.objects.create(manche=earlier, player=user, score=score)
    invalidate(season)  # as every write of a result does
    url = reverse("league:cr_write", args=[season.name, manche.number])
    client.force_login(player)
    assert RECORD in client.get(url).context["form"].initial["text"]

    for user, score in zip(table, [99_000, -24_000, -25_000, -25_000, -25_000], strict=True):
        QuickResult.objects.filter(manche=earlier, player=user).update(score=score)
    invalidate(season)
    assert RECORD not in client.get(url).context["form"].initial["text"]


@pytest.mark.usefixtures("after_the_generated_season")
def test_the_form_with_its_draft_is_rendered_once(client, small_season):
    """Its two fields through crispy's templates were a sixth of the page; the draft is kept."""
    last = Manche.objects.filter(season=small_season, status=Manche.Status.PLAYED).order_by("-starts_at")[0]
    vainqueur, url = _vainqueur_and_url(small_season, last.number)
    client.force_login(vainqueur)
    first = client.get(url)
    assert "bootstrap5/field.html" in [t.name for t in first.templates]
    again = client.get(url)
    assert "bootstrap5/field.html" not in [t.name for t in again.templates]
    draft = again.context["form"].initial["text"]
    assert escape(draft) in again.content.decode()

"""A line's explanation is rendered once per reading of the season and language, and read from
the cache after: a vainqueur who never writes his compte-rendu loses 0.5 at every later manche,
and early in a season of 1,600 manches his explanation was 1,400 lines put in the reader's
words at each view (15× the sign-in page at 200 × 40). A deadline passing and a change to the
season show in it at once."""

from datetime import timedelta

import pytest
import time_machine
from django.conf import settings
from django.urls import reverse

from league.models import Donne
from league.services.revision import invalidate
from reports import explanations
from reports.selectors.readings import line_explanation, season_standings
from reports.views import standings as views
from tests.support.engine import season_result
from tests.support.seasongen import START

#: Manche 3 started (manche 1's vainqueur, who wrote nothing, missed two deadlines), then manche 6.
AFTER_THE_THIRD = START + timedelta(days=2, hours=2)
AFTER_THE_SIXTH = START + timedelta(days=5, hours=2)


@pytest.fixture
def renderings(monkeypatch):
    """How many times an explanation was put in the reader's words."""
    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return explanations.explanation_html(*args, **kwargs)

    monkeypatch.setattr(views, "explanation_html", counted)
    return calls


def _fragment(client, season, player) -> str:
    url = reverse("reports:standings_explanation", args=[season.name, player])
    response = client.get(url, headers={"HX-Request": "true"})
    assert response.status_code == 200
    return response.content.decode()


def _as_the_engine_says(season, player, now) -> str:
    data = season_standings(season, now=now)
    line = data.line_of(player)
    return explanations.explanation_html(
        line_explanation(season, player, now=now), line.participation, data.min_manches
    )


def _first_vainqueur(season) -> str:
    return season_result(season, now=AFTER_THE_THIRD).manches[1].vainqueurs[0]


def test_the_explanation_is_rendered_once_per_reading_and_language(client, small_season, renderings):
    with time_machine.travel(AFTER_THE_THIRD, tick=False):
        first = _fragment(client, small_season, "p001")
        assert _fragment(client, small_season, "p001") == first
        assert len(renderings) == 1
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
        english = _fragment(client, small_season, "p001")
        assert len(renderings) == 2
        assert english != first
        assert _fragment(client, small_season, "p001") == english
        assert len(renderings) == 2


def test_a_deadline_passed_shows_in_the_explanation_at_once(client, small_season):
    player = _first_vainqueur(small_season)
    with time_machine.travel(AFTER_THE_THIRD, tick=False):
        before = _fragment(client, small_season, player)
        assert before == _as_the_engine_says(small_season, player, AFTER_THE_THIRD)
    with time_machine.travel(AFTER_THE_SIXTH, tick=False):
        after = _fragment(client, small_season, player)
        assert after == _as_the_engine_says(small_season, player, AFTER_THE_SIXTH)
    assert after.count("<li") > before.count("<li")  # the deadlines missed since


def test_a_change_to_the_season_shows_in_the_explanation_at_once(client, small_season):
    player = _first_vainqueur(small_season)
    with time_machine.travel(AFTER_THE_THIRD, tick=False):
        before = _fragment(client, small_season, player)
        Donne.objects.filter(manche__season=small_season, manche__number=1).delete()
        invalidate(small_season)
        small_season.refresh_from_db()
        after = _fragment(client, small_season, player)
        assert after != before
        assert after == _as_the_engine_says(small_season, player, AFTER_THE_THIRD)

"""Jeu à 4: four seats, no king called, the absent player shown as such and ranked 5th with 0."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import Manche
from tests.support.seasons import make_manche, seat
from tests.support.sheet import add, close, contract, totals


@pytest.fixture
def at_four(season, capitaine, player, others):
    fifi, eric, gege = others
    return seat(make_manche(season, 2, capitaine=capitaine), [capitaine, player, fifi, eric], absent=gege)


def test_no_king_is_called_at_four(at_four, capitaine, player):
    with pytest.raises(ValidationError) as caught:
        add(at_four, capitaine, contract(capitaine, partner=player))
    assert "partner" in caught.value.message_dict
    assert "le preneur joue seul" in caught.value.message_dict["partner"][0]


def test_the_preneur_plays_alone_against_three(at_four, capitaine):
    # u = 40; the preneur scores 3u and takes the pot of 40 (4 antes).
    add(at_four, capitaine, contract(capitaine, "garde", bouts=2, points=49))
    scores, pot = totals(at_four)
    assert scores == {"bruno": -10 + 120 + 40, "anne": -50, "fifi": -50, "eric": -50}
    assert pot == 0


def test_the_sheet_shows_the_absent_and_no_appele_choice(client, at_four, capitaine):
    client.force_login(capitaine)
    html = client.get(
        reverse("league:sheet", kwargs={"season_name": at_four.season.name, "number": at_four.number})
    ).content.decode()
    assert "Jeu à 4 · absent : Gege" in html
    assert "pas de roi appelé" in html
    assert 'name="partner"' not in html


def test_the_absent_is_ranked_fifth_with_a_score_of_zero(client, at_four, capitaine):
    from league.selectors.sheet import sheet_state

    add(at_four, capitaine, contract(capitaine, "garde", bouts=2, points=49))
    close(at_four, capitaine)
    state = sheet_state(Manche.objects.get(pk=at_four.pk))
    assert [(e.entry.player, e.entry.place) for e in state.ranking][-1] == ("gege", 5)
    assert state.ranking[-1].entry.score == 0 and state.ranking[-1].entry.absent
    assert not state.ranking[-1].bonuses  # never a défensif for the absent
    html = client.get(
        reverse("league:manche_detail", kwargs={"season_name": at_four.season.name, "number": at_four.number})
    ).content.decode()
    assert "absent (jeu à 4)" in html

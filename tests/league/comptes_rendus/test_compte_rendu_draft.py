"""The vainqueur's compte-rendu starts from a draft of the night's facts, read from the sheet."""

from datetime import timedelta

import pytest
from django.urls import reverse

from league.models import Manche, QuickResult
from league.night_facts import night_facts, record_facts
from league.selectors.sheet import sheet_state
from tests.support.seasons import NIGHT, make_manche, seat
from tests.support.sheet import add, close, contract


@pytest.fixture
def night(manche, capitaine, player, others):
    """Anne: a garde with petit au bout, her poignée and Fifi's misère; Éric's garde falls; Anne's chelem."""
    add(
        manche,
        capitaine,
        contract(
            player,
            points=55,
            bouts=1,
            petit_au_bout="attack",
            poignees=[{"player": "anne", "level": "simple"}],
            miseres=[{"player": "fifi", "kind": "tete", "valid": True}],
        ),
    )
    add(manche, capitaine, contract(others[1], partner=others[2], points=45, bouts=1))
    add(manche, capitaine, contract(player, "garde_sans", points=91, bouts=3, chelem="made"))
    close(manche, capitaine)
    return Manche.objects.select_related("season").get(pk=manche.pk)


def test_the_facts_of_the_night(night):
    assert night_facts(sheet_state(night)) == [
        "Plus gros contrat réussi : Garde sans d'Anne (donne 3, +1960).",
        "Plus gros contrat chuté : Garde d'Éric avec Gege (donne 2, −130).",
        "Petit au bout (attaque) à la donne 1 : Garde d'Anne.",
        "Poignée simple : Anne, donne 1.",
        "Misère de tête : Fifi (valable), donne 1.",
        "Chelem (réalisé sans annonce) : Garde sans d'Anne, donne 3.",
        "Le pot : sa plus grosse prise, 110 jetons, par Anne (donne 3).",
    ]


def test_a_night_beating_the_seasons_best_score_is_a_record(season, night, capitaine, player, others):
    earlier = seat(
        make_manche(season, 2, capitaine=capitaine, starts_at=NIGHT - timedelta(days=7), status="played"),
        [capitaine, player, *others],
    )
    for user, score in zip([capitaine, player, *others], [300, 0, -100, -100, -100], strict=True):
        QuickResult.objects.create(manche=earlier, player=user, score=score)
    assert record_facts(sheet_state(night)) == [
        "Record de la saison : +2290 pour Anne, le meilleur score d'une soirée (+300 pour Bruno)."
    ]


def test_no_record_for_the_first_night_of_the_season(night):
    assert record_facts(sheet_state(night)) == []


def test_the_vainqueur_starts_from_the_draft_and_posts_what_he_edited(client, night, player):
    from league.models import CompteRendu

    url = reverse("league:cr_write", kwargs={"season_name": night.season.name, "number": night.number})
    client.force_login(player)
    text = client.get(url).context["form"].initial["text"]
    assert "- Plus gros contrat réussi : Garde sans d'Anne (donne 3, +1960)." in text
    assert "| 1 | Anne |" in text
    client.post(
        url, {"title": "Le chelem", "text": text.replace("## Ambiance\n", "## Ambiance\nFolle soirée.")}
    )
    assert "Folle soirée." in CompteRendu.objects.get(manche=night).text


def test_the_draft_posted_untouched_is_refused_at_its_empty_ambiance(client, night, player):
    """The club asks at least the night's ambiance: one tap on « Poster » with the draft as it
    came (an empty « Ambiance ») says so at the text, and nothing is posted."""
    from league.models import CompteRendu

    url = reverse("league:cr_write", kwargs={"season_name": night.season.name, "number": night.number})
    client.force_login(player)
    text = client.get(url).context["form"].initial["text"]
    response = client.post(url, {"title": "Le chelem", "text": text})
    assert response.status_code == 200
    assert response.context["form"].errors["text"] == [
        "La partie « Ambiance » est vide : racontez la soirée en quelques lignes avant de poster."
    ]
    assert not CompteRendu.objects.filter(manche=night).exists()
    without_the_heading = text.replace("## Ambiance\n", "Une soirée comme on les aime.\n")
    assert client.post(url, {"title": "Le chelem", "text": without_the_heading}).status_code == 302

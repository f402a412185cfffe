"""The importer accepts what the format accepts and refuses only what it says
(season-format.md is the contract)."""

import json

import pytest

from league.models import Award, CompteRendu
from league.services.transfer import ImportRefused, dump, export_season, import_season


def _president_history_post(doc):
    """ben, the season's President, did not win manche 1 (fifi did); the
    forum let anyone post, and nobody rejected fifi's compte-rendu."""
    doc["manches"][0]["comptes_rendus"].append(
        {"author": "ben", "posted_at": "2011-09-07T10:00:00+02:00", "status": "accepted", "text": "Mon avis."}
    )


@pytest.mark.django_db
def test_a_presidents_post_on_a_manche_he_did_not_win_without_a_rejection_is_history(example_doc, now):
    """ "A replacement written by the season's president is refused": a post
    that replaces nothing is history, imported as written; it earns and costs nothing."""
    _president_history_post(example_doc)
    season = import_season(document=example_doc, now=now)
    assert CompteRendu.objects.filter(manche__season=season, author__username="ben").count() == 1
    out = json.loads(dump(export_season(season=season, now=now)))
    kinds = {(a["player"], a["kind"]) for a in out["manches"][0]["adjustments"]}
    assert not any(player == "ben" and kind.startswith("cr_") for player, kind in kinds)
    again = import_season(document=dump(export_season(season=season, now=now)), replace=True, now=now)
    assert dump(export_season(season=again, now=now)) == dump(export_season(season=season, now=now))


@pytest.mark.django_db
def test_a_presidents_post_after_the_vainqueurs_accepted_revision_is_history(example_doc, now):
    """Only a post between the rejection and the vainqueur's accepted revision replaces anything."""
    crs = example_doc["manches"][0]["comptes_rendus"]
    crs[0].update(status="rejected", rejected_at="2011-09-06T23:00:00+02:00", reason="Trop court.")
    crs.append(
        {"author": "fifi", "posted_at": "2011-09-07T09:00:00+02:00", "status": "accepted", "text": "Mieux."}
    )
    crs.append(
        {"author": "ben", "posted_at": "2011-09-07T10:00:00+02:00", "status": "accepted", "text": "Bravo."}
    )
    season = import_season(document=example_doc, now=now)
    assert CompteRendu.objects.filter(manche__season=season, manche__number=1).count() == 3


@pytest.mark.django_db
def test_a_presidents_replacement_is_refused_with_its_path(example_doc, now):
    """ "A replacement written by the season's president is refused"."""
    crs = example_doc["manches"][0]["comptes_rendus"]
    crs[0].update(status="rejected", rejected_at="2011-09-06T23:00:00+02:00", reason="Trop court.")
    _president_history_post(example_doc)
    with pytest.raises(ImportRefused) as caught:
        import_season(document=example_doc, now=now)
    assert [p.field for p in caught.value.problems] == ["manches[0].comptes_rendus[1].author"]


@pytest.mark.django_db
def test_several_players_may_share_an_awarded_trophy(example_doc, now):
    """ "Several players may share one (ex aequo: one entry each)"."""
    example_doc["awards"].append({"award": "fair_play", "player": "anne", "citation": "…"})
    season = import_season(document=example_doc, now=now)
    assert sorted(Award.objects.filter(season=season).values_list("player__username", flat=True)) == [
        "anne",
        "fifi",
    ]
    out = json.loads(dump(export_season(season=season, now=now)))
    fair_play = [a for a in out["accessits"] if a["award"] == "fair_play"]
    assert sorted(p for a in fair_play for p in a["players"]) == ["anne", "fifi"]


@pytest.mark.django_db
def test_the_same_trophy_twice_to_the_same_player_is_a_duplicate(example_doc, now):
    """ "The same trophy twice to the same player is a duplicate and is refused"."""
    example_doc["awards"].append({"award": "fair_play", "player": "fifi", "citation": "encore"})
    with pytest.raises(ImportRefused) as caught:
        import_season(document=example_doc, now=now)
    assert [p.field for p in caught.value.problems] == ["awards[1]"]

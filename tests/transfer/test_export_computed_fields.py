"""The export adds what the engine computes: donne scores and pot, rankings, adjustments, standings, accessits."""

import json
from datetime import datetime
from decimal import Decimal

import pytest

from league import rules
from league.services.transfer import dump, export_season, import_season
from league.transfer.parse import parse_document
from tests.support.documents import random_season
from tests.support.seasons import PARIS


def exported(document, now):
    season = import_season(document=document, now=now)
    return json.loads(dump(export_season(season=season, now=now)))


@pytest.mark.django_db
def test_donne_scores_follow_the_rulebook(example_doc, now):
    """Garde, 2 bouts, 49 points, petit au bout and a simple poignée: u = (10 + 10 + 10) × 2 + 20 = 80;
    ante 10 each, bruno's penalty 10, the pot of 60 shared 40/20, eric's valid misère d'atout +40."""
    out = exported(example_doc, now)
    first = out["manches"][0]["donnes"][0]
    assert first["scores"] == {"ben": 180, "fifi": -100, "anne": 80, "bruno": -110, "eric": -50}
    assert first["pot"] == 0
    assert all(
        sum(d["scores"].values()) + d["pot"] - before == 0
        for d, before in zip(
            out["manches"][0]["donnes"], [0] + [d["pot"] for d in out["manches"][0]["donnes"]], strict=False
        )
    )


@pytest.mark.django_db
def test_ranking_lists_the_absent_last_with_zero(example_doc, now):
    out = exported(example_doc, now)
    ranking = out["manches"][1]["ranking"]
    assert [r["player"] for r in ranking] == ["anne", "bruno", "eric", "fifi", "ben"]
    assert ranking[-1] == {
        "player": "ben",
        "score": 0,
        "place": 5,
        "points": -1,
        "prises": 0,
        "bouts": 0,
        "prises_won": 0,
    }
    # eric and fifi tie at -100: the best place they cover (3) and the average of places 3 and 4's points
    assert [(r["place"], r["points"]) for r in ranking[:4]] == [(1, 3), (2, 2), (3, 0.5), (3, 0.5)]


@pytest.mark.django_db
def test_adjustments_are_summed_per_player_and_kind(example_doc, now):
    """Nobody posts for manche 1 until after two later manches started: one entry of −1."""
    example_doc["manches"][0]["comptes_rendus"][0]["posted_at"] = "2011-10-20T10:00:00+02:00"
    example_doc["manches"][3]["status"] = "played"
    example_doc["manches"][3]["table"] = ["ben", "anne", "bruno", "eric", "fifi"]
    example_doc["manches"][3]["results"] = [
        {"player": p, "score": s}
        for p, s in [("ben", 10), ("anne", 0), ("bruno", 0), ("eric", -10), ("fifi", 0)]
    ]
    example_doc["manches"][3]["comptes_rendus"] = [
        {"author": "ben", "posted_at": "2011-10-14T10:00:00+02:00", "status": "accepted", "text": "…"}
    ]
    out = exported(example_doc, now)
    late = [a for a in out["manches"][0]["adjustments"] if a["kind"] == "cr_retard"]
    assert late == [{"player": "fifi", "kind": "cr_retard", "value": -1}]
    # the rejected compte-rendu of manche 2 was replaced by bruno: -0.5 anne, +0.5 bruno
    adj = {(a["player"], a["kind"]): a["value"] for a in out["manches"][1]["adjustments"]}
    assert adj[("anne", "cr_non_conforme")] == -0.5
    assert adj[("bruno", "cr_remplacement")] == 0.5


@pytest.mark.django_db
def test_standings_and_accessits_are_the_engines(example_doc, now):
    out = exported(example_doc, now)
    expected = rules.compute_season(parse_document(example_doc).engine, now=now)
    assert [s["player"] for s in out["standings"]] == [r.player for r in expected.standings]
    for row, exp in zip(out["standings"], expected.standings, strict=True):
        assert row["rank"] == exp.rank and row["manches"] == exp.manches and row["title"] == exp.title
        assert Decimal(str(row["points"])) == exp.points
        assert row["points"] == row["place_points"] + row["bonus"] - row["malus"]
        assert row["average"] == rules.json_number(exp.average)
    assert out["standings"][0]["title"] == "champion"
    # closed: the participation malus (10 manches required) is in every malus
    assert all(row["malus"] >= 8 for row in out["standings"])
    by_award = {a["award"]: a for a in out["accessits"]}
    assert by_award["fair_play"] == {"award": "fair_play", "players": ["fifi"], "citation": "…"}
    assert by_award["aquila"] == {"award": "aquila", "players": ["anne"], "value": 230}
    assert by_award["abysses"] == {"award": "abysses", "players": ["bruno"], "value": -230}
    assert by_award["rookie"] == {"award": "rookie", "players": ["anne"]}
    assert set(by_award["cuillere_de_bois"]) == {"award", "players"}


@pytest.mark.django_db
def test_numbers_are_integers_or_four_decimals(now):
    out = exported(random_season(21, manches=12, params={"place_points": [3, 2, 1, 0.25, -1]}), now)

    def walk(x):
        if isinstance(x, dict):
            for v in x.values():
                yield from walk(v)
        elif isinstance(x, list):
            for v in x:
                yield from walk(v)
        elif isinstance(x, float):
            yield x

    floats = list(walk(out))
    assert floats, "the averages at least are fractional"
    assert all(x != int(x) and round(x, 4) == x for x in floats)


@pytest.mark.django_db
def test_an_open_season_gets_provisional_titles_and_no_participation_malus(example_doc, now):
    example_doc["closed"] = False
    out = exported(example_doc, now)
    assert out["closed"] is False
    assert out["standings"][0]["title"] == "champion"
    assert all(row["malus"] < 8 for row in out["standings"])


@pytest.mark.django_db
def test_late_maluses_depend_on_the_export_time(example_doc):
    """Manche 2 is the last played: its deadline is 14 days later (the cancelled one does not count)."""
    example_doc["manches"][1]["comptes_rendus"] = []
    example_doc["manches"][3]["status"] = "cancelled"
    example_doc["manches"][3]["table"] = []
    early = datetime(2011, 9, 20, 12, 0, tzinfo=PARIS)
    late = datetime(2011, 10, 1, 12, 0, tzinfo=PARIS)
    season = import_season(document=example_doc, now=early)
    before = export_season(season=season, now=early)["manches"][1]["adjustments"]
    after = export_season(season=season, now=late)["manches"][1]["adjustments"]
    assert not [a for a in before if a["kind"] == "cr_retard"]
    assert [a for a in after if a["kind"] == "cr_retard"] == [
        {"player": "anne", "kind": "cr_retard", "value": -0.5}
    ]

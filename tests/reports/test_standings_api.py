"""GET /api/seasons/<name>/standings.json: the season format's standings and accessits, nothing else."""

import csv
import io
import json

from django.urls import reverse
from django.utils import timezone

from league import rules
from league.models import Season
from tests.support.engine import season_result

ROW_KEYS = {"player", "rank", "manches", "place_points", "bonus", "malus", "points", "average", "title"}


def test_document_has_exactly_the_season_formats_keys(client, small_season):
    response = client.get(reverse("reports:api_standings", args=[small_season.name]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    document = response.json()
    assert set(document) == {"season", "standings", "accessits"}
    assert document["season"] == small_season.name
    assert all(set(row) == ROW_KEYS for row in document["standings"])
    for accessit in document["accessits"]:
        assert set(accessit) <= {"award", "players", "value", "citation"}
        assert accessit["players"] == sorted(accessit["players"])


def test_numbers_are_the_engines_rounded_as_the_format_says(client, small_season):
    result = season_result(small_season, now=timezone.now())
    document = client.get(reverse("reports:api_standings", args=[small_season.name])).json()
    n = rules.json_number
    expected = [
        {
            "player": r.player,
            "rank": r.rank,
            "manches": r.manches,
            "place_points": n(r.place_points),
            "bonus": n(r.bonus),
            "malus": n(r.malus),
            "points": n(r.points),
            "average": n(r.average),
            "title": r.title,
        }
        for r in result.standings
    ]
    assert document["standings"] == expected


def test_whole_numbers_are_integers_and_others_four_decimals(client, small_season):
    raw = client.get(reverse("reports:api_standings", args=[small_season.name])).content.decode()
    document = json.loads(raw)
    for row in document["standings"]:
        for key in ("place_points", "bonus", "malus", "points", "average"):
            value = row[key]
            assert isinstance(value, int) or (isinstance(value, float) and value != int(value))
            if isinstance(value, float):
                assert len(repr(value).split(".")[1]) <= 4


def test_titles_are_the_format_codes(client, closed_season):
    document = client.get(reverse("reports:api_standings", args=[closed_season.name])).json()
    titles = {row["title"] for row in document["standings"]}
    assert titles <= {None, "champion", "vice_champion", "vice_vice_champion"}
    assert document["standings"][0]["title"] == "champion"


def test_computed_accessits_carry_their_value(client, small_season):
    result = season_result(small_season, now=timezone.now())
    document = client.get(reverse("reports:api_standings", args=[small_season.name])).json()
    by_award = {a["award"]: a for a in document["accessits"]}
    aquila = next(a for a in result.accessits if a.award == "aquila")
    assert by_award["aquila"] == {"award": "aquila", "players": list(aquila.players), "value": aquila.value}
    assert "value" not in by_award["cuillere_de_bois"]


def test_unknown_season_is_404_in_json(client, db):
    response = client.get(reverse("reports:api_standings", args=["1999-2000"]))

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"season": "1999-2000", "errors": ["season: no season is named “1999-2000”"]}


def test_the_standings_api_answers_only_get(client, small_season):
    assert client.post(reverse("reports:api_standings", args=[small_season.name])).status_code == 405


def test_refused_data_gives_409_with_the_problems(client, small_season):
    from league.models import Donne

    Donne.objects.filter(manche__season=small_season, manche__number=2, index=1).update(bouts=7)
    Season.objects.filter(pk=small_season.pk).update(revision=5)
    response = client.get(reverse("reports:api_standings", args=[small_season.name]))
    assert response.status_code == 409
    assert any("bouts" in e for e in response.json()["errors"])


def test_embeddable_from_other_sites_while_reading_is_public(client, small_season, settings):
    response = client.get(reverse("reports:api_standings", args=[small_season.name]))
    assert response["Access-Control-Allow-Origin"] == "*"


def test_the_standings_csv_lists_the_engines_ranking_with_exact_averages(client, small_season):
    result = season_result(small_season, now=timezone.now())
    response = client.get(reverse("reports:standings_csv", args=[small_season.name]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert f"classement-{small_season.name}.csv" in response["Content-Disposition"]
    lines = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert lines[0][0] == "rang"
    assert [line[2] for line in lines[1:]] == [r.player for r in result.standings]
    assert [line[8] for line in lines[1:]] == [str(rules.json_number(r.average)) for r in result.standings]


def test_csv_names_cannot_run_as_spreadsheet_formulas(client, small_season):
    from accounts.models import User

    User.objects.filter(username="p001").update(display_name="=HYPERLINK(1)")
    content = client.get(reverse("reports:standings_csv", args=[small_season.name])).content.decode(
        "utf-8-sig"
    )
    assert "'=HYPERLINK(1)" in content
    assert ",=HYPERLINK" not in content

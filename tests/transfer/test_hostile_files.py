"""Hostile season files are refused with a message naming the path and the limit, and nothing changes.

The limits (README, "Limits on what members send"): 16 levels of nesting,
1,000 players, 200 donnes a manche (the size and the manches an upload may
hold: test_import_limits.py); no NUL, lone surrogate or
text-direction override in any text, no control character in a one-line
text; numbers within ±1,000,000, scores within ±100,000, penalties within ±10,000;
dates between the years 1900 and 2199 with a real UTC offset (±14 h);
a compte-rendu of 20,000 characters at most.
"""

import json

import pytest

from league.services.transfer import import_season

from .test_malformed_files import has, refused

pytestmark = pytest.mark.django_db


def test_ten_thousand_levels_of_nesting_are_refused(now, snapshot):
    lines = refused("[" * 10_000 + "]" * 10_000, now, snapshot)
    assert has(lines, "$", "nested more than 16 levels deep"), lines


def test_deep_nesting_inside_a_known_key_is_refused(example_doc, now, snapshot):
    deep = []
    for _ in range(50):
        deep = [deep]
    example_doc["season"]["params"]["place_points"] = deep
    lines = refused(example_doc, now, snapshot)
    assert any("nested more than 16 levels deep" in line for line in lines), lines


@pytest.mark.parametrize(
    ("raw", "char"),
    [('"Ben\\u0000oît"', "U+0000"), ('"Ben\\ud800"', "U+D800"), ('"\\u202eneB"', "U+202E")],
)
def test_nul_lone_surrogates_and_direction_overrides_are_refused(raw, char, example_doc, now, snapshot):
    text = json.dumps(example_doc).replace('"Benoît"', raw).replace('"Beno\\u00eet"', raw)
    lines = refused(text, now, snapshot)
    assert has(lines, "players[0].name", f"must not contain the character {char}"), lines


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("season", "name"), "2011-2012\r\nX"),
        (("players", 0, "name"), "Ben\x07"),
        (("manches", 0, "location"), "a\nb"),
    ],
)
def test_control_characters_in_one_line_texts_are_refused(where, value, example_doc, now, snapshot):
    target = example_doc
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    lines = refused(example_doc, now, snapshot)
    path = ".".join(str(k) for k in where).replace(".0", "[0]")
    assert any(line.startswith(f"{path}: must not contain the character") for line in lines), lines


def test_a_player_id_with_a_trailing_newline_is_refused(example_doc, now, snapshot):
    """The id pattern ended in ``$``, which lets ``"ben\\n"`` through: a lookalike of the President."""
    example_doc["players"].append({"id": "ben\n", "name": "Fake Ben"})
    lines = refused(example_doc, now, snapshot)
    assert any(line.startswith("players[5].id: must") for line in lines), lines


def test_the_short_id_rule_itself_refuses_a_trailing_newline():
    from django.core.exceptions import ValidationError

    from accounts.models import short_id_validator
    from league.transfer.parse import SHORT_ID

    with pytest.raises(ValidationError):
        short_id_validator("ben\n")
    assert SHORT_ID.fullmatch("ben\n") is None and SHORT_ID.fullmatch("ben")


@pytest.mark.parametrize("value", ["1e308", "-1e308", "1e30"])
def test_place_points_beyond_a_million_are_refused(value, example_doc, now, snapshot):
    text = json.dumps(example_doc).replace(
        '"garde_contre_multiplier": 6', f'"place_points": [{value}, 2, 1, 0, -1]'
    )
    lines = refused(text, now, snapshot)
    assert has(lines, "season.params.place_points[0]", "must be between -1000000 and 1000000"), lines


@pytest.mark.parametrize(
    "moment", ["9999-12-31T23:59:59+23:59", "0001-01-01T00:00:00-23:59", "2011-09-01T21:00:00+15:00"]
)
def test_extreme_dates_and_offsets_are_refused(moment, example_doc, now, snapshot):
    example_doc["manches"][0]["starts_at"] = moment
    lines = refused(example_doc, now, snapshot)
    assert any(line.startswith("manches[0].starts_at: must") for line in lines), lines


def test_quick_result_scores_beyond_100000_are_refused(example_doc, now, snapshot):
    example_doc["manches"][1]["results"][0]["score"] = 2**31
    lines = refused(example_doc, now, snapshot)
    assert has(lines, "manches[1].results[0].score", "must be between -100000 and 100000"), lines


def test_more_players_than_a_club_has_are_refused_before_anything_else(example_doc, now, snapshot):
    example_doc["players"] += [{"id": f"p{k}", "name": f"P{k}"} for k in range(100_000)]
    lines = refused(example_doc, now, snapshot)
    assert has(lines, "players", "at most 1000 players, got 100005"), lines


def test_a_compte_rendu_over_20000_characters_is_refused(example_doc, now, snapshot):
    example_doc["manches"][0]["comptes_rendus"][0]["text"] = "x" * 20_001
    lines = refused(example_doc, now, snapshot)
    assert has(lines, "manches[0].comptes_rendus[0].text", "at most 20000 characters"), lines


def test_the_example_still_imports(example_doc, now):
    assert import_season(document=example_doc, now=now).name == "2011-2012"

"""The format's shape, declared in ``league.transfer.schema``: each rule refuses with its path and the project's words.

The importer's own tests (test_malformed_files, test_hostile_files) check
the messages through the import service; these name each rule of the
schema once, on the specification's example, without a database.
"""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league import rules
from league.services.transfer import dump
from league.transfer import schema
from league.transfer.export import add_computed
from league.transfer.parse import parse_document
from tests.support.documents import random_season
from tests.support.example_season import EXAMPLE, NOW


def lines(document) -> list[str]:
    """What the importer answers, one ``path: message`` per problem (English, as the command prints)."""
    with pytest.raises(rules.InvalidInput) as info:
        parse_document(document)
    return [f"{p.field}: {p.message.render(lambda s: s)}" for p in info.value.problems]


def example(change) -> dict:
    document = copy.deepcopy(EXAMPLE)
    change(document)
    return document


def donne(document, k=0):
    return document["manches"][0]["donnes"][k]


# --- unknown keys: refused with their path, and the keys of that very object ----------


def test_an_unknown_key_names_the_keys_of_its_own_kind_of_donne():
    """A misère game has no taker: the keys offered are the misère game's, in the format's order."""
    document = example(lambda d: donne(d, 1).update(taker="ben"))
    assert lines(document) == [
        "manches[0].donnes[1].taker: unknown key; expected one of kind, points, dealer, miseres, penalties"
    ]


def test_an_unknown_key_of_the_document_stops_before_anything_else():
    document = example(lambda d: d.update(standings_v2=[], season={"name": 3}))
    assert lines(document) == [
        "standings_v2: unknown key; expected one of format, version, season, players, manches, awards, closed"
    ]


def test_the_keys_an_export_computes_are_known_and_not_read():
    document = example(lambda d: donne(d).update(scores={"anything": ["goes"]}, pot="here"))
    assert parse_document(document).name == "2011-2012"


# --- types: JSON types as they are, with the path ---------------------------------------


@pytest.mark.parametrize(
    ("change", "line"),
    [
        (
            lambda d: donne(d)["penalties"].append({"player": "ben", "amount": "10"}),
            'manches[0].donnes[0].penalties[1].amount: must be an integer, got "10"',
        ),
        (lambda d: d["season"].update(president=7), "season.president: must be a string or null, got 7"),
        (lambda d: donne(d).update(points=True), "manches[0].donnes[0].points: must be a number, got true"),
        (lambda d: d["manches"][1].update(results=5), "manches[1].results: must be a list, got 5"),
        (lambda d: d["players"].__setitem__(2, "anne"), 'players[2]: must be an object, got "anne"'),
        (
            lambda d: donne(d).update(kind=None),
            "manches[0].donnes[0].kind: must be contract or misere, got null",
        ),
        (lambda d: donne(d).pop("kind"), "manches[0].donnes[0].kind: required key is missing"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_with_its_path(change, line):
    assert line in lines(example(change))


def test_a_whole_number_written_as_a_decimal_is_an_integer():
    """A spreadsheet writes 2.0: the format's integers are numbers without a fraction."""
    text = json.dumps(EXAMPLE).replace('"bouts": 2,', '"bouts": 2.0,', 1)
    assert '"bouts": 2.0' in text
    assert parse_document(text).manches[0].donnes[0].bouts == 2


def test_a_fraction_is_not_an_integer():
    assert "manches[0].donnes[0].bouts: must be an integer, got 2.5" in lines(
        example(lambda d: donne(d).update(bouts=2.5))
    )


# --- bounds: what the database holds and a club can mean --------------------------------


@pytest.mark.parametrize(
    ("change", "line"),
    [
        (
            lambda d: d["manches"][0].update(number=10_001),
            "manches[0].number: must be between 1 and 10000, got 10001",
        ),
        (
            lambda d: donne(d)["penalties"].append({"player": "ben", "amount": 10_010}),
            "manches[0].donnes[0].penalties[1].amount: must be between -10000 and 10000, got 10010",
        ),
        (
            lambda d: d["manches"][1]["results"][0].update(prises=1_001),
            "manches[1].results[0].prises: must be between 0 and 1000, got 1001",
        ),
        (
            lambda d: donne(d).update(points=1_000_000.5),
            "manches[0].donnes[0].points: must be between -1000000 and 1000000, got 1000000.5",
        ),
        (
            lambda d: donne(d, 1)["points"].update(ben=-2_000_000),
            "manches[0].donnes[1].points.ben: must be between -1000000 and 1000000, got -2000000",
        ),
        (
            lambda d: d["manches"][0].update(location="x" * 121),
            "manches[0].location: must be at most 120 characters, got 121",
        ),
        (
            lambda d: d["players"][0].update(name="B" * 81),
            "players[0].name: must be at most 80 characters, got 81",
        ),
        (lambda d: d["players"][0].update(name="  "), "players[0].name: must not be empty"),
        (
            lambda d: d["manches"][0].update(donnes=[{}] * 201),
            "manches[0].donnes: at most 200 donnes, got 201",
        ),
        (lambda d: d.update(manches=[{}] * 2_001), "manches: at most 2000 manches, got 2001"),
        (
            lambda d: d["manches"][0].update(starts_at="1899-12-31T23:00:00+00:00"),
            "manches[0].starts_at: must be between the years 1900 and 2199, got",
        ),
        (
            lambda d: d["manches"][0]["comptes_rendus"][0].update(reason="\x1b[31m"),
            "manches[0].comptes_rendus[0].reason: must not contain the character U+001B",
        ),
        (
            lambda d: d["players"].append({"id": "Ben", "name": "Ben"}),
            'players[5].id: must be a short id (lowercase letters, digits, - or _, 30 at most), got "Ben"',
        ),
    ],
)
def test_a_value_out_of_bounds_is_refused_with_its_path_and_the_bound(change, line):
    found = lines(example(change))
    assert any(x.startswith(line) for x in found), found


def test_a_lists_length_is_checked_before_its_items_are_read():
    """2,001 manches that are not even objects: one problem, the count."""
    assert lines(example(lambda d: d.update(manches=[7] * 2_001))) == [
        "manches: at most 2000 manches, got 2001"
    ]


# --- the schema alone ---------------------------------------------------------------------


def test_the_schema_reads_the_example_as_the_format_describes_it():
    document = schema.Document.model_validate(copy.deepcopy(EXAMPLE))
    first, second = document.manches[0].donnes[:2]
    assert isinstance(first, schema.ContractDonne) and isinstance(second, schema.MisereGame)
    assert document.manches[0].location == EXAMPLE["manches"][0].get("location", "")
    assert document.manches[0].starts_at.utcoffset() is not None


def test_every_key_of_the_example_is_a_key_of_the_schema():
    """The example is the format's: nothing in it is refused as unknown, nothing required is missing."""
    assert schema.expected_keys(schema.Document) == [
        "format",
        "version",
        "season",
        "players",
        "manches",
        "awards",
        "closed",
    ]
    assert schema.expected_keys(schema.Player) == ["id", "name", "first_season"]


# --- what the exporter writes, the importer reads back --------------------------------------


def without_computed(document: dict) -> dict:
    """The facts of an exported document: what ``add_computed`` added, taken away."""
    facts = copy.deepcopy(document)
    for key in ("standings", "accessits"):
        facts.pop(key, None)
    for manche in facts["manches"]:
        manche.pop("ranking", None)
        manche.pop("adjustments", None)
        for item in manche.get("donnes") or ():
            item.pop("scores", None)
            item.pop("pot", None)
    return facts


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=10**9),
    family=st.sampled_from(["tarot-biere", "tarot-biere", "fft"]),
)
def test_an_exported_season_parses_back_to_the_same_facts(seed, family):
    """Any season the exporter writes (facts and everything computed, as text) reads back to the same
    engine input as its facts alone, and those facts give the same export again, byte for byte."""
    exported = dump(add_computed(random_season(seed, family=family, manches=6, donnes=(2, 6)), now=NOW))
    facts = without_computed(json.loads(exported))
    assert "standings" in json.loads(exported) and "standings" not in facts
    assert parse_document(exported).engine == parse_document(facts).engine
    assert dump(add_computed(facts, now=NOW)) == exported


def test_the_schema_gives_the_formats_json_schema():
    """The declared shape is also a JSON Schema, for whoever writes files by hand or by script."""
    document = schema.Document.model_json_schema()
    assert set(document["required"]) == {"format", "version", "season", "players", "manches"}
    assert document["additionalProperties"] is False
    donne = document["$defs"]["ContractDonne"]
    bouts = donne["properties"]["bouts"]
    assert bouts["type"] == "integer" and schema.SMALL_MAX in (bouts.get("maximum"), bouts.get("le"))
    assert "taker" in donne["required"] and "taker" not in document["$defs"]["MisereGame"]["properties"]

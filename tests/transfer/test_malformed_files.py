"""Every kind of malformed file is refused with every problem as ``path: message``, and nothing changes."""

import pytest

from league.services.transfer import ImportRefused, import_season


def refused(document, now, snapshot, **kwargs) -> list[str]:
    before = snapshot()
    with pytest.raises(ImportRefused) as info:
        import_season(document=document, now=now, **kwargs)
    assert snapshot() == before, "a refused import changed the database"
    return info.value.lines()


def has(lines: list[str], path: str, text: str) -> bool:
    return any(line.startswith(f"{path}: ") and text in line for line in lines)


# --- not even JSON ----------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        (
            '{"format": "tarot-league-season",',
            "not valid JSON, line 1, column 34: a key must be written in double quotes",
        ),
        (b"\xff\xfe{}", "not UTF-8 text"),
        ('{"format": 1, "format": 2}', "duplicate key 'format'"),
        ('{"version": NaN}', "NaN is not a number"),
        ("[]", "must be an object, got []"),
        ("", "a value is missing"),
    ],
)
@pytest.mark.django_db
def test_bad_json_is_refused(raw, text, now, snapshot):
    lines = refused(raw, now, snapshot)
    assert has(lines, "$", text), lines


# --- not our format -----------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value", "text"),
    [
        ("format", "tarot-season", 'must be "tarot-league-season", got "tarot-season"'),
        ("version", 2, "unsupported version 2"),
        ("version", "1", 'unsupported version "1"'),
    ],
)
@pytest.mark.django_db
def test_wrong_format_or_version_is_refused(key, value, text, example_doc, now, snapshot):
    example_doc[key] = value
    lines = refused(example_doc, now, snapshot)
    expected = f"{key}: {text}: this site reads version 1" if key == "version" else f"{key}: {text}"
    assert lines == [expected]


# --- unknown keys, at every level -----------------------------------------------


def _set(doc, path, value):
    *parents, last = path
    target = doc
    for key in parents:
        target = target[key]
    target[last] = value


UNKNOWN = [
    (("extra",), "extra"),
    (("season", "colour"), "season.colour"),
    (("players", 1, "nickname"), "players[1].nickname"),
    (("manches", 0, "weather"), "manches[0].weather"),
    (("manches", 0, "donnes", 0, "trump"), "manches[0].donnes[0].trump"),
    (("manches", 0, "donnes", 1, "taker"), "manches[0].donnes[1].taker"),
    (("manches", 0, "donnes", 0, "poignees", 0, "cards"), "manches[0].donnes[0].poignees[0].cards"),
    (("manches", 0, "donnes", 0, "miseres", 0, "when"), "manches[0].donnes[0].miseres[0].when"),
    (("manches", 0, "donnes", 0, "penalties", 0, "by"), "manches[0].donnes[0].penalties[0].by"),
    (("manches", 1, "results", 0, "bonus"), "manches[1].results[0].bonus"),
    (("manches", 0, "comptes_rendus", 0, "title"), "manches[0].comptes_rendus[0].title"),
    (("awards", 0, "date"), "awards[0].date"),
]


@pytest.mark.parametrize(("path", "where"), UNKNOWN, ids=[w for _p, w in UNKNOWN])
@pytest.mark.django_db
def test_unknown_keys_are_errors(path, where, example_doc, now, snapshot):
    _set(example_doc, path, "ben")
    lines = refused(example_doc, now, snapshot)
    assert has(lines, where, "unknown key; expected one of"), lines


@pytest.mark.django_db
def test_an_unknown_param_is_an_error(example_doc, now, snapshot):
    example_doc["season"]["params"]["jetons_colour"] = "blue"
    lines = refused(example_doc, now, snapshot)
    assert has(lines, "season.params.jetons_colour", "unknown param"), lines


@pytest.mark.django_db
def test_computed_keys_of_an_export_are_known(example_doc, now):
    example_doc["standings"] = []
    example_doc["accessits"] = []
    example_doc["manches"][0]["ranking"] = []
    example_doc["manches"][0]["adjustments"] = []
    example_doc["manches"][0]["donnes"][0]["scores"] = {}
    example_doc["manches"][0]["donnes"][0]["pot"] = 0
    assert import_season(document=example_doc, now=now).name == "2011-2012"


# --- required keys --------------------------------------------------------------

MISSING = [
    ((), "format", "format"),
    ((), "manches", "manches"),
    (("season",), "name", "season.name"),
    (("season",), "ruleset", "season.ruleset"),
    (("players", 0), "id", "players[0].id"),
    (("players", 0), "name", "players[0].name"),
    (("manches", 0), "number", "manches[0].number"),
    (("manches", 0), "starts_at", "manches[0].starts_at"),
    (("manches", 0), "status", "manches[0].status"),
    (("manches", 0, "donnes", 0), "kind", "manches[0].donnes[0].kind"),
    (("manches", 0, "donnes", 0), "taker", "manches[0].donnes[0].taker"),
    (("manches", 0, "donnes", 0), "bouts", "manches[0].donnes[0].bouts"),
    (("manches", 0, "donnes", 1), "points", "manches[0].donnes[1].points"),
    (("manches", 0, "donnes", 0, "poignees", 0), "level", "manches[0].donnes[0].poignees[0].level"),
    (("manches", 0, "donnes", 0, "miseres", 0), "valid", "manches[0].donnes[0].miseres[0].valid"),
    (("manches", 0, "donnes", 0, "penalties", 0), "amount", "manches[0].donnes[0].penalties[0].amount"),
    (("manches", 1, "results", 0), "score", "manches[1].results[0].score"),
    (("manches", 0, "comptes_rendus", 0), "posted_at", "manches[0].comptes_rendus[0].posted_at"),
    (("manches", 0, "comptes_rendus", 0), "text", "manches[0].comptes_rendus[0].text"),
    (("awards", 0), "player", "awards[0].player"),
]


@pytest.mark.parametrize(("parent", "key", "where"), MISSING, ids=[w for *_x, w in MISSING])
@pytest.mark.django_db
def test_missing_required_keys_are_errors(parent, key, where, example_doc, now, snapshot):
    target = example_doc
    for step in parent:
        target = target[step]
    del target[key]
    lines = refused(example_doc, now, snapshot)
    assert f"{where}: required key is missing" in lines, lines


# --- wrong types ----------------------------------------------------------------

TYPES = [
    (("season", "name"), 2011, "season.name", "must be a string, got 2011"),
    (("season", "name"), "2011/2012", "season.name", "must not contain"),
    (("season", "params"), [6], "season.params", "must be an object"),
    (("players", 0, "id"), "Ben!", "players[0].id", "must be a short id"),
    (("players",), {"ben": "Benoît"}, "players", "must be a list"),
    (("manches", 0, "number"), "1", "manches[0].number", 'must be an integer, got "1"'),
    (("manches", 0, "number"), 0, "manches[0].number", "must be between 1 and"),
    (("manches", 0, "starts_at"), "2011-09-01T21:00:00", "manches[0].starts_at", "must give its UTC offset"),
    (("manches", 0, "starts_at"), "jeudi soir", "manches[0].starts_at", "must be an ISO 8601 date and time"),
    (("manches", 0, "table"), "ben", "manches[0].table", "must be a list"),
    (("manches", 0, "table", 0), 7, "manches[0].table[0]", "must be a string, got 7"),
    (
        ("manches", 0, "donnes", 0, "points"),
        "49",
        "manches[0].donnes[0].points",
        'must be a number, got "49"',
    ),
    (("manches", 0, "donnes", 0, "bouts"), 2.5, "manches[0].donnes[0].bouts", "must be an integer"),
    (
        ("manches", 0, "donnes", 0, "bouts"),
        True,
        "manches[0].donnes[0].bouts",
        "must be an integer, got true",
    ),
    (
        ("manches", 0, "donnes", 0, "kind"),
        "belote",
        "manches[0].donnes[0].kind",
        "must be contract or misere",
    ),
    (
        ("manches", 0, "donnes", 0, "miseres", 0, "valid"),
        "oui",
        "manches[0].donnes[0].miseres[0].valid",
        "must be true or false",
    ),
    (
        ("manches", 0, "donnes", 1, "points"),
        [12, 30],
        "manches[0].donnes[1].points",
        "must be an object of card points",
    ),
    (
        ("manches", 0, "donnes", 1, "points", "ben"),
        None,
        "manches[0].donnes[1].points.ben",
        "must be a number, got null",
    ),
    (("manches", 1, "results", 0, "prises"), -1, "manches[1].results[0].prises", "must be between 0 and"),
    (
        ("manches", 0, "comptes_rendus", 0, "rejected_at"),
        5,
        "manches[0].comptes_rendus[0].rejected_at",
        "ISO 8601",
    ),
    (("manches", 0, "comptes_rendus"), {}, "manches[0].comptes_rendus", "must be a list"),
    (("awards", 0, "citation"), 3, "awards[0].citation", "must be a string or null"),
    (("closed",), "yes", "closed", 'must be true or false, got "yes"'),
]


@pytest.mark.parametrize(
    ("path", "value", "where", "text"), TYPES, ids=[f"{w}={v!r}" for _p, v, w, _t in TYPES]
)
@pytest.mark.django_db
def test_wrong_types_are_errors(path, value, where, text, example_doc, now, snapshot):
    _set(example_doc, path, value)
    lines = refused(example_doc, now, snapshot)
    assert has(lines, where, text), lines


# --- the rules (the engine's validation, with the document's paths) ------------


def _replace_president_cr(doc):
    """A replacement: posted after the rejection of the vainqueur's (fifi) compte-rendu."""
    rejected = doc["manches"][0]["comptes_rendus"][0]
    rejected.update(status="rejected", rejected_at="2011-09-06T23:00:00+02:00", reason="Trop court.")
    doc["manches"][0]["comptes_rendus"].append(
        {
            "author": "ben",
            "posted_at": "2011-09-07T10:00:00+02:00",
            "status": "accepted",
            "text": "Remplacement",
        }
    )


RULES = [
    (
        lambda d: _set(d, ("manches", 0, "donnes", 0, "bouts"), 4),
        "manches[0].donnes[0].bouts: must be 0..3, got 4",
    ),
    (
        lambda d: _set(d, ("manches", 0, "donnes", 0, "points"), 92),
        "manches[0].donnes[0].points: card points must be 0..91, got 92",
    ),
    (
        lambda d: _set(d, ("manches", 0, "donnes", 0, "points"), 49.3),
        "manches[0].donnes[0].points: card points must be a multiple of 0.5, got 49.3",
    ),
    (
        lambda d: _set(d, ("manches", 0, "donnes", 0, "partner"), "ben"),
        "manches[0].donnes[0].partner: the appelé cannot be the preneur (ben)",
    ),
    (
        lambda d: _set(d, ("manches", 0, "donnes", 0, "taker"), "zoe"),
        "manches[0].donnes[0].taker: zoe is not at the table",
    ),
    (
        lambda d: _set(d, ("manches", 0, "donnes", 0, "contract"), "petite"),
        "manches[0].donnes[0].contract: unknown contract 'petite'",
    ),
    (
        lambda d: _set(d, ("manches", 0, "donnes", 2, "points"), 20),
        "manches[0].donnes: pot must be empty at close, got",
    ),
    (
        lambda d: _set(d, ("manches", 1, "results", 0, "score"), 240),
        "manches[1].results: scores of a manche must sum to zero, got 10",
    ),
    (
        lambda d: _set(d, ("manches", 0, "status"), "finished"),
        "manches[0].status: must be planned, played or cancelled, got 'finished'",
    ),
    (lambda d: _set(d, ("manches", 0, "table", 0), "zed"), "manches[0].table[0]: unknown player zed"),
    (lambda d: _set(d, ("manches", 2, "number"), 1), "manches[2].number: manche 1 is listed twice"),
    (
        lambda d: d["manches"][1]["comptes_rendus"][0].pop("rejected_at"),
        "manches[1].comptes_rendus[0].rejected_at: a rejected compte-rendu needs its rejection time",
    ),
    (
        lambda d: _set(d, ("manches", 1, "comptes_rendus", 0, "rejected_at"), "2011-09-16T22:00:00+02:00"),
        "manches[1].comptes_rendus[0].rejected_at: cannot be before the compte-rendu was posted",
    ),
    (
        _replace_president_cr,
        "manches[0].comptes_rendus[1].author: the President (ben) may not write a replacement compte-rendu"
        " (posted after the rejection of the winner's, before his accepted revision)",
    ),
    (lambda d: _set(d, ("awards", 0, "award"), "best_hair"), "awards[0].award: unknown award 'best_hair'"),
    (lambda d: _set(d, ("season", "ruleset"), "belote"), "season.ruleset: unknown rule set 'belote'"),
    (lambda d: _set(d, ("season", "vice_president"), "zed"), "season.vice_president: unknown player zed"),
    (
        lambda d: _set(d, ("season", "vice_president"), "ben"),
        "season.vice_president: must be another player than the President",
    ),
    (lambda d: _set(d, ("season", "president"), "zed"), "season.president: unknown player zed"),
    (
        lambda d: d["players"].append({"id": "ben", "name": "Encore Ben"}),
        "players[5].id: ben is listed twice",
    ),
    (
        lambda d: _set(d, ("manches", 1, "absent"), None),
        "manches[1].absent: a manche played at 4 names its absent player",
    ),
]


@pytest.mark.parametrize(
    ("change", "line"), RULES, ids=[line.split(":")[0] + ":" + line.split(":")[1][:25] for _c, line in RULES]
)
@pytest.mark.django_db
def test_rule_violations_are_reported_with_their_paths(change, line, example_doc, now, snapshot):
    change(example_doc)
    lines = refused(example_doc, now, snapshot)
    assert any(x.startswith(line) for x in lines), lines


@pytest.mark.django_db
def test_every_problem_is_listed_in_document_order(example_doc, now, snapshot):
    example_doc["manches"][1]["results"][0]["score"] = 240
    example_doc["manches"][0]["donnes"][0]["bouts"] = 4
    example_doc["manches"][0]["weather"] = "pluie"  # a manche with a problem of shape is still reported
    example_doc["awards"][0]["award"] = "best_hair"
    example_doc["season"]["colour"] = "vert"
    lines = refused(example_doc, now, snapshot)
    assert [line.split(":")[0] for line in lines] == [
        "season.colour",
        "manches[0].weather",
        "manches[1].results",
        "awards[0].award",
    ]


@pytest.mark.django_db
def test_engine_paths_keep_the_documents_indices_when_a_manche_is_left_out(example_doc, now, snapshot):
    example_doc["manches"][0]["weather"] = "pluie"
    example_doc["manches"][1]["results"][0]["score"] = 240
    lines = refused(example_doc, now, snapshot)
    assert any(
        line.startswith("manches[1].results: scores of a manche must sum to zero") for line in lines
    ), lines


@pytest.mark.django_db
def test_a_season_name_that_exists_is_refused_without_replace(example_doc, now, snapshot):
    import_season(document=example_doc, now=now)
    lines = refused(example_doc, now, snapshot)
    assert lines == [
        "season.name: a season named 2011-2012 already exists"
        " (tick “replace the season of the same name”, or --replace on the command line)"
    ]

"""The rules era comes from the season's dates ("A partir de la saison
2010-2011, un bonus de 0,5 point est attribué"; garde contre ×8 before), never
guessed from a name that is not two consecutive years."""

import json

import pytest

from league import rules
from league.services.transfer import ImportRefused, dump, export_season, import_season


def _rename(doc, name, *, shift_years=0):
    doc["season"]["name"] = name
    doc["season"]["params"] = {}
    if shift_years:
        for m in doc["manches"]:
            year = int(m["starts_at"][:4]) + shift_years
            m["starts_at"] = f"{year}{m['starts_at'][4:]}"
    return doc


@pytest.mark.django_db
def test_a_season_named_otherwise_is_placed_in_its_era_by_its_dates(example_doc, now):
    """ "Saison 2008" played in autumn 2008: garde contre ×8, no défensifs."""
    season = import_season(document=_rename(example_doc, "Saison 2008", shift_years=-3), now=now)
    ruleset = season.ruleset()
    assert (ruleset.garde_contre_multiplier, ruleset.defensive_bonus) == (8, False)
    out = json.loads(dump(export_season(season=season, now=now)))
    assert out["season"]["params"] == {"defensive_bonus": False, "garde_contre_multiplier": 8}
    again = import_season(document=dump(export_season(season=season, now=now)), replace=True, now=now)
    assert dump(export_season(season=again, now=now)) == dump(export_season(season=season, now=now))


@pytest.mark.django_db
def test_a_modern_season_with_another_name_gets_the_modern_rules(example_doc, now):
    """ "2011/12" played from September 2011: the modern era, read from the dates."""
    season = import_season(document=_rename(example_doc, "Saison 2011"), now=now)
    assert (season.ruleset().garde_contre_multiplier, season.ruleset().defensive_bonus) == (6, True)


@pytest.mark.django_db
def test_the_dates_win_over_a_name_of_another_era(example_doc, now):
    """A file named 2009-2010 whose manches were played in 2011-2012 is scored by the modern rules."""
    season = import_season(document=_rename(example_doc, "2009-2010"), now=now)
    assert (season.ruleset().garde_contre_multiplier, season.ruleset().defensive_bonus) == (6, True)


@pytest.mark.django_db
def test_a_season_that_cannot_be_placed_is_refused_with_a_message(example_doc, now):
    """No dated manche and a name that says nothing: refused, never guessed."""
    doc = _rename(example_doc, "Saison des anciens")
    doc["manches"] = []
    doc["awards"] = []
    with pytest.raises(ImportRefused) as caught:
        import_season(document=doc, now=now)
    assert [p.field for p in caught.value.problems] == ["season.name"]
    assert "cannot place the season" in caught.value.lines()[0]
    doc["season"]["params"] = {"garde_contre_multiplier": 8, "defensive_bonus": False}
    assert import_season(document=doc, now=now).ruleset().garde_contre_multiplier == 8


def test_the_season_year_of_a_manche_starts_in_august():
    """The season starts in late August at the earliest and ends in early July."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    paris = ZoneInfo("Europe/Paris")
    assert rules.ruleset.year_of_start(datetime(2010, 8, 26, 21, tzinfo=paris)) == 2010
    assert rules.ruleset.year_of_start(datetime(2010, 7, 1, 21, tzinfo=paris)) == 2009
    assert rules.season_year("2010-2011") == 2010
    assert rules.season_year("2011/12") is None and rules.season_year("2010-2012") is None

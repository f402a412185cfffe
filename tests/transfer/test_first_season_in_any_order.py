"""A player's first season, and so the Rookie of the year, is right whatever
order history arrives in (rulings §6: "Rookie of the year (best-classified
player whose first season this is)")."""

import copy
import json
from io import StringIO

import pytest
from django.core.management import call_command

from accounts.models import User
from league.models import Season
from league.services.transfer import dump, export_season, import_check, import_season


def season_of(example, start_year: int) -> dict:
    """The example season moved to ``start_year``; each file declares its own
    season as the first of anne and bruno (the forum's habit), eric none."""
    doc = copy.deepcopy(example)
    name = f"{start_year}-{start_year + 1}"
    doc["season"]["name"] = name
    doc["season"]["params"] = {}
    shift = start_year - 2011
    for m in doc["manches"]:
        m["starts_at"] = f"{int(m['starts_at'][:4]) + shift}{m['starts_at'][4:]}"
        for cr in m.get("comptes_rendus") or ():
            for key in ("posted_at", "rejected_at"):
                if cr.get(key):
                    cr[key] = f"{int(cr[key][:4]) + shift}{cr[key][4:]}"
    for p in doc["players"]:
        if p["id"] in ("anne", "bruno"):
            p["first_season"] = name
    return doc


def rookies(name: str, now) -> set[str]:
    out = json.loads(dump(export_season(season=Season.objects.get(name=name), now=now)))
    return {p for a in out["accessits"] if a["award"] == "rookie" for p in a["players"]}


def standings(name: str, now) -> list[str]:
    out = json.loads(dump(export_season(season=Season.objects.get(name=name), now=now)))
    return [row["player"] for row in out["standings"]]


@pytest.mark.django_db
def test_three_seasons_imported_out_of_order_give_every_season_its_rookie(example_doc, now):
    """Import 2011-2012, then 2009-2010, then 2010-2011: anne, bruno and
    eric played first in 2009-2010, so that season's Rookie is the best
    classified of them, and the two later seasons have none."""
    for year in (2011, 2009, 2010):
        import_season(document=season_of(example_doc, year), now=now)
    for pid in ("anne", "bruno", "eric"):
        assert User.objects.get(username=pid).first_season == "2009-2010"
    newcomers = [p for p in standings("2009-2010", now) if p in ("anne", "bruno", "eric")]
    assert rookies("2009-2010", now) == {newcomers[0]}
    assert rookies("2010-2011", now) == set()
    assert rookies("2011-2012", now) == set()
    assert User.objects.get(username="ben").first_season == "2008-2009"


@pytest.mark.django_db
def test_the_summary_and_the_command_say_which_first_season_is_kept(example_doc, now, tmp_path):
    """A file whose declaration differs from the site's is told which one is kept."""
    import_season(document=season_of(example_doc, 2009), now=now)
    later = season_of(example_doc, 2011)
    _parsed, summary = import_check(document=later)
    notes = {(n.player, n.declared, n.kept) for n in summary.first_seasons}
    assert notes == {("anne", "2011-2012", "2009-2010"), ("bruno", "2011-2012", "2009-2010")}
    path = tmp_path / "later.json"
    path.write_text(json.dumps(later), encoding="utf-8")
    out = StringIO()
    call_command("import_season", str(path), stdout=out)
    assert "anne: le fichier déclare une première saison 2011-2012, le site garde 2009-2010" in out.getvalue()


@pytest.mark.django_db
def test_a_first_season_is_never_later_than_a_season_he_played(example_doc, now):
    """Even when every file declares a later one, the season he played counts."""
    doc = season_of(example_doc, 2009)
    for p in doc["players"]:
        p["first_season"] = "2012-2013"
    import_season(document=doc, now=now)
    assert {u.first_season for u in User.objects.all()} == {"2009-2010"}

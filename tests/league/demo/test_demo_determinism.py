"""Same seed, same club; a demo season survives export → import → export."""

import json
import os
import subprocess
import sys
from datetime import datetime
from io import StringIO
from pathlib import Path

import pytest
import time_machine
from django.core.management import CommandError, call_command

from accounts.models import Mandate, User
from league import demo
from league.models import Season
from league.services.transfer import dump, export_season, import_season
from tests.support.documents import random_season
from tests.support.seasons import PARIS


def test_same_seed_same_plan(now):
    assert demo.demo_plan(7, now=now) == demo.demo_plan(7, now=now)
    assert demo.demo_plan(7, now=now).closed != demo.demo_plan(8, now=now).closed


def test_the_plan_does_not_depend_on_string_hashing(now):
    """Sets of ids iterate in hash order, which changes between processes: the demo never relies on it."""
    root = Path(__file__).resolve().parents[3]
    code = (
        "import json, datetime, zoneinfo; from league import demo;"
        "now = datetime.datetime(2024, 1, 20, 12, tzinfo=zoneinfo.ZoneInfo('Europe/Paris'));"
        "p = demo.demo_plan(3, now=now); print(json.dumps([p.closed, p.current, p.signups], sort_keys=True))"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            cwd=root,
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outputs) == 1


@pytest.mark.django_db
def test_loading_twice_gives_the_same_seasons(now):
    demo.load_demo(seed=11, now=now)
    first = {s.name: dump(export_season(season=s, now=now)) for s in Season.objects.all()}
    Season.objects.all().delete()
    Mandate.objects.all().delete()
    User.objects.all().delete()
    demo.load_demo(seed=11, now=now)
    second = {s.name: dump(export_season(season=s, now=now)) for s in Season.objects.all()}
    assert first == second


@pytest.mark.django_db
def test_demo_seasons_round_trip(demo_club, now):
    for season in Season.objects.all():
        first = dump(export_season(season=season, now=now))
        import_season(document=first, replace=True, now=now)
        assert dump(export_season(season=Season.objects.get(name=season.name), now=now)) == first


@pytest.mark.parametrize(
    "day", [datetime(2024, 7, 25, 12, tzinfo=PARIS), datetime(2024, 9, 10, 12, tzinfo=PARIS)]
)
def test_off_season_the_season_in_progress_still_has_played_and_coming_manches(day):
    plan = demo.demo_plan(5, now=day)
    statuses = [m["status"] for m in plan.current["manches"]]
    assert statuses.count("played") >= 4 and statuses.count("planned") >= 3
    assert plan.open_manches and plan.signups[plan.open_manches[0]]


@pytest.mark.django_db
def test_the_command_loads_once_and_prints_credentials(now):
    """The command builds the club as of the clock: the test runs at the demo's fixed ``now``."""
    accounts = [
        f"Président : ben / {demo.DEMO_PASSWORD}",
        f"Capitaine de la prochaine manche : {demo.DEMO_CAPITAINE} / {demo.DEMO_PASSWORD}",
        f"compte-rendu à écrire : {demo.DEMO_PLAYER} / {demo.DEMO_PASSWORD}",
    ]
    with time_machine.travel(now, tick=True):
        out = StringIO()
        call_command("demo_season", "--if-empty", "--seed", "4", stdout=out)
        assert all(line in out.getvalue() for line in accounts)
        assert Season.objects.count() == 2
        again = StringIO()
        call_command("demo_season", "--if-empty", stdout=again)
        assert "rien à charger" in again.getvalue() and all(line in again.getvalue() for line in accounts)
        assert Season.objects.count() == 2
        with pytest.raises(CommandError):
            call_command("demo_season", stdout=StringIO())


@pytest.mark.django_db
def test_if_empty_does_nothing_in_a_real_club(president):
    out = StringIO()
    call_command("demo_season", "--if-empty", stdout=out)
    assert "rien à charger" in out.getvalue() and "tarot-biere" not in out.getvalue()
    assert not Season.objects.exists()


def test_random_seasons_are_deterministic():
    assert json.dumps(random_season(3), sort_keys=True) == json.dumps(random_season(3), sort_keys=True)

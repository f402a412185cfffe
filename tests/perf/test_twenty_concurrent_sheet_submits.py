"""Twenty devices posting to the same live sheet at once lose no update (PostgreSQL, real threads).

Each request goes through the whole view (session, permission, form,
service) in its own thread and database connection. A submit is either
saved (redirect to the sheet) or refused with the "modified on another
device" message; what is saved is on the sheet exactly once, and the final
sheet is consistent (indexes without a gap, the version counting every
write, Σ scores + pot = 0 by the rules engine).
"""

import re
import threading
from collections import Counter
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.support.seasons import make_manche, make_season

DEVICES = 20
STALE = "modifiée entre-temps"
TABLE = ["bruno", "anne", "fifi", "eric", "gege"]
VERSION = re.compile(r'name="sheet_version"[^>]*value="(\d+)"|value="(\d+)"[^>]*name="sheet_version"')


@pytest.fixture
def manche(make_user):
    from accounts.services.offices import presidency_hand_over
    from league.models import Seat

    now = timezone.now()
    ben = make_user("ben", display_name="Benoît")
    presidency_hand_over(by=None, to=ben, now=now)
    players = {name: make_user(name) for name in TABLE}
    season = make_season("2030-2031", president=ben)
    m = make_manche(season, 1, starts_at=now - timedelta(hours=1), capitaine=players["bruno"])
    for position, name in enumerate(TABLE, start=1):
        Seat.objects.create(manche=m, player=players[name], position=position)
    m.users = {"ben": ben, **players}
    return m


def _fields(version: int, device: int) -> dict:
    return {
        "sheet_version": version,
        "kind": "contract",
        "contract": "garde",
        "taker": TABLE[device % 5],
        "partner": "",
        "bouts": "1",
        "points": str(30 + device),
    }


def _version(html: str) -> int:
    match = VERSION.search(html)
    assert match, "no sheet_version on the sheet page"
    return int(match.group(1) or match.group(2))


def _devices(manche, *, retry: bool) -> list[list[str]]:
    """Run DEVICES threads (capitaine's and President's phones); each returns its outcomes in order."""
    sheet = reverse("league:sheet", args=[manche.season.name, manche.number])
    add = reverse("league:sheet_donne_add", args=[manche.season.name, manche.number])
    barrier = threading.Barrier(DEVICES)
    outcomes = [[] for _ in range(DEVICES)]
    errors = []

    def device(i: int) -> None:
        client = Client()
        client.force_login(manche.users["bruno" if i % 2 == 0 else "ben"])
        try:
            for attempt in range(60 if retry else 1):
                version = _version(client.get(sheet).content.decode())
                if attempt == 0:
                    barrier.wait(timeout=60)
                response = client.post(add, _fields(version, i))
                if response.status_code == 302:
                    outcomes[i].append("saved")
                    return
                if response.status_code == 200 and STALE in response.content.decode():
                    outcomes[i].append("stale")
                    continue
                outcomes[i].append(f"HTTP {response.status_code}")
                return
        except Exception as error:
            errors.append(repr(error))
            barrier.abort()
        finally:
            connection.close()

    threads = [threading.Thread(target=device, args=(i,)) for i in range(DEVICES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert not errors, errors
    return outcomes


def _sheet(manche):
    from league import rules
    from league.models import Donne
    from league.selectors.engine import manche_input

    manche.refresh_from_db()
    rows = list(Donne.objects.filter(manche=manche).order_by("index").values_list("index", "points"))
    engine = manche_input(manche)
    scored = rules.score_sheet(manche.season.ruleset(), engine.table, engine.donnes or ())
    return rows, sum(scored.totals.values()) + scored.pot


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_twenty_submits_of_the_same_version_save_one_and_refuse_the_others(manche):
    outcomes = _devices(manche, retry=False)
    counted = Counter(o for device in outcomes for o in device)
    assert counted == {"saved": 1, "stale": DEVICES - 1}
    rows, balance = _sheet(manche)
    assert [index for index, _points in rows] == [1]
    assert manche.sheet_version == 1
    assert balance == 0


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_twenty_devices_retrying_until_saved_lose_no_donne(manche):
    outcomes = _devices(manche, retry=True)
    assert all(device[-1] == "saved" for device in outcomes), outcomes
    assert all(set(device[:-1]) <= {"stale"} for device in outcomes), outcomes
    rows, balance = _sheet(manche)
    assert [index for index, _points in rows] == list(range(1, DEVICES + 1))
    assert sorted(int(points) for _index, points in rows) == [30 + i for i in range(DEVICES)]
    assert manche.sheet_version == DEVICES
    assert balance == 0

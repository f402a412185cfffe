"""The demo club is a consistent championship: zero-sum manches, empty pots at close, computed standings."""

from collections import Counter

import pytest

from accounts.models import User
from accounts.roles import current_president, current_vice_president
from league import demo
from league.models import Manche, Registration, Season


def played(document):
    return [m for m in document["manches"] if m["status"] == "played"]


@pytest.mark.django_db
def test_two_seasons_one_closed_one_in_progress(demo_club, now):
    closed = Season.objects.get(name="2022-2023")
    current = Season.objects.get(name="2023-2024")
    assert closed.state == Season.State.CLOSED and current.state == Season.State.OPEN
    assert 15 <= User.objects.count() <= 18
    assert current_president().username == "ben" and current_vice_president().username == "fifi"
    assert closed.president.username == "ben" and closed.vice_president.username == "fifi"
    assert User.objects.get(username="ben").check_password(demo.DEMO_PASSWORD)
    assert User.objects.get(username=demo.DEMO_PLAYER).check_password(demo.DEMO_PASSWORD)
    assert all(u.is_active for u in User.objects.all())


@pytest.mark.django_db
def test_every_played_manche_is_zero_sum_and_closes_with_an_empty_pot(exported):
    for document in exported.values():
        for manche in played(document):
            donnes = manche["donnes"]
            assert donnes, "every demo manche has its full sheet"
            pot = 0
            totals = Counter()
            for donne in donnes:
                assert sum(donne["scores"].values()) + donne["pot"] - pot == 0  # jetons are conserved
                pot = donne["pot"]
                totals.update(donne["scores"])
            assert pot == 0, f"manche {manche['number']} closed with {pot} in the pot"
            last = donnes[-1]
            assert last["kind"] == "contract" and last["scores"][last["taker"]] > 0  # a winning donne ends it
            assert sum(totals.values()) == 0
            assert {r["player"]: r["score"] for r in manche["ranking"] if r["player"] in totals} == dict(
                totals
            )
            assert sum(r["score"] for r in manche["ranking"]) == 0


@pytest.mark.django_db
def test_standings_titles_and_accessits_are_computed(exported):
    closed, current = exported["2022-2023"], exported["2023-2024"]
    assert closed["standings"][0]["title"] == "champion"
    assert {row["title"] for row in closed["standings"]} >= {
        "champion",
        "vice_champion",
        "vice_vice_champion",
    }
    awards = {a["award"] for a in closed["accessits"]}
    assert {
        "cuillere_de_bois",
        "aquila",
        "abysses",
        "rookie",
        "fair_play",
        "manque_de_bol",
        "truffe",
    } <= awards
    assert any(row["malus"] > 0 for row in closed["standings"])  # the participation malus of a closed season
    assert current["standings"] and not current["closed"]
    assert {"kamel", "romain"} & {row["player"] for row in current["standings"]}  # this season's rookies


@pytest.mark.django_db
def test_the_sheets_show_every_kind_of_donne(exported):
    seen = Counter()
    for document in exported.values():
        for manche in played(document):
            seen["at_four"] += manche["absent"] is not None
            for d in manche["donnes"]:
                seen[d["kind"]] += 1
                seen.update("penalty" for _p in d["penalties"])
                seen.update(f"misere_{m['valid']}" for m in d["miseres"])
                if d["kind"] != "contract":
                    continue
                seen[d["contract"]] += 1
                seen["alone" if d["partner"] is None else "appele"] += 1
                seen[f"petit_{d['petit_au_bout']}"] += 1
                seen[f"chelem_{d['chelem']}"] += 1
                seen.update(p["level"] for p in d["poignees"])
        seen["cancelled"] += sum(m["status"] == "cancelled" for m in document["manches"])
    for kind in [
        "contract",
        "misere",
        "pouce",
        "garde",
        "garde_sans",
        "garde_contre",
        "alone",
        "appele",
        "petit_attack",
        "petit_defense",
        "simple",
        "double",
        "triple",
        "chelem_announced_made",
        "misere_True",
        "misere_False",
        "penalty",
        "at_four",
        "cancelled",
    ]:
        assert seen[kind] > 0, kind
    donnes = sum(len(m["donnes"]) for d in exported.values() for m in played(d))
    assert seen["chelem_announced_made"] + seen["chelem_made"] < donnes / 50  # occasional


@pytest.mark.django_db
def test_comptes_rendus_on_time_late_rejected_and_replaced(exported):
    statuses, adjustments = Counter(), Counter()
    for document in exported.values():
        for manche in played(document):
            statuses.update(cr["status"] for cr in manche["comptes_rendus"])
            adjustments.update(a["kind"] for a in manche["adjustments"])
    assert statuses["accepted"] > 20 and statuses["rejected"] >= 2
    assert adjustments["cr_retard"] and adjustments["cr_non_conforme"] and adjustments["cr_remplacement"]
    assert adjustments["seul_positif"] + adjustments["bouts_sur_prise"] + adjustments["defensif"] > 10


@pytest.mark.django_db
def test_coming_manches_are_open_for_registration(demo_club, now):
    current = Season.objects.get(name="2023-2024")
    open_manches = list(Manche.objects.filter(season=current, status=Manche.Status.OPEN).order_by("number"))
    assert len(open_manches) == 2 and all(m.starts_at > now for m in open_manches)
    first, second = open_manches
    assert Registration.objects.filter(manche=first, seat__isnull=False).count() == 5
    assert Registration.objects.filter(manche=first, seat__isnull=True).count() == 1  # waiting
    assert Registration.objects.filter(manche=second).count() == 3
    assert first.capitaine is not None
    assert Manche.objects.filter(season=current, status=Manche.Status.PLANNED, starts_at__gt=now).exists()
    assert Manche.objects.filter(season=current, status=Manche.Status.PLAYED, starts_at__lt=now).count() >= 5

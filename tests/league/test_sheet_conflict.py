"""Offline donnes that meet a sheet changed on another device: the capitaine's choice stays in the history."""

import json

from django.urls import reverse

from league.models import SheetConflict
from league.selectors.audit import audit_entries
from tests.support.sheet import add, contract

PHONE = [{"client_id": "5b1c…", "summary": "Garde · Anne · Seul · 2 bout(s) · 60 pts"}]


def _post(client, manche, **body):
    url = reverse(
        "league:sheet_conflict", kwargs={"season_name": manche.season.name, "number": manche.number}
    )
    return client.post(url, body)


def test_keeping_the_sites_version_records_the_phones_donnes_in_the_history(
    client, manche, capitaine, player
):
    """Nothing is dropped silently: the donnes the capitaine gave up are listed in the audit history."""
    add(manche, capitaine, contract(player, points=60))
    client.force_login(capitaine)
    response = _post(client, manche, choice="site", seen_version="0", donnes=json.dumps(PHONE))
    assert response.json() == {"status": "recorded", "version": 1}
    conflict = SheetConflict.objects.get()
    assert (conflict.choice, conflict.seen_version, conflict.sheet_version) == ("site", 0, 1)
    assert conflict.decided_by == capitaine
    entry = next(e for e in audit_entries(manche) if e.action == "!")
    assert "Conflit de saisie" in entry.what
    assert ("Donnes du téléphone", "—", PHONE[0]["summary"]) in entry.changes


def test_keeping_both_is_recorded_too(client, manche, capitaine):
    client.force_login(capitaine)
    assert _post(client, manche, choice="both", seen_version="0", donnes=json.dumps(PHONE)).status_code == 200
    assert SheetConflict.objects.get().choice == "both"


def test_an_unreadable_choice_changes_nothing(client, manche, capitaine):
    client.force_login(capitaine)
    for body in (
        {"choice": "mine", "seen_version": "0", "donnes": json.dumps(PHONE)},
        {"choice": "site", "seen_version": "x", "donnes": json.dumps(PHONE)},
        {"choice": "site", "seen_version": "0", "donnes": "[]"},
        {"choice": "site", "seen_version": "0", "donnes": "{not json"},
        {"choice": "site", "seen_version": "0", "donnes": json.dumps(PHONE * 61)},
    ):
        assert _post(client, manche, **body).status_code == 422, body
    assert not SheetConflict.objects.exists()


def test_only_who_keeps_the_sheet_may_choose(client, manche, player):
    client.force_login(player)
    assert _post(client, manche, choice="site", seen_version="0", donnes=json.dumps(PHONE)).status_code == 403
    assert not SheetConflict.objects.exists()

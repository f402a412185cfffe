"""Every change to a donne or a result, before and after closing, is kept: who, when, before/after."""

from django.urls import reverse
from django.utils import formats, timezone, translation

from league.models import Donne, Manche
from league.selectors.audit import audit_entries
from league.services import sheet as services
from tests.support.sheet import add, close, contract, post_donne_fields


def url(manche, name, **extra):
    return reverse(name, kwargs={"season_name": manche.season.name, "number": manche.number, **extra})


def fresh(manche):
    return Manche.objects.select_related("season").get(pk=manche.pk)


def test_a_correction_is_recorded_with_who_and_before_after(client, manche, capitaine, player):
    add(manche, capitaine, contract(capitaine, points=60))
    client.force_login(capitaine)
    body = post_donne_fields(fresh(manche).sheet_version, contract(capitaine, points="45.5"))
    client.post(url(manche, "league:sheet_donne_edit", index=1), body)
    entries = audit_entries(manche)
    change = next(e for e in entries if e.action == "~" and e.what == "Donne 1")
    assert change.who == capitaine
    assert ("points", "60", "45,5") in [
        (str(label), before, after) for label, before, after in change.changes
    ]
    created = next(e for e in entries if e.action == "+" and e.what == "Donne 1")
    assert created.who == capitaine


def test_a_deleted_donne_stays_in_the_history(manche, capitaine):
    add(manche, capitaine, contract(capitaine, points=60))
    m = fresh(manche)
    services.donne_delete(manche=m, index=1, by=capitaine, seen_version=m.sheet_version, now=timezone.now())
    assert not Donne.objects.exists()
    deleted = next(e for e in audit_entries(manche) if e.action == "-")
    assert deleted.what == "Donne 1" and deleted.who == capitaine
    assert any(before == "Bruno" for _label, before, _after in deleted.changes)  # the preneur, by name


def test_corrections_after_closing_are_recorded_as_the_presidents(
    client, manche, capitaine, player, president
):
    add(manche, capitaine, contract(capitaine, "garde", partner=player, bouts=2, points=49))
    close(manche, capitaine)
    client.force_login(president)
    body = post_donne_fields(
        fresh(manche).sheet_version, contract(capitaine, "garde", partner=player, points=55)
    )
    client.post(url(manche, "league:sheet_donne_edit", index=1), body)
    entries = audit_entries(manche)
    assert entries[0].who == president and entries[0].what == "Donne 1"
    closing = next(e for e in entries if e.what == "Manche" and any(c[2] == "Jouée" for c in e.changes))
    assert closing.who == capitaine


def test_the_president_reads_the_history_on_the_manche_page(client, manche, capitaine, president):
    add(manche, capitaine, contract(capitaine, points=60))
    client.force_login(president)
    html = client.get(url(manche, "league:manche_detail")).content.decode()
    assert "Historique des modifications" in html and "Donne 1" in html
    page = client.get(url(manche, "league:manche_audit"))
    assert page.status_code == 200 and "Donne 1" in page.content.decode()


def test_others_do_not_see_the_history(client, manche, capitaine, player):
    add(manche, capitaine, contract(capitaine, points=60))
    client.force_login(player)
    html = client.get(url(manche, "league:manche_detail")).content.decode()
    assert "Historique des modifications" not in html
    assert client.get(url(manche, "league:manche_audit")).status_code == 403


def test_the_history_names_each_field_as_the_sheet_does(manche, capitaine, player):
    add(manche, capitaine, contract(capitaine, partner=player, points=60))
    created = next(e for e in audit_entries(manche) if e.action == "+" and e.what == "Donne 1")
    changes = {str(label): after for label, _before, after in created.changes}
    assert changes["preneur"] == "Bruno" and changes["appelé"] == "Anne" and changes["contrat"] == "Garde"
    assert not {"kind", "taker", "partner", "contract", "dealer"} & set(changes)


def test_the_history_writes_instants_and_yes_or_no_in_the_readers_words(manche):
    created = next(e for e in audit_entries(manche) if e.action == "+" and e.what == "Manche")
    changes = {str(label): after for label, _before, after in created.changes}
    assert changes["début"] == formats.date_format(timezone.localtime(manche.starts_at), "DATETIME_FORMAT")
    assert changes["manche supplémentaire"] == "non"
    assert "season" not in changes and "saison" not in changes  # the page is the manche's


def test_the_history_writes_poignees_and_penalties_in_words_with_names(manche, capitaine, player):
    poignee = [{"player": player.username, "level": "simple"}]
    penalty = [{"player": player.username, "amount": 20, "reason": "a regardé le chien"}]
    add(manche, capitaine, contract(capitaine, points=60, poignees=poignee, penalties=penalty))
    created = next(e for e in audit_entries(manche) if e.action == "+" and e.what == "Donne 1")
    changes = {str(label): after for label, _before, after in created.changes}
    assert changes["poignées"] == "poignée simple (Anne)"
    assert changes["pénalités"] == "pénalité 20 (Anne)\u00a0: a regardé le chien"
    with translation.override("en"):
        created = next(e for e in audit_entries(manche) if e.action == "+" and e.what == "Donne 1")
    changes = {str(label): after for label, _before, after in created.changes}
    assert changes["penalties"].endswith("(Anne): a regardé le chien")  # a colon as English writes it

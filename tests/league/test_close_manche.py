"""Closing a manche: only with an empty pot; publishes the ranking and tells the vainqueur(s)."""

from datetime import timedelta

import pytest
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone

from accounts.models import OutboxEmail
from accounts.services.outbox import deliver
from league.models import Manche, SentNotification, SiteNotice
from league.selectors.sheet import sheet_state
from league.services import sheet as services
from tests.support.sheet import add, close, contract, post_donne_fields


def url(manche, name, **extra):
    return reverse(name, kwargs={"season_name": manche.season.name, "number": manche.number, **extra})


def fresh(manche):
    return Manche.objects.select_related("season").get(pk=manche.pk)


def test_closing_with_a_non_empty_pot_is_refused(manche, capitaine):
    add(manche, capitaine, contract(capitaine, points=30))  # lost: the pot holds 50 + 60
    with pytest.raises(ValidationError) as caught:
        close(manche, capitaine)
    assert any("pot" in m for m in caught.value.messages)
    m = fresh(manche)
    assert m.status == Manche.Status.OPEN and m.closed_at is None
    assert not SentNotification.objects.exists()


def test_closing_an_empty_sheet_is_refused(manche, capitaine):
    with pytest.raises(ValidationError):
        close(manche, capitaine)
    assert fresh(manche).status == Manche.Status.OPEN


def test_closing_publishes_the_ranking_and_designates_the_vainqueur(manche, capitaine, player):
    add(manche, capitaine, contract(capitaine, "garde", partner=player, bouts=2, points=49))
    now = timezone.now()
    close(manche, capitaine, now=now)
    m = fresh(manche)
    assert m.status == Manche.Status.PLAYED
    assert m.closed_at == now and m.closed_by == capitaine
    state = sheet_state(m)
    ranking = [
        (line.entry.player, line.entry.score, line.entry.place, line.entry.points) for line in state.ranking
    ]
    assert ranking[0] == ("bruno", 100, 1, 3)
    assert ranking[1] == ("anne", 50, 2, 2)
    assert {r[2] for r in ranking[2:]} == {3}  # three tied at −50 share 3rd place...
    assert all(r[3] == 0 for r in ranking[2:])  # ...and the average of 1, 0, −1
    assert [u.username for u in state.vainqueurs] == ["bruno"]
    # Défensif: anne's 50 ≥ 0.8 × 100? no. 3rd at −50 ≥ 0.4 × 100? no.
    bonuses = {line.entry.player: [b[0] for b in line.bonuses] for line in state.ranking}
    assert bonuses["anne"] == []


def test_the_vainqueur_is_told_his_compte_rendu_is_due(manche, capitaine, player):
    add(manche, capitaine, contract(capitaine, "garde", partner=player, bouts=2, points=49))
    close(manche, capitaine)
    notice = SentNotification.objects.get(key__startswith="cr:")  # the table is also asked to sign
    assert notice.recipient == capitaine
    email = OutboxEmail.objects.get(key=notice.key)
    assert "compte-rendu" in email.subject.lower()
    assert SiteNotice.objects.filter(recipient=capitaine).exists()
    assert deliver(email.pk, now=timezone.now())
    assert mail.outbox[0].to == ["bruno@example.org"]
    assert "manche 1" in mail.outbox[0].body and "Bruno" in mail.outbox[0].body


def test_tied_vainqueurs_are_all_told(manche, capitaine, player, others):
    fifi, eric, gege = others
    # Two donnes mirror each other: bruno and anne end level.
    add(manche, capitaine, contract(capitaine, "garde", partner=None, bouts=2, points=49))
    add(manche, capitaine, contract(player, "garde", partner=None, bouts=2, points=49))
    state = sheet_state(fresh(manche))
    assert state.totals["bruno"] == state.totals["anne"] and state.pot == 0
    close(manche, capitaine)
    state = sheet_state(fresh(manche))
    assert sorted(u.username for u in state.vainqueurs) == ["anne", "bruno"]
    due = SentNotification.objects.filter(key__startswith="cr:")
    assert sorted(due.values_list("recipient__username", flat=True)) == ["anne", "bruno"]
    firsts = [line.entry for line in state.ranking if line.vainqueur]
    assert all(e.place == 1 and str(e.points) == "2.5" for e in firsts)


def test_the_president_records_the_order_the_table_agreed(manche, capitaine, player, president):
    add(manche, capitaine, contract(capitaine, "garde", partner=None, bouts=2, points=49))
    add(manche, capitaine, contract(player, "garde", partner=None, bouts=2, points=49))
    close(manche, capitaine)
    m = fresh(manche)
    services.manche_order_set(
        manche=m,
        order=["anne", "bruno", "fifi", "eric", "gege"],
        by=president,
        seen_version=m.sheet_version,
        now=timezone.now(),
    )
    state = sheet_state(fresh(manche))
    assert [(line.entry.player, line.entry.place) for line in state.ranking[:2]] == [
        ("anne", 1),
        ("bruno", 2),
    ]
    assert [u.username for u in state.vainqueurs] == ["anne"]


def test_an_order_against_the_scores_is_refused_by_the_engine(manche, capitaine, player, president):
    add(manche, capitaine, contract(capitaine, "garde", partner=player, bouts=2, points=49))
    close(manche, capitaine)
    m = fresh(manche)
    with pytest.raises(ValidationError) as caught:
        services.manche_order_set(
            manche=m,
            order=["anne", "bruno", "fifi", "eric", "gege"],
            by=president,
            seen_version=m.sheet_version,
            now=timezone.now(),
        )
    assert "ne peut pas être classé avant" in " ".join(caught.value.messages)
    assert fresh(manche).order is None


def test_the_capitaine_may_not_record_a_tie_order(manche, capitaine):
    add(manche, capitaine, contract(capitaine, points=60))
    m = fresh(manche)
    with pytest.raises(PermissionDenied):
        services.manche_order_set(
            manche=m, order=None, by=capitaine, seen_version=m.sheet_version, now=timezone.now()
        )


def test_after_closing_the_capitaine_can_no_longer_change_the_sheet(client, manche, capitaine, player):
    add(manche, capitaine, contract(capitaine, "garde", partner=player, bouts=2, points=49))
    close(manche, capitaine)
    client.force_login(capitaine)
    body = post_donne_fields(fresh(manche).sheet_version, contract(capitaine, points=60))
    assert client.post(url(manche, "league:sheet_donne_add"), body).status_code == 403
    assert client.post(url(manche, "league:sheet_donne_edit", index=1), body).status_code == 403


def test_after_closing_the_president_corrects_a_donne(client, manche, capitaine, player, president):
    add(manche, capitaine, contract(capitaine, "garde", partner=player, bouts=2, points=49))
    close(manche, capitaine)
    client.force_login(president)
    body = post_donne_fields(
        fresh(manche).sheet_version, contract(player, "garde", partner=capitaine, points=49)
    )
    response = client.post(url(manche, "league:sheet_donne_edit", index=1), body)
    assert response.status_code == 302
    state = sheet_state(fresh(manche))
    assert state.ranking[0].entry.player == "anne"
    assert fresh(manche).status == Manche.Status.PLAYED
    # The new vainqueur is told too.
    assert SentNotification.objects.filter(recipient=player).exists()


def test_a_correction_after_closing_must_leave_an_empty_pot(manche, capitaine, player, president):
    add(manche, capitaine, contract(capitaine, "garde", partner=player, bouts=2, points=49))
    close(manche, capitaine)
    m = fresh(manche)
    with pytest.raises(ValidationError) as caught:
        services.donne_correct(
            manche=m,
            index=1,
            data=contract(capitaine, points=30),  # lost: the pot would not be empty
            by=president,
            seen_version=m.sheet_version,
            now=timezone.now(),
        )
    assert any("pot" in message for message in caught.value.messages)
    assert sheet_state(fresh(manche)).totals["bruno"] == 100


def test_closing_through_the_page_redirects_to_the_manche_with_its_ranking(client, manche, capitaine, player):
    add(manche, capitaine, contract(capitaine, "garde", partner=player, bouts=2, points=49))
    client.force_login(capitaine)
    response = client.post(url(manche, "league:sheet_close"), {"sheet_version": fresh(manche).sheet_version})
    assert response.status_code == 302 and response.url == url(manche, "league:manche_detail")
    html = client.get(response.url).content.decode()
    assert "Vainqueur" in html and "Bruno" in html and "+100" in html
    assert "ranking-table" in html


def test_a_refused_close_through_the_page_says_why(client, manche, capitaine):
    add(manche, capitaine, contract(capitaine, points=30))
    client.force_login(capitaine)
    response = client.post(
        url(manche, "league:sheet_close"), {"sheet_version": fresh(manche).sheet_version}, follow=True
    )
    assert "pot" in response.content.decode()
    assert fresh(manche).status == Manche.Status.OPEN


def test_a_closed_sheet_shows_no_entry_form_until_the_president_asks(
    client, manche, capitaine, player, president
):
    add(manche, capitaine, contract(capitaine, "garde", partner=player, bouts=2, points=49))
    close(manche, capitaine)
    client.force_login(president)
    sheet = url(manche, "league:sheet")
    html = client.get(sheet).content.decode()
    assert 'id="editor"' not in html and "Ajouter une donne oubliée" in html
    assert 'id="editor"' in client.get(sheet, {"ajouter": 1}).content.decode()


def test_a_manche_cannot_be_closed_before_it_starts(manche, capitaine):
    """A manche of 26 November closed on the 24th published its results and
    started its vainqueur's deadline: closing before the start is refused."""
    add(manche, capitaine, contract(capitaine, "garde", bouts=2, points=49), now=manche.starts_at)
    with pytest.raises(ValidationError) as caught:
        close(manche, capitaine, now=manche.starts_at - timedelta(days=2))
    assert any(
        "cannot be closed before it has started" in m or "avant son début" in m for m in caught.value.messages
    )
    assert fresh(manche).status == Manche.Status.OPEN
    assert not SentNotification.objects.exists()
    close(manche, capitaine, now=manche.starts_at + timedelta(hours=3))
    assert fresh(manche).status == Manche.Status.PLAYED

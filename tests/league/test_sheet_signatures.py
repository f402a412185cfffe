"""The table signs the closed sheet; a player contests a donne within the period; the President rules."""

import re
from datetime import timedelta

import pytest
import time_machine
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from league.models import DonneContest, Manche, SentNotification, SheetSignature
from league.selectors.signatures import night_signatures
from league.services import signatures
from league.services.seasons import season_close
from league.services.sheet import donne_correct
from tests.support.seasons import NIGHT
from tests.support.sheet import add, close, contract

CLOSED = NIGHT + timedelta(hours=4)


@pytest.fixture
def closed(manche, capitaine, player):
    add(manche, capitaine, contract(capitaine, "garde", partner=player, bouts=2, points=49), now=NIGHT)
    close(manche, capitaine, now=CLOSED)
    return Manche.objects.select_related("season").get(pk=manche.pk)


def test_closing_asks_each_seated_player_to_confirm_the_sheet(closed):
    asked = SentNotification.objects.filter(key__startswith=f"sign:{closed.pk}:")
    assert sorted(asked.values_list("recipient__username", flat=True)) == [
        "anne",
        "bruno",
        "eric",
        "fifi",
        "gege",
    ]


def test_a_player_confirms_once_and_the_capitaine_signs_for_the_rest_at_the_table(closed, capitaine, player):
    signatures.sheet_sign(manche=closed, by=player, now=CLOSED)
    signatures.sheet_sign(manche=closed, by=player, now=CLOSED + timedelta(hours=1))
    assert signatures.table_signed(manche=closed, by=capitaine, now=CLOSED) == 4
    lines = {user.username: sig for user, sig in night_signatures(closed).lines}
    assert not lines["anne"].at_table and lines["anne"].signed_at == CLOSED
    assert lines["fifi"].at_table and lines["fifi"].recorded_by == capitaine
    assert SheetSignature.objects.count() == 5


def test_only_players_of_the_table_confirm(closed, president):
    with pytest.raises(PermissionDenied):
        signatures.sheet_sign(manche=closed, by=president, now=CLOSED)


def test_a_contest_makes_the_result_provisional_until_the_president_rules(closed, player, president):
    contest = signatures.donne_contest(
        manche=closed, index=1, reason="49 points, pas 59", by=player, now=CLOSED
    )
    night = night_signatures(closed)
    assert night.provisional and not night.official(CLOSED + timedelta(days=3))
    assert (
        SentNotification.objects.filter(key__startswith=f"contest:{contest.pk}:").count() == 6
    )  # table + President
    signatures.contest_rule(contest=contest, ruling="upheld", note="Feuille juste.", by=president, now=CLOSED)
    night = night_signatures(closed)
    assert not night.provisional and night.official(CLOSED + timedelta(hours=48))
    assert SentNotification.objects.filter(key__startswith=f"ruled:{contest.pk}:").count() == 5


def test_the_period_is_the_seasons_parameter(closed, player):
    """48 hours by default: at the 48th hour the night is official and a contest is refused."""
    assert night_signatures(closed).until == CLOSED + timedelta(hours=48)
    assert not night_signatures(closed).official(CLOSED + timedelta(hours=47))
    with pytest.raises(ValidationError, match="délai de contestation"):
        signatures.donne_contest(
            manche=closed, index=1, reason="trop tard", by=player, now=CLOSED + timedelta(hours=48)
        )
    closed.season.contest_hours = 72
    closed.season.save()
    signatures.donne_contest(
        manche=closed, index=1, reason="à temps", by=player, now=CLOSED + timedelta(hours=48)
    )


def test_a_contest_needs_a_reason_and_an_existing_donne(closed, player):
    with pytest.raises(ValidationError, match="ce qui ne va pas"):
        signatures.donne_contest(manche=closed, index=1, reason="  ", by=player, now=CLOSED)
    with pytest.raises(ValidationError, match="n'existe pas"):
        signatures.donne_contest(manche=closed, index=9, reason="?", by=player, now=CLOSED)
    assert not DonneContest.objects.exists()


def test_corrected_means_the_donne_was_corrected_on_the_sheet(closed, capitaine, player, president):
    contest = signatures.donne_contest(manche=closed, index=1, reason="51 points", by=player, now=CLOSED)
    with pytest.raises(ValidationError, match="corrigez-la d'abord"):
        signatures.contest_rule(contest=contest, ruling="corrected", note="", by=president, now=CLOSED)
    fresh = Manche.objects.select_related("season").get(pk=closed.pk)
    donne_correct(
        manche=fresh,
        index=1,
        data=contract(capitaine, "garde", partner=player, bouts=2, points=51),
        by=president,
        seen_version=fresh.sheet_version,
        now=CLOSED,
    )
    signatures.contest_rule(contest=contest, ruling="corrected", note="51 points.", by=president, now=CLOSED)
    assert DonneContest.objects.get().ruling == "corrected"
    assert DonneContest.history.filter(history_user=president).exists()


def test_the_contest_page_offers_each_donne_and_names_a_missing_reason(manche, capitaine, player, client):
    """The form lists the sheet's donnes, the one asked for chosen; sent without a reason,
    it comes back saying so, and nothing is contested."""
    add(manche, capitaine, contract(capitaine, "garde", partner=player, bouts=2, points=49), now=NIGHT)
    add(manche, capitaine, contract(capitaine, "garde", partner=player, bouts=2, points=51), now=NIGHT)
    close(manche, capitaine, now=CLOSED)
    closed = Manche.objects.select_related("season").get(pk=manche.pk)
    url = reverse("league:donne_contest", args=[closed.season.name, closed.number])
    client.force_login(player)
    with time_machine.travel(CLOSED + timedelta(hours=1), tick=False):
        page = client.get(url, {"donne": 2}).content.decode()
        refused = client.post(url, {"index": 1, "reason": ""}).content.decode()
    assert re.findall(r'<option value="(\d+)"( selected)?', page) == [("1", ""), ("2", " selected")]
    assert "Motif" in refused and "Ce champ est obligatoire" in refused
    assert not DonneContest.objects.exists()


def test_after_the_period_the_sheet_is_no_longer_confirmed(closed, capitaine, player):
    """Confirmations are gathered while a donne may still be contested; then the result is official."""
    after = CLOSED + timedelta(hours=48)
    with pytest.raises(ValidationError, match="officiel"):
        signatures.sheet_sign(manche=closed, by=player, now=after)
    with pytest.raises(ValidationError, match="officiel"):
        signatures.table_signed(manche=closed, by=capitaine, now=after)
    assert not SheetSignature.objects.exists()


def test_a_closed_season_takes_no_confirmation_nor_contest_and_its_nights_are_official(
    closed, player, president
):
    season_close(by=president, season=closed.season, now=CLOSED + timedelta(hours=1))
    manche = Manche.objects.select_related("season").get(pk=closed.pk)
    with pytest.raises(ValidationError, match="officiel"):
        signatures.sheet_sign(manche=manche, by=player, now=CLOSED + timedelta(hours=2))
    with pytest.raises(ValidationError, match="délai de contestation"):
        signatures.donne_contest(
            manche=manche, index=1, reason="?", by=player, now=CLOSED + timedelta(hours=2)
        )
    assert night_signatures(manche).official(CLOSED + timedelta(hours=2))


def test_the_manche_page_asks_for_confirmations_only_while_they_may_come(closed, player, client):
    """During the period each seated player reads who has not confirmed yet, and has his button;
    after it, only who confirmed is listed; a manche of history (no close recorded) that
    nobody confirmed shows no section at all."""
    signatures.sheet_sign(manche=closed, by=player, now=CLOSED)
    url = closed.get_absolute_url()
    client.force_login(player)
    with time_machine.travel(CLOSED + timedelta(hours=1), tick=False):
        during = client.get(url).content.decode()
    with time_machine.travel(CLOSED + timedelta(hours=49), tick=False):
        after = client.get(url).content.decode()
    assert during.count("pas encore validée") == 4 and "Je valide la feuille" not in during  # he did
    assert "pas encore validée" not in after and "Anne" in after.split('id="signatures"')[1]
    SheetSignature.objects.all().delete()
    Manche.objects.filter(pk=closed.pk).update(closed_at=None)
    with time_machine.travel(CLOSED + timedelta(hours=1), tick=False):
        history = client.get(url).content.decode()
    assert 'id="signatures"' not in history and "Je valide la feuille" not in history

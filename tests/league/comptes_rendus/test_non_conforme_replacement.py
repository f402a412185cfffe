"""§5.5: a compte-rendu judged non conforme, the vainqueur's revision and the others' replacements.

anne wins manche 1 (ben, the President, sits at the table too); manche 2
starts two weeks later, which is also the deadline to react to a rejection.
"""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError

from tests.support.seasons import paris

START, NEXT = paris(2025, 10, 2, 21), paris(2025, 10, 16, 21)


@pytest.fixture
def manche(played, manche_at):
    m1 = played(1, START)
    manche_at(2, NEXT)
    return m1


@pytest.fixture
def rejected(manche, players, post, django_capture_on_commit_callbacks):
    """anne's compte-rendu, posted on 5 October and rejected by ben on the 6th."""
    from league.services.comptes_rendus import compte_rendu_reject

    cr = post(manche, players["anne"], paris(2025, 10, 5, 12))
    with django_capture_on_commit_callbacks(execute=True):
        compte_rendu_reject(
            compte_rendu=cr, judge=players["ben"], reason="Pas de classement.", now=paris(2025, 10, 6)
        )
    return cr


def accept(cr, judge, when):
    from league.services.comptes_rendus import compte_rendu_accept

    return compte_rendu_accept(compte_rendu=cr, judge=judge, now=when)


def test_rejection_records_its_time_reason_and_judge(rejected, players):
    rejected.refresh_from_db()
    assert (rejected.status, rejected.rejected_at, rejected.judged_by, rejected.reason) == (
        "rejected",
        paris(2025, 10, 6),
        players["ben"],
        "Pas de classement.",
    )


def test_rejection_needs_a_reason(manche, players, post):
    from league.services.comptes_rendus import compte_rendu_reject

    cr = post(manche, players["anne"], paris(2025, 10, 5))
    with pytest.raises(ValidationError) as caught:
        compte_rendu_reject(compte_rendu=cr, judge=players["ben"], reason="  ", now=paris(2025, 10, 6))
    assert "reason" in caught.value.error_dict
    cr.refresh_from_db()
    assert cr.status == "pending"


def test_rejection_notifies_every_participant_on_the_site_and_by_email(rejected, players):
    from league.models import SiteNotice

    seated = {"anne", "bruno", "carole", "denis"}  # and ben, who rejected it
    noticed = set(
        SiteNotice.objects.filter(text__contains="non conforme").values_list("recipient__username", flat=True)
    )
    assert noticed == seated
    assert {message.to[0] for message in mail.outbox if "non conforme" in message.subject} == {
        f"{u}@example.org" for u in seated
    }
    assert all("Pas de classement." in message.body for message in mail.outbox)
    to_anne = next(m for m in mail.outbox if m.to == ["anne@example.org"])
    assert "postez une version révisée avant le jeudi 16 octobre 2025, 21:00" in to_anne.body
    to_bruno = next(m for m in mail.outbox if m.to == ["bruno@example.org"])
    assert "bonus de 0,5 point" in to_bruno.body


def test_rejection_email_is_sent_even_to_members_who_turned_compte_rendu_emails_off(
    manche, players, post, django_capture_on_commit_callbacks
):
    from league.services.comptes_rendus import compte_rendu_reject

    players["bruno"].notify_comptes_rendus = False
    players["bruno"].save()
    cr = post(manche, players["anne"], paris(2025, 10, 5))
    with django_capture_on_commit_callbacks(execute=True):
        compte_rendu_reject(
            compte_rendu=cr, judge=players["ben"], reason="Trop court.", now=paris(2025, 10, 6)
        )
    assert "bruno@example.org" in {m.to[0] for m in mail.outbox}


def test_only_the_president_or_his_vice_president_judges(manche, players, post, season):
    from league.services.comptes_rendus import compte_rendu_accept

    cr = post(manche, players["anne"], paris(2025, 10, 5))
    with pytest.raises(PermissionDenied):
        compte_rendu_accept(compte_rendu=cr, judge=players["bruno"], now=paris(2025, 10, 6))
    season.vice_president = players["carole"]
    season.save()
    assert accept(cr, players["carole"], paris(2025, 10, 6)).status == "accepted"


def test_nobody_judges_his_own_compte_rendu(played, manche_at, players, post):
    from league.services.comptes_rendus import compte_rendu_accept

    m1 = played(1, START, winner="ben")
    cr = post(m1, players["ben"], paris(2025, 10, 5))
    with pytest.raises(ValidationError) as caught:
        compte_rendu_accept(compte_rendu=cr, judge=players["ben"], now=paris(2025, 10, 6))
    assert "judge" in caught.value.error_dict


def test_other_players_cannot_write_before_a_rejection(manche, players, post):
    with pytest.raises(ValidationError) as caught:
        post(manche, players["bruno"], paris(2025, 10, 5))
    assert "vainqueur" in caught.value.message_dict["author"][0]


def test_a_player_who_was_not_at_the_table_cannot_write(rejected, make_user, post, manche):
    with pytest.raises(ValidationError) as caught:
        post(manche, make_user("zoe"), paris(2025, 10, 7))
    assert "assis à la table" in caught.value.message_dict["author"][0]


def test_the_president_cannot_write_the_replacement(rejected, players, post, manche):
    with pytest.raises(ValidationError) as caught:
        post(manche, players["ben"], paris(2025, 10, 7))
    assert "Président" in caught.value.message_dict["author"][0]


def test_the_vice_president_who_judged_cannot_write_the_replacement(manche, players, post, season):
    from league.services.comptes_rendus import compte_rendu_reject

    season.vice_president = players["carole"]
    season.save()
    cr = post(manche, players["anne"], paris(2025, 10, 5))
    compte_rendu_reject(
        compte_rendu=cr, judge=players["carole"], reason="Hors sujet.", now=paris(2025, 10, 6)
    )
    with pytest.raises(ValidationError) as caught:
        post(manche, players["carole"], paris(2025, 10, 7))
    assert "Vice-Président" in caught.value.message_dict["author"][0]
    assert post(manche, players["bruno"], paris(2025, 10, 7)).author == players["bruno"]


def test_vainqueur_revision_accepted_first_avoids_the_malus(rejected, players, post, manche, adjustments):
    revision = post(manche, players["anne"], paris(2025, 10, 7, 10))
    replacement = post(manche, players["bruno"], paris(2025, 10, 7, 11))
    accept(replacement, players["ben"], paris(2025, 10, 8))
    accept(revision, players["ben"], paris(2025, 10, 8, 1))
    assert adjustments(paris(2025, 11, 1)) == []


def test_replacement_posted_first_and_accepted_wins_the_bonus(rejected, players, post, manche, adjustments):
    replacement = post(manche, players["bruno"], paris(2025, 10, 7, 10))
    revision = post(manche, players["anne"], paris(2025, 10, 7, 11))
    accept(revision, players["ben"], paris(2025, 10, 8))
    accept(replacement, players["ben"], paris(2025, 10, 8, 1))
    assert adjustments(paris(2025, 11, 1)) == [
        ("anne", "cr_non_conforme", Decimal("-0.5"), 1),
        ("bruno", "cr_remplacement", Decimal("0.5"), 1),
    ]


def test_two_replacements_the_first_posted_and_accepted_wins(rejected, players, post, manche, adjustments):
    first = post(manche, players["carole"], paris(2025, 10, 7, 10))
    second = post(manche, players["bruno"], paris(2025, 10, 7, 10, 0, 1))
    accept(second, players["ben"], paris(2025, 10, 8))
    with pytest.raises(ValidationError):  # the matter is settled: no more posts
        post(manche, players["denis"], paris(2025, 10, 9))
    accept(first, players["ben"], paris(2025, 10, 9))
    assert adjustments(paris(2025, 11, 1)) == [
        ("anne", "cr_non_conforme", Decimal("-0.5"), 1),
        ("carole", "cr_remplacement", Decimal("0.5"), 1),
    ]


def test_revision_after_the_deadline_comes_too_late(rejected, players, post, manche, adjustments):
    revision = post(manche, players["anne"], paris(2025, 10, 16, 21, 0, 1))
    accept(revision, players["ben"], paris(2025, 10, 17))
    assert adjustments(paris(2025, 11, 1)) == [("anne", "cr_non_conforme", Decimal("-0.5"), 1)]


def test_no_reaction_at_all_costs_the_malus_at_the_deadline(rejected, adjustments):
    assert adjustments(paris(2025, 10, 16, 20, 59)) == []
    assert adjustments(paris(2025, 10, 16, 21)) == [("anne", "cr_non_conforme", Decimal("-0.5"), 1)]


def test_a_replacement_cannot_predate_the_rejection(manche, players, post):
    from league.services.comptes_rendus import compte_rendu_reject

    cr = post(manche, players["anne"], paris(2025, 10, 5))
    compte_rendu_reject(compte_rendu=cr, judge=players["ben"], reason="Non.", now=paris(2025, 10, 6, 12))
    # A post stamped before the rejection (the writer started before the lock was free) is refused.
    with pytest.raises(ValidationError):
        post(manche, players["bruno"], paris(2025, 10, 6, 11))


def test_a_second_pending_compte_rendu_is_refused(manche, players, post):
    post(manche, players["anne"], paris(2025, 10, 5))
    with pytest.raises(ValidationError) as caught:
        post(manche, players["anne"], paris(2025, 10, 5, 1))
    assert "modifiez-le" in caught.value.message_dict["author"][0]


def test_a_judged_compte_rendu_cannot_be_judged_again(rejected, players):
    with pytest.raises(ValidationError) as caught:
        accept(rejected, players["ben"], paris(2025, 10, 7))
    assert "status" in caught.value.error_dict


def test_every_compte_rendu_write_bumps_the_season_revision(manche, players, post, season):
    from league.services.comptes_rendus import compte_rendu_edit

    revisions = [season.revision]
    cr = post(manche, players["anne"], paris(2025, 10, 5))
    season.refresh_from_db()
    revisions.append(season.revision)
    compte_rendu_edit(
        compte_rendu=cr, user=players["anne"], title="Corrigé", text="Mieux.", now=paris(2025, 10, 5, 1)
    )
    season.refresh_from_db()
    revisions.append(season.revision)
    accept(cr, players["ben"], paris(2025, 10, 6))
    season.refresh_from_db()
    revisions.append(season.revision)
    assert revisions == sorted(set(revisions)) and len(revisions) == 4


def test_the_write_permission_follows_the_rules(manche, players, rejected):
    from django.utils import timezone

    from league.permissions import Action, can
    from league.selectors.comptes_rendus import manche_comptes_rendus

    # After the rejection: the vainqueur and the other players may write, not the President.
    situation = manche_comptes_rendus(manche, now=timezone.now())
    assert [can(players[u], Action.WRITE_COMPTE_RENDU, situation) for u in ("anne", "bruno", "ben")] == [
        True,
        True,
        False,
    ]


def _malus_mails(when, django_capture_on_commit_callbacks):
    """Run the deadline sweep at ``when``; the malus emails it sent, by recipient."""
    import time_machine

    from league.tasks import sweep_compte_rendu_deadlines

    before = len(mail.outbox)
    with time_machine.travel(when, tick=False), django_capture_on_commit_callbacks(execute=True):
        sweep_compte_rendu_deadlines.delay()
    return {m.to[0].split("@")[0]: m for m in mail.outbox[before:] if "malus" in m.subject}


def test_a_replacement_accepted_before_the_revision_is_what_the_vainqueurs_email_says(
    rejected, players, post, manche, django_capture_on_commit_callbacks
):
    """ "As soon as another participant's compte-rendu is accepted" (rulings
    §5.5) the vainqueur scores −0.5: his email says a replacement was accepted
    before his revision, not that he failed to revise in time (his deadline is
    eight days away); the President gets his own notice, in the third person,
    signed by the site."""
    replacement = post(manche, players["bruno"], paris(2025, 10, 7, 10))
    accept(replacement, players["ben"], paris(2025, 10, 8))
    sent = _malus_mails(paris(2025, 10, 8, 0, 15), django_capture_on_commit_callbacks)
    assert set(sent) == {"anne", "ben"}
    to_anne, to_ben = sent["anne"].body, sent["ben"].body
    assert "a été remplacé" in to_anne and "accepté avant votre révision" in to_anne
    assert "révisé à temps" not in to_anne
    assert "Bonjour Benoît" in to_ben and "accepté avant sa révision" in to_ben
    assert "Votre compte-rendu" not in to_ben and "Le Président" not in to_ben


def test_no_revision_by_the_deadline_is_what_the_vainqueurs_email_says(
    rejected, players, manche, django_capture_on_commit_callbacks
):
    """ "Otherwise he scores −0.5 … as soon as … D is reached": the email says
    the revision did not come in time; the President is told, not sent the vainqueur's email."""
    sent = _malus_mails(NEXT + timedelta(minutes=15), django_capture_on_commit_callbacks)
    assert set(sent) == {"anne", "ben"}
    assert "n'a pas été révisé à temps : le règlement vous inflige" in sent["anne"].body
    assert "Votre compte-rendu" not in sent["ben"].body

"""The deadline sweep (every 15 minutes): reminders and notices, each sent exactly once.

anne wins manche 1 (2 October 2025, 21:00); manche 2 starts on Thursday 16
October at 21:00, manche 3 on the 30th. ben presides the season. The sweep is
the Celery task, run eagerly at the instant given (time-machine).
"""

from datetime import timedelta

import pytest
import time_machine
from django.core import mail

from tests.support.seasons import paris

DEADLINE = paris(2025, 10, 16, 21)


@pytest.fixture
def manche(played, manche_at):
    m1 = played(1, paris(2025, 10, 2, 21))
    manche_at(2, DEADLINE)
    manche_at(3, paris(2025, 10, 30, 21))
    return m1


@pytest.fixture
def sweep(django_capture_on_commit_callbacks):
    """Run the sweep task at ``when``; the subjects of the emails it sent."""
    from league.tasks import sweep_compte_rendu_deadlines

    def run(when):
        before = len(mail.outbox)
        with time_machine.travel(when, tick=False), django_capture_on_commit_callbacks(execute=True):
            sweep_compte_rendu_deadlines.delay()
        return sorted((m.to[0].split("@")[0], m.subject) for m in mail.outbox[before:])

    return run


def test_nothing_is_due_long_before_the_deadline(manche, sweep):
    assert sweep(paris(2025, 10, 10)) == []


def test_reminder_48_hours_before_the_deadline_goes_once(manche, sweep):
    assert sweep(DEADLINE - timedelta(hours=48, seconds=1)) == []
    sent = sweep(DEADLINE - timedelta(hours=48))
    assert sent == [("anne", "Manche 1 : votre compte-rendu est attendu avant jeudi 16 octobre, 21:00")]
    assert sweep(DEADLINE - timedelta(hours=47, minutes=45)) == []


def test_reminder_on_the_morning_of_the_deadline_at_8_paris_time(manche, sweep):
    sweep(DEADLINE - timedelta(hours=48))
    assert sweep(paris(2025, 10, 16, 7, 59)) == []
    assert sweep(paris(2025, 10, 16, 8)) == [
        ("anne", "Manche 1 : dernier jour pour le compte-rendu, avant 21:00")
    ]
    assert sweep(paris(2025, 10, 16, 8, 15)) == []


def test_late_sweep_on_the_morning_sends_only_the_morning_reminder(manche, sweep):
    assert [s for _, s in sweep(paris(2025, 10, 16, 10))] == [
        "Manche 1 : dernier jour pour le compte-rendu, avant 21:00"
    ]


def test_no_reminder_once_the_compte_rendu_is_posted(manche, players, post, sweep):
    post(manche, players["anne"], paris(2025, 10, 10))
    mail.outbox.clear()
    assert sweep(DEADLINE - timedelta(hours=47)) == []
    assert sweep(paris(2025, 10, 16, 8)) == []
    assert sweep(DEADLINE + timedelta(days=1)) == []


def test_deadline_passed_notices_the_vainqueur_and_the_president_once(manche, sweep):
    sent = sweep(DEADLINE)
    assert sent == [
        ("anne", "Manche 1 : compte-rendu en retard, 0,5 point de malus"),
        ("ben", "Manche 1 : compte-rendu en retard (Anne), 0,5 point de malus"),
    ]
    assert sweep(DEADLINE + timedelta(minutes=15)) == []


def test_each_further_manche_brings_another_notice(manche, sweep):
    sweep(DEADLINE)
    assert [who for who, _ in sweep(paris(2025, 10, 30, 21))] == ["anne", "ben"]


def test_sweep_after_days_down_sends_each_missed_notice_once(manche, sweep):
    from league.models import SentNotification

    sent = sweep(paris(2025, 11, 2))
    assert [who for who, _ in sent] == ["anne", "anne", "ben", "ben"]
    assert SentNotification.objects.filter(key__contains="deadline-passed").count() == 4
    assert sweep(paris(2025, 11, 2, 0, 15)) == []


def test_sweep_run_twice_sends_one_email_per_notification(manche, sweep):
    from league.models import SentNotification, SiteNotice

    first = sweep(DEADLINE)
    second = sweep(DEADLINE)
    assert len(first) == 2 and second == []
    assert SiteNotice.objects.count() == SentNotification.objects.count() == 2


def test_keys_name_the_manche_the_member_and_the_deadline(manche, players, sweep):
    from league.models import SentNotification

    sweep(DEADLINE)
    anne = players["anne"]
    assert SentNotification.objects.filter(
        key=f"cr:{manche.pk}:{anne.pk}:deadline-passed:2025-10-16T19:00:00+00:00", recipient=anne
    ).exists()


def test_members_who_turned_deadline_emails_off_get_the_site_notice_only(manche, players, sweep):
    from league.models import SiteNotice

    players["anne"].notify_deadlines = False
    players["anne"].save()
    assert sweep(DEADLINE - timedelta(hours=47)) == []
    assert SiteNotice.objects.filter(recipient=players["anne"]).count() == 1


def test_moved_manche_gets_reminders_for_its_new_deadline(manche, season, sweep):
    from league.models import Manche
    from league.services.revision import invalidate

    sweep(DEADLINE - timedelta(hours=47))
    m2 = Manche.objects.get(season=season, number=2)
    m2.starts_at = paris(2025, 10, 23, 21)
    m2.save()
    invalidate(season)
    assert sweep(DEADLINE) == []  # the old deadline is no deadline any more
    assert [s for _, s in sweep(paris(2025, 10, 21, 21))] == [
        "Manche 1 : votre compte-rendu est attendu avant jeudi 23 octobre, 21:00"
    ]


def test_last_manche_morning_reminder_on_the_march_dst_sunday(played, sweep):
    # An extra manche on Sunday 15 March 2026 is the last: its deadline is Sunday 29 March
    # at 21:00, the day the clocks go forward; that morning's 08:00 is 06:00 UTC.
    played(1, paris(2026, 3, 15, 21))
    assert sweep(paris(2026, 3, 29, 7, 59)) == [
        ("anne", "Manche 1 : votre compte-rendu est attendu avant dimanche 29 mars, 21:00")
    ]
    assert sweep(paris(2026, 3, 29, 8)) == [
        ("anne", "Manche 1 : dernier jour pour le compte-rendu, avant 21:00")
    ]
    assert [s for _, s in sweep(paris(2026, 3, 29, 21))][
        0
    ] == "Manche 1 : compte-rendu en retard, 0,5 point de malus"


def test_rejection_revision_reminder_and_missed_revision_notice(manche, players, post, sweep):
    from league.services.comptes_rendus import compte_rendu_reject

    cr = post(manche, players["anne"], paris(2025, 10, 5))
    compte_rendu_reject(compte_rendu=cr, judge=players["ben"], reason="Trop court.", now=paris(2025, 10, 6))
    sweep(paris(2025, 10, 6, 0, 15))  # the rejection notices (sent by the sweep if the service's were lost)
    assert sweep(DEADLINE - timedelta(hours=47)) == [
        ("anne", "Manche 1 : révision du compte-rendu attendue avant jeudi 16 octobre, 21:00")
    ]
    assert sweep(DEADLINE) == [
        ("anne", "Manche 1 : compte-rendu non conforme, 0,5 point de malus"),
        ("ben", "Manche 1 : compte-rendu non conforme (Anne), 0,5 point de malus"),
    ]


def test_sweep_sends_judgement_notices_the_service_did_not(manche, players, sweep):
    from league.models import CompteRendu

    # A rejection recorded without notices (by the admin, say): the sweep sends them.
    CompteRendu.objects.create(
        manche=manche,
        author=players["anne"],
        title="Court",
        text="x",
        posted_at=paris(2025, 10, 5),
        status="rejected",
        judged_at=paris(2025, 10, 6),
        rejected_at=paris(2025, 10, 6),
        reason="Trop court.",
    )
    sent = sweep(paris(2025, 10, 6, 0, 15))
    assert sorted(who for who, _ in sent) == ["anne", "ben", "bruno", "carole", "denis"]
    assert sweep(paris(2025, 10, 6, 0, 30)) == []


def test_old_history_gets_no_notice(played, manche_at, sweep):
    played(1, paris(2025, 1, 2, 21))
    manche_at(2, paris(2025, 1, 16, 21))
    assert sweep(paris(2025, 10, 1)) == []


def test_closed_seasons_are_left_alone(manche, season, sweep):
    season.state = season.State.CLOSED
    season.save()
    assert sweep(DEADLINE) == []


def test_emails_read_in_french_with_a_link_to_write(manche, sweep):
    sweep(DEADLINE - timedelta(hours=47))
    message = mail.outbox[-1]
    assert message.body.startswith("Bonjour Anne,")
    assert "avant le jeudi 16 octobre 2025 à 21:00" in message.body
    assert "http://" in message.body and "/compte-rendu/ecrire/" in message.body
    html = message.alternatives[0][0]
    assert "<strong>avant le jeudi 16 octobre 2025 à 21:00</strong>" in html


def test_names_with_apostrophes_read_as_typed_in_subjects_and_notices(manche, players, sweep):
    from league.models import SiteNotice

    players["anne"].display_name = "Anne-Lou d'Arc"
    players["anne"].save()
    sent = sweep(DEADLINE)
    assert ("ben", "Manche 1 : compte-rendu en retard (Anne-Lou d'Arc), 0,5 point de malus") in sent
    assert SiteNotice.objects.filter(text__contains="d'Arc").count() == 1

"""Concurrency on PostgreSQL: sweeps running at the same instant, judgements and replacements racing.

Each thread has its own database connection, like two Celery workers or two
web requests; rows are committed (``transaction=True``) so each sees the others'.
"""

import pytest
from django.core import mail
from django.core.exceptions import ValidationError

from tests.support.concurrency import race
from tests.support.seasons import paris

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

DEADLINE = paris(2025, 10, 16, 21)


@pytest.fixture
def manche(played, manche_at):
    m1 = played(1, paris(2025, 10, 2, 21))
    manche_at(2, DEADLINE)
    return m1


def test_concurrent_sweeps_send_one_email_per_notification(manche):
    from league.models import SentNotification, SiteNotice
    from league.services.comptes_rendus import deadline_sweep

    results = race(*[lambda: deadline_sweep(now=DEADLINE)] * 6)
    assert all(isinstance(r, int) for r in results), results
    assert sum(results) == 2  # the late notice to anne and to ben, each claimed by one sweep
    assert SentNotification.objects.count() == SiteNotice.objects.count() == 2
    assert sorted(m.to[0] for m in mail.outbox) == ["anne@example.org", "ben@example.org"]


def test_a_compte_rendu_is_judged_once_when_two_officers_click_together(manche, players, post, season):
    from league.models import CompteRendu
    from league.services.comptes_rendus import compte_rendu_accept, compte_rendu_reject

    season.vice_president = players["carole"]
    season.save()
    cr = post(manche, players["anne"], paris(2025, 10, 5))
    results = race(
        lambda: compte_rendu_accept(compte_rendu=cr, judge=players["ben"], now=paris(2025, 10, 6)),
        lambda: compte_rendu_reject(
            compte_rendu=cr, judge=players["carole"], reason="Trop court.", now=paris(2025, 10, 6)
        ),
    )
    assert sum(isinstance(r, ValidationError) for r in results) == 1
    cr.refresh_from_db()
    winner = next(r for r in results if isinstance(r, CompteRendu))
    assert cr.status == winner.status


def test_a_replacement_racing_the_rejection_never_predates_it(manche, players, post):
    from league.models import CompteRendu
    from league.services.comptes_rendus import compte_rendu_post, compte_rendu_reject

    cr = post(manche, players["anne"], paris(2025, 10, 5))
    results = race(
        lambda: compte_rendu_reject(
            compte_rendu=cr, judge=players["ben"], reason="Hors sujet.", now=paris(2025, 10, 6, 12)
        ),
        lambda: compte_rendu_post(
            manche=manche,
            author=players["bruno"],
            title="Remplacement",
            text="Voici.",
            now=paris(2025, 10, 6, 12, 0, 1),
        ),
    )
    assert isinstance(results[0], CompteRendu)
    cr.refresh_from_db()
    replacements = CompteRendu.objects.filter(author=players["bruno"])
    # Either the post came first and was refused (no rejection yet), or it came after and counts.
    assert isinstance(results[1], ValidationError) == (not replacements.exists())
    assert all(r.posted_at > cr.rejected_at for r in replacements)


def test_revision_and_replacement_racing_are_settled_by_their_posting_times(
    manche, players, post, adjustments
):
    from league.services.comptes_rendus import compte_rendu_accept, compte_rendu_post, compte_rendu_reject

    cr = post(manche, players["anne"], paris(2025, 10, 5))
    compte_rendu_reject(compte_rendu=cr, judge=players["ben"], reason="Non.", now=paris(2025, 10, 6))
    revision_at, replacement_at = paris(2025, 10, 7, 10, 0, 0), paris(2025, 10, 7, 10, 0, 1)
    results = race(
        lambda: compte_rendu_post(
            manche=manche, author=players["anne"], title="Révision", text="Mieux.", now=revision_at
        ),
        lambda: compte_rendu_post(
            manche=manche, author=players["bruno"], title="Remplacement", text="Voici.", now=replacement_at
        ),
    )
    revision, replacement = results

    def accept(cr):
        return compte_rendu_accept(compte_rendu=cr, judge=players["ben"], now=paris(2025, 10, 8))

    race(lambda: accept(replacement), lambda: accept(revision))
    # Accepted in whatever order, the revision was posted first: the vainqueur reacted in time.
    assert adjustments(paris(2025, 11, 1)) == []
    assert revision.posted_at < replacement.posted_at

"""A compte-rendu without a title (an imported one: the site's form asks for one) is named by its
manche in the emails about it, never by « »."""

import pytest
from django.core import mail

from league.services.comptes_rendus import compte_rendu_accept, compte_rendu_reject
from tests.support.seasons import paris

pytestmark = pytest.mark.django_db

NIGHT = paris(2025, 10, 2, 21)


def bodies() -> list[str]:
    return [m.body for m in mail.outbox] + [m.alternatives[0][0] for m in mail.outbox if m.alternatives]


@pytest.fixture
def untitled(played, players, post):
    """Anne's compte-rendu of manche 1, as an import leaves it: no title, no heading."""
    from league.models import CompteRendu

    cr = post(played(1, NIGHT), players["anne"], paris(2025, 10, 3, 10), text="Une soirée sans titre.")
    CompteRendu.objects.filter(pk=cr.pk).update(title="")
    cr.refresh_from_db()
    return cr


def test_the_non_conforme_email_of_an_untitled_compte_rendu_has_no_empty_quotes(
    untitled, players, django_capture_on_commit_callbacks
):
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        compte_rendu_reject(
            compte_rendu=untitled,
            judge=players["ben"],
            reason="Il manque le classement.",
            now=paris(2025, 10, 4),
        )
    assert len(mail.outbox) == 4
    assert all("«" not in body for body in bodies())
    texts = " ".join(m.body for m in mail.outbox)
    assert "Le Président a jugé votre compte-rendu de la manche 1 (2025-2026) non conforme." in texts
    assert (
        "Le Président a jugé non conforme le compte-rendu de la manche 1 (2025-2026) écrit par Anne." in texts
    )


def test_the_accepted_email_of_an_untitled_compte_rendu_has_no_empty_quotes(
    untitled, players, django_capture_on_commit_callbacks
):
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        compte_rendu_accept(compte_rendu=untitled, judge=players["ben"], now=paris(2025, 10, 4))
    assert mail.outbox
    assert all("«" not in body for body in bodies())
    assert (
        "Le Président a accepté votre compte-rendu de la manche 1 (2025-2026). Merci" in mail.outbox[0].body
    )


def test_a_titled_compte_rendu_is_still_quoted(played, players, post, django_capture_on_commit_callbacks):
    manche = played(1, NIGHT)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        post(manche, players["anne"], paris(2025, 10, 3, 10), title="Une belle soirée")
    assert "« Une belle soirée »" in mail.outbox[0].body

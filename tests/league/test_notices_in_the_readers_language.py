"""A site notice reads in the member's language: it is left in every language of the site."""

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from league.models import SiteNotice
from league.notifications import notify

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


def leave_notice(player, manche) -> None:
    notify(
        user=player,
        key=f"test:{manche.pk}:{player.pk}",
        template="cr_accepted",
        context={"manche": manche, "is_author": True},
        url=manche.get_absolute_url(),
        now=timezone.now(),
    )


@pytest.mark.parametrize(
    ("language", "shown", "not_shown"),
    [
        ("fr", "votre compte-rendu est accepté", "your compte-rendu"),
        ("en", "your compte-rendu", "votre compte-rendu est accepté"),
    ],
)
def test_a_notice_reads_in_the_readers_language(client, player, open_manche, language, shown, not_shown):
    leave_notice(player, open_manche)
    client.force_login(player)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    body = client.get(reverse("league:notices")).content.decode()
    assert shown in body.lower()
    assert not_shown not in body.lower()


def test_a_notice_keeps_the_clubs_language_as_its_text(player, open_manche):
    leave_notice(player, open_manche)
    notice = SiteNotice.objects.get(recipient=player)
    assert notice.text == notice.texts[settings.LANGUAGE_CODE]
    assert set(notice.texts) == {code for code, _name in settings.LANGUAGES}


def test_each_languages_subject_is_rendered_once(player, open_manche, monkeypatch):
    """The email's subject is the notice's text in the club's language, not a second rendering."""
    from accounts import emails
    from league import notifications

    rendered = []
    render_subject = emails.render_subject

    def counted(name, context, language):
        rendered.append(language)
        return render_subject(name, context, language)

    for module in (emails, notifications):
        monkeypatch.setattr(module, "render_subject", counted, raising=False)
    leave_notice(player, open_manche)
    assert sorted(rendered) == sorted(code for code, _name in settings.LANGUAGES)


@pytest.mark.parametrize(
    ("language", "shown", "not_shown"),
    [
        ("fr", "Manche 1 clôturée : validez la feuille", "confirm the sheet"),
        ("en", "Manche 1 closed: confirm the sheet", "validez la feuille"),
    ],
)
def test_the_tables_notice_to_confirm_the_sheet_reads_in_the_readers_language(
    client, manche, player, language, shown, not_shown
):
    """The notice asking the table to confirm the closed sheet is written in each language,
    its subject too (it was written once, in French, for every language)."""
    from league.services.signatures import ask_to_sign

    ask_to_sign(manche=manche, now=timezone.now())
    client.force_login(player)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    body = client.get(reverse("league:notices")).content.decode()
    assert shown.lower() in body.lower()
    assert not_shown.lower() not in body.lower()

"""The comptes-rendus in the site: writing, reading, judging, commenting, deadlines and notices."""

import re

import pytest
import time_machine
from django.core import mail
from django.urls import reverse

from tests.support.seasons import paris

START, NEXT = paris(2025, 10, 2, 21), paris(2025, 10, 16, 21)
DURING = paris(2025, 10, 5, 18)


@pytest.fixture
def manche(played, manche_at):
    m1 = played(1, START)
    manche_at(2, NEXT)
    return m1


@pytest.fixture(autouse=True)
def _on_the_5th():
    with time_machine.travel(DURING, tick=False):
        yield


def write_url(manche):
    return reverse("league:cr_write", args=[manche.season.name, manche.number])


def manche_url(manche):
    return reverse("league:manche_detail", args=[manche.season.name, manche.number])


def listed_titles(response) -> list[str]:
    """The titles of the comptes-rendus the season's list shows, in its order."""
    return re.findall(r'<h3 class="h6 mb-1"><a href="[^"]+">([^<]*)</a>', response.content.decode())


def test_write_form_is_prefilled_with_the_ranking_table(client, manche, players):
    client.force_login(players["anne"])
    response = client.get(write_url(manche))
    assert response.status_code == 200
    text = response.context["form"].initial["text"]
    assert "| 1 | Anne | +300 | 3 |" in text
    assert "| 5 | Denis | \u2212250 | \u22121 |" in text
    assert "Manche 1" in response.context["form"].initial["title"]


def test_vainqueur_posts_and_the_manche_page_shows_it_with_author_and_state(
    client, manche, players, django_capture_on_commit_callbacks
):
    from league.models import CompteRendu

    client.force_login(players["anne"])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(write_url(manche), {"title": "Soirée mousse", "text": "**Super** ambiance"})
    assert response.status_code == 302
    cr = CompteRendu.objects.get()
    assert (cr.author, cr.posted_at, cr.status) == (players["anne"], DURING, "pending")
    page = client.get(manche_url(manche)).content.decode()
    assert "Soirée mousse" in page and "<strong>Super</strong>" in page
    assert "Par Anne" in page and "En attente de validation" in page
    # The President is told there is a compte-rendu to judge.
    assert [m.to for m in mail.outbox] == [["ben@example.org"]]
    assert "attend votre jugement" in mail.outbox[0].subject


def test_other_players_are_refused_the_write_page_with_the_reason(client, manche, players):
    client.force_login(players["bruno"])
    response = client.get(write_url(manche), follow=True)
    assert response.redirect_chain[-1][0].startswith(manche_url(manche))
    assert "revient au vainqueur" in response.content.decode()


def test_anonymous_visitors_are_sent_to_sign_in(client, manche):
    response = client.get(write_url(manche))
    assert response.status_code == 302 and reverse("accounts:login") in response["Location"]


def test_preview_renders_sanitised_markdown_for_htmx(client, players):
    client.force_login(players["anne"])
    response = client.post(
        reverse("league:cr_preview"), {"text": "*ok* <script>alert(1)</script>"}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert "<em>ok</em>" in html and "<script" not in html


def test_manche_page_shows_the_open_deadline_with_a_countdown(client, manche, players):
    page = client.get(manche_url(manche)).content.decode()
    assert 'class="countdown' in page
    assert 'datetime="2025-10-16T21:00:00+02:00"' in page
    assert "Attendu" in page


def test_cr_list_shows_every_open_deadline_and_the_comptes_rendus_newest_first(
    client, manche, played, players, post
):
    m3 = played(3, paris(2025, 9, 18, 21), winner="bruno")
    post(m3, players["bruno"], paris(2025, 9, 20))
    post(manche, players["anne"], paris(2025, 10, 4), title="Le plus récent")
    response = client.get(reverse("league:cr_list", args=[manche.season.name]))
    assert response.status_code == 200
    assert listed_titles(response) == ["Le plus récent", "Une belle soirée"]
    assert response.context["open_deadlines"] == []  # both vainqueurs posted


def test_cr_list_is_paginated(client, manche, players, post, season):
    from league.models import CompteRendu

    for day in range(12):
        CompteRendu.objects.create(
            manche=manche,
            author=players["anne"],
            title=f"CR {day}",
            text="x",
            posted_at=paris(2025, 10, 3, day),
        )
    url = reverse("league:cr_list", args=[season.name])
    first = client.get(url)
    second = client.get(url + "?page=2")
    assert listed_titles(first)[:2] == ["CR 11", "CR 10"]
    assert len(listed_titles(first)) == 10 and len(listed_titles(second)) == 2


def test_cr_current_redirects_to_the_season_in_progress(client, season):
    response = client.get(reverse("league:cr_current"))
    assert response["Location"] == reverse("league:cr_list", args=[season.name])


def test_cr_list_lists_open_deadlines(client, manche, season):
    response = client.get(reverse("league:cr_list", args=[season.name]))
    assert [deadline for _line, deadline in response.context["open_deadlines"]] == [NEXT]
    assert f'href="{manche_url(manche)}#compte-rendu">Manche 1</a>' in response.content.decode()


def test_president_rejects_with_a_reason_through_the_page(
    client, manche, players, post, django_capture_on_commit_callbacks
):
    cr = post(manche, players["anne"], paris(2025, 10, 4))
    client.force_login(players["ben"])
    url = reverse("league:cr_judge", args=[manche.season.name, cr.pk])
    client.post(url, {"decision": "reject", "reason": ""})
    cr.refresh_from_db()
    assert cr.status == "pending"  # a reason is required
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"decision": "reject", "reason": "Il manque le classement."})
    cr.refresh_from_db()
    assert (cr.status, cr.rejected_at) == ("rejected", DURING)
    assert len([m for m in mail.outbox if "non conforme" in m.subject]) == 4  # every player but the judge


def test_a_non_conforme_judgement_without_its_reason_is_shown_again_with_the_rule_at_the_reason(
    client, manche, players, post
):
    from django.contrib.messages import get_messages

    from league.models import SiteNotice

    cr = post(manche, players["anne"], paris(2025, 10, 4))
    client.force_login(players["ben"])
    url = reverse("league:cr_judge", args=[manche.season.name, cr.pk])
    response = client.post(url, {"decision": "reject", "reason": "  "})
    assert response.status_code == 200
    assert response.context["judge_form"]["decision"].value() == "reject"
    page = response.content.decode()
    assert re.search(r'<input type="radio"[^>]* name="decision" value="reject"[^>]*\bchecked\b', page)
    reason = re.search(r'<div id="div_id_reason".*?</div>\s*</div>', page, re.S).group(0)
    assert 'aria-invalid="true"' in reason or "is-invalid" in reason
    assert "Un compte-rendu jugé non conforme demande un motif" in reason
    assert list(get_messages(response.wsgi_request)) == []  # at its field, not in a banner
    assert f'action="{url}#juger"' in page  # the page opens at the form
    cr.refresh_from_db()
    assert (cr.status, cr.judged_by, cr.reason) == ("pending", None, "")
    assert not SiteNotice.objects.filter(text__contains="non conforme").exists()
    assert [m for m in mail.outbox if "non conforme" in m.subject] == []


def test_players_cannot_judge(client, manche, players, post):
    cr = post(manche, players["anne"], paris(2025, 10, 4))
    client.force_login(players["bruno"])
    response = client.post(
        reverse("league:cr_judge", args=[manche.season.name, cr.pk]), {"decision": "accept"}
    )
    assert response.status_code == 403
    cr.refresh_from_db()
    assert cr.status == "pending"


def test_signed_in_readers_comment(client, manche, players, post):
    cr = post(manche, players["anne"], paris(2025, 10, 4))
    url = reverse("league:cr_comment", args=[manche.season.name, cr.pk])
    assert client.post(url, {"text": "Anonyme"}).status_code == 302
    assert cr.comments.count() == 0
    client.force_login(players["denis"])
    client.post(url, {"text": "Bravo <img src=x onerror=alert(1)>"})
    page = client.get(reverse("league:cr_detail", args=[manche.season.name, cr.pk])).content.decode()
    assert "Bravo" in page and "onerror" not in page
    assert cr.comments.get().author == players["denis"]


def test_author_edits_his_pending_compte_rendu_keeping_its_time(client, manche, players, post):
    cr = post(manche, players["anne"], paris(2025, 10, 4))
    client.force_login(players["anne"])
    client.post(
        reverse("league:cr_edit", args=[manche.season.name, cr.pk]), {"title": "Nouveau", "text": "Texte"}
    )
    cr.refresh_from_db()
    assert (cr.title, cr.posted_at) == ("Nouveau", paris(2025, 10, 4))


def test_home_snippet_lists_the_vainqueurs_open_deadlines(rf, manche, players):
    from django.template.loader import render_to_string

    from league.selectors.comptes_rendus import my_open_deadlines

    mine = my_open_deadlines(players["anne"], DURING)
    assert [(d.number, d.open_deadline.deadline, d.pending) for d in mine] == [(1, NEXT, False)]
    assert my_open_deadlines(players["bruno"], DURING) == []
    request = rf.get("/")
    request.user = players["anne"]
    html = render_to_string(
        "league/comptes_rendus/_my_deadlines.html", {"my_deadlines": mine}, request=request
    )
    assert write_url(manche) in html and "countdown" in html


def test_notices_list_and_mark_read(client, manche, players, post, django_capture_on_commit_callbacks):
    from league.models import SiteNotice

    with django_capture_on_commit_callbacks(execute=True):
        post(manche, players["anne"], paris(2025, 10, 4))
    client.force_login(players["ben"])
    response = client.get(reverse("league:notices"))
    notice = response.context["page"][0]
    assert "attend votre jugement" in notice.text
    response = client.post(reverse("league:notice_read", args=[notice.pk]), {"follow": "1"})
    assert response["Location"] == notice.url
    assert SiteNotice.objects.get(pk=notice.pk).read_at == DURING


def test_a_member_cannot_mark_someone_elses_notice(client, manche, players, post):
    from league.models import SiteNotice

    post(manche, players["anne"], paris(2025, 10, 4))
    notice = SiteNotice.objects.get(recipient=players["ben"])
    client.force_login(players["bruno"])
    assert client.post(reverse("league:notice_read", args=[notice.pk])).status_code == 404
    assert SiteNotice.objects.get(pk=notice.pk).read_at is None


def test_the_vainqueur_sees_his_deadline_on_the_home_page(client, manche, players):
    client.force_login(players["anne"])
    page = client.get(reverse("home")).content.decode()
    assert "Vos comptes-rendus à écrire" in page and write_url(manche) in page
    client.force_login(players["bruno"])
    assert "Vos comptes-rendus à écrire" not in client.get(reverse("home")).content.decode()


def test_the_menu_counts_unread_notices(client, manche, players, post):
    post(manche, players["anne"], paris(2025, 10, 4))
    client.force_login(players["ben"])
    page = client.get(reverse("league:cr_list", args=[manche.season.name])).content.decode()
    assert reverse("league:notices") in page and '<span class="badge rounded-pill text-bg-warning">1' in page


def test_a_compte_rendu_without_a_title_takes_its_opening_heading_or_its_manche(client, manche, players):
    """No "Sans titre": an imported compte-rendu opening with "## Manche 1" is listed as "Manche 1"."""
    from league.models import CompteRendu

    CompteRendu.objects.create(
        manche=manche,
        author=players["anne"],
        title="",
        text="## Une soirée mémorable\n\nAmbiance **excellente**.\n\n**Classement**\n\n1. Anne",
        posted_at=paris(2025, 10, 3, 10),
    )
    CompteRendu.objects.create(
        manche=manche, author=players["anne"], title="", text="Trois lignes.", posted_at=paris(2025, 10, 3, 9)
    )
    html = client.get(reverse("league:cr_list", args=[manche.season.name])).content.decode()
    assert "Sans titre" not in html
    assert ">Une soirée mémorable</a>" in html and ">Compte-rendu de la manche 1</a>" in html
    # The excerpt keeps its blocks apart and does not repeat the heading used as the title.
    assert "Ambiance excellente. Classement Anne" in html
    assert "mémorableAmbiance" not in html and "ClassementAnne" not in html

"""What members type (names, comptes-rendus, reasons, citations, comments…) never runs in a reader's browser.

For each field, every payload of ``xss_payloads.txt`` is stored and every
page that shows the field is rendered; the page must not gain any
executable markup compared with the same page showing a harmless text.
"""

from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.urls import reverse

from .inert import HARMLESS, PAYLOADS, injected
from .urlmap import walk


@dataclass
class Field:
    store: object  # (world, text) -> None
    pages: list  # [(url name, world -> kwargs)]
    max_length: int | None = None


def _planned(w):
    return {"number": w.planned.number}


def _david(w):
    return {"username": "david"}


def _cr(w):
    return {"pk": w.compte_rendu.pk}


def _set_names(w, text):
    for user in (w.anne, w.bruno):
        user.display_name = text
        user.save()


def _set_cr(w, text):
    w.compte_rendu.text = text
    w.compte_rendu.title = text[:200]
    w.compte_rendu.save()


def _set_reason(w, text):
    cr = w.compte_rendu
    cr.status = cr.Status.REJECTED
    cr.rejected_at = cr.judged_at = cr.posted_at + timedelta(hours=1)
    cr.judged_by = w.ben
    cr.reason = text
    cr.save()


def _set_comment(w, text):
    w.comment.text = text
    w.comment.save()


def _set_citation(w, text):
    w.award.citation = text
    w.award.save()
    w.season.state = w.season.State.CLOSED
    w.season.closed_at = w.now
    w.season.save()


def _set_cancel(w, text):
    w.planned.status = w.planned.Status.CANCELLED
    w.planned.cancelled_reason = text[:200]
    w.planned.location = text[:120]
    w.planned.save()


def _set_join_request(w, text):
    w.join_request.name = text
    w.join_request.message = text
    w.join_request.save()


def _set_invitation(w, text):
    w.invitation.display_name = text
    w.invitation.save()


def _set_notice(w, text):
    from league.models import SiteNotice

    SiteNotice.objects.update_or_create(
        pk=getattr(w, "_xss_notice_pk", None),
        defaults={"recipient": w.ben, "text": text[:500], "url": "/", "created_at": w.now},
    )
    w._xss_notice_pk = SiteNotice.objects.filter(recipient=w.ben).latest("pk").pk


SEASON_PAGES = [
    ("home", None),
    ("league:season_detail", None),
    ("league:results", None),
    ("league:cr_list", None),
    ("league:manche_detail", None),
    ("league:sheet", None),
    ("reports:standings", None),
    ("reports:standings_current", None),
    ("reports:standings_explanation", None),
    ("reports:palmares", None),
]

FIELDS = {
    "display name": Field(
        _set_names,
        [
            ("accounts:members", None),
            ("reports:player", None),
            ("league:president_dashboard", None),
            *SEASON_PAGES,
        ],
        max_length=80,
    ),
    "compte-rendu (Markdown) and title": Field(
        _set_cr,
        [
            ("league:cr_list", None),
            ("league:manche_detail", None),
            ("league:cr_detail", _cr),
            ("home", None),
        ],
    ),
    "rejection reason": Field(
        _set_reason,
        [("league:cr_list", None), ("league:manche_detail", None), ("league:cr_detail", _cr)],
    ),
    "comment": Field(
        _set_comment,
        [("league:cr_list", None), ("league:manche_detail", None), ("league:cr_detail", _cr)],
        max_length=4000,
    ),
    "award citation": Field(
        _set_citation,
        [
            ("reports:palmares", None),
            ("reports:standings", None),
            ("reports:player", _david),
        ],
    ),
    "cancellation reason and place": Field(
        _set_cancel,
        [
            ("league:manche_detail", _planned),
            ("league:calendar", None),
            ("league:season_detail", None),
        ],
        max_length=120,
    ),
    "join request": Field(
        _set_join_request,
        [
            ("accounts:membership", None),
            ("accounts:join_request_list", None),
            ("accounts:join_request_approve", lambda w: {"pk": w.join_request.pk}),
        ],
        max_length=80,
    ),
    "site notice (built from names)": Field(_set_notice, [("league:notices", None), ("home", None)]),
    "invitation name": Field(
        _set_invitation, [("accounts:membership", None), ("accounts:invitation_list", None)], max_length=80
    ),
}


def _urls(world, pages) -> list[str]:
    """The pages that exist, with the season, the played manche and Anne as defaults."""
    routes = {route.name: route for route in walk()}
    defaults = {
        "season_name": world.season.name,
        "name": world.season.name,
        "number": world.played.number,
        "username": world.anne.username,
    }
    urls = []
    for name, kwargs in pages:
        if name not in routes:
            continue  # that page does not exist (yet)
        given = kwargs(world) if kwargs else {}
        urls.append(
            reverse(name, kwargs={arg: given.get(arg, defaults.get(arg)) for arg in routes[name].arguments})
        )
    return urls


@pytest.mark.parametrize("field_name", sorted(FIELDS))
def test_payloads_render_inert(client, world, field_name):
    field = FIELDS[field_name]
    client.force_login(world.ben)  # the President sees every page, reasons and requests included
    urls = _urls(world, field.pages)
    if not urls:
        pytest.skip(f"no page shows the {field_name} yet")
    field.store(world, HARMLESS)
    cache.clear()
    harmless = {}
    for url in urls:
        response = client.get(url, follow=True)
        assert response.status_code == 200, f"{url} answered {response.status_code}"
        harmless[url] = response.content.decode()
    problems = []
    payloads = [p for p in PAYLOADS if field.max_length is None or len(p) <= field.max_length]
    assert len(payloads) > 30
    for payload in payloads:
        field.store(world, payload)
        cache.clear()  # computed standings carry display names
        for url in urls:
            response = client.get(url, follow=True)
            assert response.status_code == 200, f"{url} answered {response.status_code} for {payload!r}"
            found = injected(response.content.decode(), harmless[url])
            if found:
                problems.append(f"{url} with {payload!r}: {found}")
    assert not problems, "Executable markup from user input:\n" + "\n".join(problems)


def test_the_checker_catches_an_unescaped_payload():
    """The control: the same comparison flags a page that prints a payload raw."""
    page = "<html><body><p>{}</p><script src='/static/app.js'></script></body></html>"
    assert injected(page.format("<img src=x onerror=alert('xss')>"), page.format(HARMLESS))
    assert injected(page.format("<a href=' jav&#x09;ascript:alert(1)'>x</a>"), page.format(HARMLESS))
    assert injected(page.format("<script>alert('xss')</script>"), page.format(HARMLESS))
    assert not injected(page.format("&lt;script&gt;alert('xss')&lt;/script&gt;"), page.format(HARMLESS))

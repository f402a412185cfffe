"""Odds and ends of the web's usual attacks: spreadsheet formulas in exports, open redirects, headers."""

import csv
import io

import pytest
from django.urls import reverse

FORMULAS = [
    '=HYPERLINK("http://evil.example","x")',
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd",
]


@pytest.mark.parametrize("name", FORMULAS)
def test_a_display_name_cannot_become_a_spreadsheet_formula_in_the_csv(client, world, name):
    """OWASP "CSV injection": a cell a spreadsheet would evaluate is neutralised (prefixed with ')."""
    world.anne.display_name = name
    world.anne.save()
    response = client.get(reverse("reports:standings_csv", kwargs={"season_name": world.season.name}))
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    cells = [cell for row in rows[1:] for cell in row]
    assert any(name.lstrip("'") in cell for cell in cells), "the name is in the export"
    dangerous = [
        cell for cell in cells if cell[:1] in ("=", "+", "@") or (cell[:1] == "-" and not _number(cell))
    ]
    assert not dangerous, f"cells a spreadsheet would run: {dangerous}"


def _number(text: str) -> bool:
    try:
        float(text.replace(",", "."))
    except ValueError:
        return False
    return True


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/", "/\\evil.example", "http:evil.example"]
)
def test_sign_in_never_sends_a_member_to_another_site(client, make_user, target):
    make_user("anne")
    response = client.post(
        reverse("accounts:login") + f"?next={target}",
        {"username": "anne", "password": "pw-anne", "next": target},
    )
    assert response.status_code == 302
    assert "evil.example" not in response["Location"]


def test_notice_follow_link_never_leaves_the_site(client, world):
    from league.models import SiteNotice

    notice = SiteNotice.objects.create(
        recipient=world.anne, text="Hop", url="https://evil.example/", created_at=world.now
    )
    client.force_login(world.anne)
    response = client.post(reverse("league:notice_read", kwargs={"pk": notice.pk}), {"follow": "1"})
    assert "evil.example" not in response.get("Location", "")


def test_pages_carry_the_protective_headers(client, world):
    response = client.get(
        reverse("league:manche_detail", kwargs={"season_name": world.season.name, "number": 1})
    )
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"


def test_session_cookie_is_out_of_reach_of_scripts(client, make_user):
    make_user("anne")
    response = client.post(reverse("accounts:login"), {"username": "anne", "password": "pw-anne"})
    assert response.cookies["sessionid"]["httponly"]


def test_markdown_preview_renders_payloads_inert(client, world):
    """The compte-rendu preview sends back HTML built from what is typed: the same sanitiser applies."""
    from .inert import HARMLESS, PAYLOADS, injected

    client.force_login(world.anne)
    url = reverse("league:cr_preview")
    harmless = client.post(url, {"text": HARMLESS}).content.decode()
    problems = []
    for payload in PAYLOADS:
        found = injected(client.post(url, {"text": payload}).content.decode(), harmless)
        if found:
            problems.append(f"{payload!r}: {found}")
    assert not problems, "\n".join(problems)

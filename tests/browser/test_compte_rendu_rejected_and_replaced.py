"""The vainqueur posts his compte-rendu, the President rejects it, another player's replacement is
accepted, and the standings explain every bonus and malus that came of the night."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone, translation
from playwright.sync_api import expect

from reports.templatetags.reports_extras import message as shown_as
from tests.support.seasons import make_season

from . import club
from .journeys import sign_in


def write_compte_rendu(page, manche_path: str, title: str, text: str) -> None:
    page.goto(manche_path)
    page.locator("#compte-rendu").get_by_role("link", name="Écrire le compte-rendu").click()
    page.fill("#id_title", title)
    page.fill("#id_text", text)
    page.get_by_role("button", name="Poster").click()
    expect(page.locator("main")).to_contain_text("Compte-rendu posté")


def judge(page, manche_path: str, decision: str, reason: str = "") -> None:
    page.goto(manche_path)
    page.locator("#compte-rendu").get_by_role("link", name="Juger").click()
    page.locator(f"#juger input[name=decision][value={decision}]").check()
    if reason:
        page.fill("#id_reason", reason)
    page.get_by_role("button", name="Enregistrer la décision").click()


def loose(text: str) -> re.Pattern:
    """The line as a pattern that any run of (non-breaking) spaces matches."""
    words = re.split(r"[\s\u00a0\u202f]+", text.strip())
    return re.compile(r"[\s\u00a0\u202f]+".join(re.escape(word) for word in words))


@pytest.mark.django_db(transaction=True)
def test_rejected_compte_rendu_replaced_and_every_adjustment_explained(open_browser, eager_tasks):
    from league.models import CompteRendu
    from tests.support.engine import season_result

    users = club.members()
    season = make_season(club.SEASON, president=users["ben"], default_location="Chez Ben")
    club.opening_night(season, users)
    manche = club.open_manche(
        season, users, number=2, starts_at=timezone.now() - timedelta(days=1), seated=club.TABLE
    )
    club.play_the_night(manche, users)
    path = club.manche_path(manche)

    anne = open_browser()
    sign_in(anne, "anne", next_path=path)
    write_compte_rendu(
        anne, path, "Anne seule au monde", "Ambiance au top, **Anne** gagne, David chute sa garde."
    )

    ben = open_browser()
    sign_in(ben, "ben", next_path=path)
    judge(ben, path, "reject")  # no reason: refused at its field, his choice kept, nothing saved
    expect(ben.locator("#div_id_reason .invalid-feedback")).to_contain_text(
        "Un compte-rendu jugé non conforme demande un motif"
    )
    expect(ben.locator("#div_id_reason")).to_be_in_viewport()
    expect(ben.locator("#juger input[name=decision][value=reject]")).to_be_checked()
    assert CompteRendu.objects.get(author=users["anne"], manche=manche).status == CompteRendu.Status.PENDING
    ben.fill("#id_reason", "Le classement manque.")
    ben.get_by_role("button", name="Enregistrer la décision").click()
    expect(ben.locator("main")).to_contain_text("non conforme")
    assert CompteRendu.objects.get(author=users["anne"], manche=manche).status == CompteRendu.Status.REJECTED

    claire = open_browser()
    sign_in(claire, "claire", next_path=path)
    write_compte_rendu(
        claire, path, "La vraie soirée", "Ambiance : joyeuse. Classement : Anne, Bruno, Claire, Émile, David."
    )
    judge(ben, path, "accept")
    expect(ben.locator("main")).to_contain_text("accepté")
    assert CompteRendu.objects.get(author=users["claire"]).status == CompteRendu.Status.ACCEPTED

    result = season_result(season)
    kinds = {player: {a.kind for a in result.adjustments_by_player.get(player, ())} for player in club.TABLE}
    assert {"seul_positif", "bouts_sur_prise", "cr_non_conforme"} <= kinds["anne"]
    assert "cr_remplacement" in kinds["claire"]
    assert "defensif" in kinds["david"]

    anne.goto(f"/classement/{season.name}/")
    for player in club.TABLE:
        row = anne.locator(f"#explain-{player}")
        anne.locator(f'button[data-bs-target="#explain-{player}"]').click()
        expect(row).to_be_visible()
        with translation.override("fr"):
            # Written as the standings write engine messages (numbers in the reader's notation).
            expected = [shown_as(a.reason) for a in result.adjustments_by_player.get(player, ())]
        assert expected or player not in ("anne", "claire", "david")
        for line in expected:
            expect(row).to_contain_text(loose(line))
        # Each line wraps inside the screen (a phone's too): none runs past its box or the screen's edge.
        past_the_edge = row.locator("li").evaluate_all(
            "lis => lis.filter(li => li.scrollWidth > li.clientWidth"
            " || li.getBoundingClientRect().right > window.innerWidth).map(li => li.textContent)"
        )
        assert past_the_edge == [], past_the_edge
    open_browser.last_page = anne

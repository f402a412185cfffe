"""A reader who chose English reads English on every page: no French label, punctuation or number.

Walks every HTML page of the URL register (``tests/security/urlmap.py``, its
sample world, a manche being played, and the pages a refusal, a dead link or a
button's address shows) in English, as a visitor, a member,
the capitaine and the President, and looks for French in what a person reads
(text and the title, alt, placeholder, aria-label and content attributes).

People's names and what members wrote stay as they are; the domain words
stay French by design (manche, donne, jetons, preneur, appelé, poignée, petit
au bout, chelem, compte-rendu, accessit, and the names of the bonuses and
trophies, see docs/glossary.md).
"""

import html
import re

import pytest
from django.conf import settings
from django.urls import reverse

from tests.browser.test_every_page_fits import live_manche, page_paths

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]

#: French a page in English must not show: interface words, and French typography.
FRENCH_MARKERS = {
    "a space before a colon (French typography)": re.compile(r"\S[ \u00a0\u202f]:(?=\s|$)"),
    "a decimal comma": re.compile(r"\d,\d"),
    "a French interface word": re.compile(
        r"\b(Vainqueurs?|Président|Capitaine|Classement|Calendrier|Saison|Inscrits|Inscriptions|Échéance"
        r"|Meilleure|Pire|Motif|Annulée|Joueurs?|Connexion|Déconnexion|Enregistrer|Modifier|Supprimer"
        r"|Annuler|Aucune?|Votre|Vous|vous|avec un score|points de place|de bonus|de malus|moyenne"
        r"|jouées?|requises|gagnées?|au moins|Si la saison|clôturée?|inscrits?|en attente)\b"
    ),
}
#: What people wrote (the sample world's compte-rendu, comment and citation): French on purpose.
WRITTEN_BY_MEMBERS = ("Une belle soirée", "Ambiance excellente.", "Bravo !", "Toujours beau joueur.")
READ_ATTRIBUTES = re.compile(r'\b(?:title|alt|placeholder|aria-label|content)="([^"]*)"')


def what_a_person_reads(page: str) -> str:
    page = re.sub(r"(?s)<(script|style|template)\b.*?</\1>", " ", page)
    attributes = " ".join(READ_ATTRIBUTES.findall(page))
    text = html.unescape(re.sub(r"(?s)<[^>]+>", "\n", page) + "\n" + html.unescape(attributes))
    for written in WRITTEN_BY_MEMBERS:
        text = text.replace(written, " ")
    return text


def french_in(text: str) -> list[str]:
    found = []
    for line in text.splitlines():
        for what, marker in FRENCH_MARKERS.items():
            match = marker.search(line)
            if match:
                found.append(f"{what}: {line.strip()[:120]!r}")
    return found


def test_the_markers_catch_what_was_seen_on_english_pages():
    for seen in ("Vainqueur : Anne", "+0,5 bouts sur prise", "President : Benoît", "Captain : Bruno"):
        assert french_in(seen), seen
    assert not french_in("Winner: Anne · +0.5 bouts sur prise · President: Benoît · June 4, 2026, 21:00")


@pytest.mark.parametrize(
    "who", [None, "claire", "bruno", "ben"], ids=["visitor", "member", "capitaine", "president"]
)
def test_every_page_in_english_is_in_english(client, world, who):
    manche = live_manche(world)
    if who:
        client.force_login(world.users[who])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    being_played = reverse("league:sheet", args=[world.season.name, manche.number])
    dead_link = f"/saisons/{world.season.name}/manches/999/"
    paths = [*page_paths(world), ("league:sheet (being played)", being_played), ("a dead link", dead_link)]
    problems, read = [], 0
    for name, path in paths:
        response = client.get(path)
        # The pages and the error pages in the site's layout: refused (403), not found (404),
        # a button's address opened as a page (405).
        if response.status_code not in (200, 403, 404, 405) or "text/html" not in response.get(
            "Content-Type", ""
        ):
            continue
        read += 1
        problems.extend(
            f"{name} ({path}): {problem}"
            for problem in french_in(what_a_person_reads(response.content.decode()))
        )
    assert read > 20, "the walk read the site's pages"
    assert not problems, "\n".join(problems)

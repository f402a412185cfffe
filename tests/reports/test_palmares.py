"""The palmarès: every season's podium and accessits, the all-time records, the printable page."""

import re

from django.urls import reverse
from django.utils import timezone

from tests.support.engine import season_result


def test_every_season_with_its_podium_and_accessits(client, small_season, closed_season):
    html = client.get(reverse("reports:palmares")).content.decode()
    for season in (small_season, closed_season):
        result = season_result(season, now=timezone.now())
        block = re.search(rf'id="season-{season.name}".*?</section>', html, re.S).group(0)
        champion = next(r.player for r in result.standings if r.title == "champion")
        assert reverse("reports:player", args=[champion]) in block
        assert "Cuillère de bois" in block
    assert "en cours — provisoire" in re.search(
        rf'id="season-{small_season.name}".*?</section>', html, re.S
    ).group(0)


def test_highest_manche_score_of_all_time(client, small_season, closed_season):
    best = max(
        e.score
        for s in (small_season, closed_season)
        for o in season_result(s, now=timezone.now()).manches.values()
        for e in o.ranking
    )
    html = client.get(reverse("reports:palmares")).content.decode()
    records = re.search(r'id="records".*?</section>', html, re.S).group(0)
    assert f"{best:,}".replace(",", "\u202f") in records or str(best) in records


def test_most_titles_counts_closed_seasons_only(client, small_season, closed_season):
    closed = season_result(closed_season, now=timezone.now())
    champion = next(r.player for r in closed.standings if r.title == "champion")
    html = client.get(reverse("reports:palmares")).content.decode()
    titles = re.search(r'id="most-titles".*?</ol>', html, re.S).group(0)
    first = re.search(r'<li><a href="([^"]+)"', titles).group(1)
    assert first == reverse("reports:player", args=[champion])
    assert titles.count(">Champion du Monde ×1") == 1


def test_the_palmares_names_who_played_the_most_manches(client, small_season, larger_season):
    html = client.get(reverse("reports:palmares")).content.decode()
    most = re.search(r'id="most-manches".*?</ol>', html, re.S).group(0)
    assert re.search(r"<li><a href=\"/joueurs/q\d+/\">[^<]+</a> <span class=\"text-muted\">10</span>", most)


def test_the_palmares_without_a_played_season_says_so(client, db):
    assert "Pas encore de saison jouée" in client.get(reverse("reports:palmares")).content.decode()


def test_printable_palmares_uses_a_print_stylesheet(client, closed_season):
    response = client.get(reverse("reports:palmares_print", args=[closed_season.name]))
    html = response.content.decode()
    assert "reports/print.css" in html
    assert "Champion du Monde" in html
    assert "Classement final" in html


def test_print_stylesheet_hides_the_navigation():
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "static" / "reports" / "print.css").read_text()
    assert "@media print" in css
    assert "nav" in css and "display: none" in css

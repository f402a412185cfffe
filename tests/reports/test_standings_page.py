"""The classification page: the engine's numbers, sortable, explained line by line."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from league.models import Donne, Season
from league.selectors.engine import season_result


def rows(response):
    """Player ids of the table's lines, in page order."""
    return re.findall(r'<tr data-player="([a-z0-9_-]+)"', response.content.decode())


def test_every_classified_player_has_a_line_in_the_engines_order(client, small_season):
    result = season_result(small_season, now=timezone.now())
    response = client.get(reverse("reports:standings", args=[small_season.name]))
    assert response.status_code == 200
    assert rows(response) == [row.player for row in result.standings]


def test_a_line_shows_rank_manches_points_and_average(client, small_season):
    result = season_result(small_season, now=timezone.now())
    first = result.standings[0]
    html = client.get(reverse("reports:standings", args=[small_season.name])).content.decode()
    line = re.search(rf'<tr[^>]*data-player="{first.player}"[^>]*>(.*?)</tr>', html, re.S).group(1)
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", line, re.S)]
    assert cells[0].rstrip("=") == str(first.rank)
    assert cells[2] == str(first.manches)
    # The page rounds the average to two decimals (the CSV and the API keep it exact).
    expected_average = f"{first.average.numerator / first.average.denominator:.2f}"
    assert cells[7].replace(",", ".").replace("−", "-") == expected_average


def test_signed_in_player_is_highlighted(client, small_season):
    from accounts.models import User

    me = User.objects.get(username="p004")
    client.force_login(me)
    html = client.get(reverse("reports:standings", args=[small_season.name])).content.decode()
    assert 'tr[data-player="p004"] > td' in html
    assert 'id="my-rank"' in html


def test_anonymous_reader_gets_no_highlight(client, small_season):
    html = client.get(reverse("reports:standings", args=[small_season.name])).content.decode()
    assert "--bs-table-bg-state" not in html
    assert 'id="my-rank"' not in html


def test_each_line_unfolds_into_every_manche_and_every_adjustment(client, small_season):
    result = season_result(small_season, now=timezone.now())
    html = client.get(reverse("reports:standings", args=[small_season.name])).content.decode()
    for row in result.standings:
        block = re.search(rf'<tr class="collapse explain-row" id="explain-{row.player}".*?</tr>', html, re.S)
        assert block, row.player
        text = block.group(0)
        played = [n for n, o in result.manches.items() if any(e.player == row.player for e in o.ranking)]
        for number in played:
            assert re.search(rf"\b{number}\b", text)
        assert text.count("<li") >= len(played) + 1 + len(result.adjustments_by_player.get(row.player, []))


def test_explanations_go_through_gettext(client, small_season, monkeypatch):
    from league import wording

    monkeypatch.setattr(wording, "gettext", lambda s: "TRADUIT " + s)
    html = client.get(reverse("reports:standings", args=[small_season.name])).content.decode()
    assert "TRADUIT Manche" in html


def test_open_season_marks_what_the_participation_malus_would_change(client, small_season):
    # 4 manches each, 10 required: each would lose 6 points if the season closed tonight.
    html = client.get(reverse("reports:standings", args=[small_season.name])).content.decode()
    assert "Si la saison s&#x27;arrêtait ce soir" in html or "Si la saison s'arrêtait ce soir" in html
    assert html.count('<span class="text-danger">−6</span>') == 10
    assert "provisoire" in html


def test_closed_season_shows_the_titles_and_no_what_if(client, closed_season):
    result = season_result(closed_season, now=timezone.now())
    html = client.get(reverse("reports:standings", args=[closed_season.name])).content.decode()
    champion = next(r for r in result.standings if r.title == "champion")
    line = re.search(rf'<tr[^>]*data-player="{champion.player}"[^>]*>(.*?)</tr>', html, re.S).group(1)
    assert "Champion du Monde" in line
    assert "Vice-Champion du Monde" in html
    assert "Vice-Vice-Champion du Monde" in html
    assert "arrêtait ce soir" not in html


def test_tie_breaks_are_printed_next_to_the_table(client, small_season):
    html = client.get(reverse("reports:standings", args=[small_season.name])).content.decode()
    assert 'id="tie-breaks"' in html
    assert "÷ (manches jouées + 1)" in html


def test_the_table_sorts_by_a_column(client, small_season):
    from accounts.models import User

    User.objects.filter(username="p009").update(display_name="Aaron")
    response = client.get(reverse("reports:standings", args=[small_season.name]) + "?sort=name")
    assert rows(response)[0] == "p009"
    response = client.get(reverse("reports:standings", args=[small_season.name]) + "?sort=-name")
    assert rows(response)[-1] == "p009"


def test_an_unknown_ordering_falls_back_to_the_rank(client, small_season):
    result = season_result(small_season, now=timezone.now())
    response = client.get(reverse("reports:standings", args=[small_season.name]) + "?sort=password")
    assert rows(response) == [row.player for row in result.standings]


def test_the_chart_draws_a_line_per_player(client, small_season):
    html = client.get(reverse("reports:standings", args=[small_season.name])).content.decode()
    svg = re.search(r"<svg.*?</svg>", html, re.S).group(0)
    assert len(re.findall(r'<path data-player="', svg)) == 10


def test_computed_accessits_are_listed(client, small_season):
    html = client.get(reverse("reports:standings", args=[small_season.name])).content.decode()
    assert "Cuillère de bois" in html
    assert "Aquila" in html
    assert "Abysses" in html


def test_current_standings_redirect_to_the_season_being_played(client, small_season, closed_season):
    response = client.get(reverse("reports:standings_current"))
    assert response.status_code == 302
    assert response["Location"] == reverse("reports:standings", args=[small_season.name])


def test_current_standings_without_any_season_say_so(client, db):
    response = client.get(reverse("reports:standings_current"))
    assert response.status_code == 200
    assert "Aucune saison" in response.content.decode()


def test_unknown_season_is_404(client, db):
    assert client.get(reverse("reports:standings", args=["1900-1901"])).status_code == 404


def test_refused_season_data_is_explained_instead_of_a_crash(client, small_season):
    Donne.objects.filter(manche__season=small_season, manche__number=1, index=1).update(bouts=4)
    Season.objects.filter(pk=small_season.pk).update(revision=99)
    response = client.get(reverse("reports:standings", args=[small_season.name]))
    assert response.status_code == 200
    assert "bouts" in response.content.decode()
    assert "ne peut pas être calculé" in response.content.decode()


@pytest.mark.parametrize("name", ["reports:standings_current", "reports:palmares"])
def test_navigation_links_to_the_reports(client, small_season, name):
    html = client.get(reverse("home")).content.decode()
    assert f'href="{reverse(name)}"' in html


def test_numbers_in_explanations_read_in_the_readers_notation():
    from django.utils import translation

    from league.rules import Message
    from reports.templatetags.reports_extras import message

    line = Message(
        "Manche %(number)s: place %(place)s with a score of %(score)s: %(points)s points",
        {"number": 3, "place": 5, "score": -550, "points": 2.5},
    )
    with translation.override("fr"):
        text = message(line)
    assert "−550" in text
    assert "2,5" in text
    with translation.override("en"):
        assert message(Message("must be 0..3, got %(value)r", {"value": 4})).endswith(" 4")

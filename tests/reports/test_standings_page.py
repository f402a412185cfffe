"""The classification page: the engine's numbers, sortable, explained line by line."""

import re
import xml.etree.ElementTree as ET  # noqa: S405 (our own SVG, not untrusted input)

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from league import rules
from league.models import Donne, Season
from tests.support.engine import season_result
from tests.support.seasongen import load_season
from tests.support.seasons import make_season

SVG = "{http://www.w3.org/2000/svg}"


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


def test_a_players_name_is_shown_as_text_never_as_markup(client, small_season):
    User.objects.filter(username="p009").update(display_name="<b>Aaron</b> & co")
    html = client.get(reverse("reports:standings", args=[small_season.name])).content.decode()
    line = re.search(r'<tr[^>]*data-player="p009"[^>]*>(.*?)</tr>', html, re.S).group(1)
    assert "&lt;b&gt;Aaron&lt;/b&gt; &amp; co" in line
    assert "<b>Aaron" not in html


def test_each_line_links_to_the_players_page_as_the_site_names_it(client, db):
    """A username may hold what a path quotes (an accent, ``@``, ``+``): each line's link
    is the player page's own address, quoted the same way."""
    season = load_season(
        name="2030-2031", players=10, manches_per_player=4, seed=3, username_prefix="andré@b+"
    )
    html = client.get(reverse("reports:standings", args=[season.name])).content.decode()
    players = User.objects.filter(username__startswith="andré@b+").values_list("username", flat=True)
    urls = [reverse("reports:player", args=[username]) for username in players]
    assert len(urls) == 10
    assert all("andr%C3%A9@b+" in url for url in urls)
    assert all(f'<a href="{url}">' in html for url in urls)
    assert client.get(urls[0]).status_code == 200


def test_an_unknown_ordering_falls_back_to_the_rank(client, small_season):
    result = season_result(small_season, now=timezone.now())
    response = client.get(reverse("reports:standings", args=[small_season.name]) + "?sort=password")
    assert rows(response) == [row.player for row in result.standings]


def test_the_chart_draws_each_players_points_moyens_after_each_of_his_manches(client, small_season):
    """One line per classified player in the standings' order, named in the legend; a dot per
    manche he played, at that manche's column and at his points moyens after it (§5), the last
    one his average in the standings."""
    result = season_result(small_season, now=timezone.now())
    progression = rules.average_progression(result)
    names = dict(User.objects.values_list("username", "display_name"))
    html = client.get(reverse("reports:standings", args=[small_season.name])).content.decode()
    svg = ET.fromstring(re.search(r'<svg[^>]*class="chart".*?</svg>', html, re.S).group(0))  # noqa: S314
    standings = [row.player for row in result.standings]

    lines = svg.findall(f"./{SVG}g[@class='series']/{SVG}path")
    assert [line.get("data-player") for line in lines] == standings
    legend = svg.findall(f"./{SVG}g[@class='legend']/{SVG}g")
    assert [(entry.get("data-player"), entry.find(f"{SVG}text").text) for entry in legend] == [
        (player, names[player]) for player in standings
    ]

    value_at, column_at = chart_axes(svg)
    for row in result.standings:
        dots = svg.findall(f"./{SVG}g[@class='series']/{SVG}circle[@data-player='{row.player}']")
        drawn = [(column_at(float(dot.get("cx"))), value_at(float(dot.get("cy")))) for dot in dots]
        assert len(drawn) == row.manches == len(progression[row.player])
        for (number, value), (expected_number, expected) in zip(drawn, progression[row.player], strict=True):
            assert number == expected_number
            assert value == pytest.approx(float(expected), abs=0.05), (row.player, number)
        assert progression[row.player][-1][1] == row.average


def chart_axes(svg):
    """Read the drawing back: a dot's height into points moyens (from the y axis' labelled
    ticks), its horizontal place into a manche number (from the x axis' labels)."""
    axes = svg.find(f"./{SVG}g[@class='axes']")
    labels = [
        (float(t.get("x")), float(t.get("y")), t.get("text-anchor"), t.text) for t in axes.iter(f"{SVG}text")
    ]
    ticks = [
        (y - 4, float(text.replace("\u2212", "-").replace(",", ".")))
        for _x, y, a, text in labels
        if a == "end"
    ]
    (y0, v0), (y1, v1) = ticks[0], ticks[-1]
    columns = {x: int(text) for x, _y, a, text in labels if a == "middle"}

    def value_at(y: float) -> float:
        return v0 + (y - y0) * (v1 - v0) / (y1 - y0)

    def column_at(x: float) -> int:
        return columns[min(columns, key=lambda column: abs(column - x))]

    return value_at, column_at


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


@pytest.mark.parametrize(
    ("language", "said", "never"),
    [("fr", "détail des points", "de ses points"), ("en", "breakdown of the points", "of his points")],
)
def test_the_breakdown_of_a_line_is_worded_for_every_player_women_too(
    client, small_season, language, said, never
):
    """The standings said « The breakdown of his points » on every line, Anne's included."""
    client.cookies["django_language"] = language
    standings = client.get(reverse("reports:standings", args=[small_season.name]))
    player = rows(standings)[0]
    pages = [
        standings,
        client.get(reverse("reports:standings_explanation", args=[small_season.name, player])),
    ]
    for page in pages:
        html = page.content.decode().lower()
        assert said in html
        assert never not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("state", "badge", "absent"),
    [("preparation", "en préparation", "en cours"), ("open", "en cours", "en préparation")],
)
def test_the_badge_says_the_seasons_own_state(client, president, state, badge, absent):
    """A season in preparation is not « en cours », and has no classification yet."""
    season = make_season("2031-2032", president=president, state=state)
    client.force_login(president)
    html = client.get(reverse("reports:standings", args=[season.name])).content.decode()
    title = html.split("<h1", 1)[1].split("</h1>", 1)[0]
    assert f">{badge}</span>" in title and f">{absent}</span>" not in title
    assert ("no-standings-yet" in html) == (state == "preparation")
    assert ("Saison en cours : les titres" in html) == (state == "open")

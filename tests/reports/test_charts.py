"""The server-side SVG charts: valid XML, escaped labels, one mark per value."""

import xml.etree.ElementTree as ET  # noqa: S405 (our own SVG, not untrusted input)
from fractions import Fraction

from reports import charts

NS = "{http://www.w3.org/2000/svg}"


def test_step_chart_is_valid_svg_with_one_path_per_series():
    svg = charts.step_chart(
        [("ben", "Benoît", [(1, Fraction(3, 2)), (3, 2)]), ("fifi", "Fifi <3", [(2, -1)])],
        [1, 2, 3],
        title="Points moyens",
    )
    root = ET.fromstring(svg)  # noqa: S314
    paths = root.findall(f".//{NS}path")
    assert [p.get("data-player") for p in paths] == ["ben", "fifi"]
    assert "Fifi <3" in "".join(root.itertext())


def test_step_chart_holds_a_value_until_the_next_point():
    svg = charts.step_chart([("ben", "Ben", [(1, 1), (3, 2)])], [1, 2, 3], title="t")
    d = ET.fromstring(svg).find(f".//{NS}path").get("d")  # noqa: S314
    assert d.startswith("M") and "H" in d and "V" in d


def test_bar_chart_has_one_bar_per_value_coloured_by_sign():
    svg = charts.bar_chart([(1, 230), (2, -120), (3, 0)], title="Jetons")
    rects = ET.fromstring(svg).findall(f".//{NS}rect")  # noqa: S314
    assert len(rects) == 3
    assert rects[0].get("fill") != rects[1].get("fill")


def test_a_chart_without_data_is_still_a_valid_drawing():
    ET.fromstring(charts.step_chart([], [], title="vide"))  # noqa: S314
    ET.fromstring(charts.bar_chart([], title="vide"))  # noqa: S314


def test_the_season_chart_shows_every_player_even_with_one_manche_in_french_notation():
    """All 14 players in the legend, a dot for a one-manche player, "1,5" on a French page."""
    from django.utils import translation

    from reports.charts import progression_chart

    players = [f"p{i:02d}" for i in range(14)]
    progression = {p: [(1, 1.5), (2, 0.5)] for p in players[:-1]}
    progression[players[-1]] = [(2, -0.5)]  # one manche only
    names = {p: f"Joueur {p}" for p in players}
    with translation.override("fr"):
        svg, _frame = progression_chart(progression, players, names, [1, 2], title="Points moyens")
    assert all(f">Joueur {p}<" in svg for p in players)
    assert '<circle data-player="p13"' in svg
    assert ">1,5<" in svg and "1.5" not in svg.split('<g class="series"')[0]


def test_the_last_manche_of_a_long_axis_is_labelled_once_inside_the_drawing():
    manches = list(range(1, 1601))
    svg = charts.step_chart([("ben", "Ben", [(1, 1), (1600, 2)])], manches, title="t")
    labels = [t for t in ET.fromstring(svg).iter(f"{NS}text") if t.text and t.text.isdigit()]  # noqa: S314
    last = [t for t in labels if t.text in ("1597", "1600")]
    assert [t.text for t in last] == ["1600"]
    assert last[0].get("text-anchor") == "end"

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


def test_charts_survive_empty_data():
    ET.fromstring(charts.step_chart([], [], title="vide"))  # noqa: S314
    ET.fromstring(charts.bar_chart([], title="vide"))  # noqa: S314

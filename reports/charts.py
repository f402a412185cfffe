"""Charts drawn on the server as SVG strings: no script, no CDN, printable.

Pure functions of numbers and labels; every text is escaped. The SVG scales
to its container (``viewBox`` with ``width="100%"``), so the same drawing
serves a phone and a desktop.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from html import escape

from config.typography import colon
from league.templatetags.numbers import num

Number = int | float | Fraction

PALETTE = (
    "#198754",
    "#0d6efd",
    "#dc3545",
    "#fd7e14",
    "#6f42c1",
    "#20c997",
    "#d63384",
    "#0dcaf0",
    "#795548",
    "#6c757d",
)


#: The width of a digit of the axes' 11-pixel labels, near enough to keep them inside the drawing.
DIGIT_WIDTH = 6.5


def colour(index: int) -> str:
    """A colour per series: the palette first, then hues spread around the wheel."""
    if index < len(PALETTE):
        return PALETTE[index]
    return f"hsl({(index * 137) % 360},60%,42%)"


def _fmt(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering [low, high]."""
    if high <= low:
        return [low]
    raw = (high - low) / count
    magnitude = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1
    for step in (0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10):
        if step * magnitude >= raw:
            step *= magnitude
            break
    else:
        step = raw
    first = (low // step) * step
    ticks = []
    value = first
    while value <= high + step / 2:
        if value >= low - step / 2:
            ticks.append(round(value, 6))
        value += step
    return ticks


def _number(x: Number) -> str:
    """In the reader's notation, like every number of the site (``1,5``, ``−0,5``)."""
    return num(round(float(x), 1))


def _frame(width: int, height: float, title: str, axes_stroke: str) -> list[str]:
    """The opening of a chart: its box, its accessible title, and the axes' group."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" '
        f'width="100%" role="img" aria-label="{escape(title)}" preserveAspectRatio="xMinYMin meet">',
        f"<title>{escape(title)}</title>",
        f'<g class="axes" {axes_stroke} font-size="11" fill="#555">',
    ]


def _grid(ticks, sy, left: float, right: float) -> list[str]:
    """A horizontal line and its value at each tick of the y axis."""
    out = []
    for t in ticks:
        y = sy(t)
        out.append(f'<line x1="{left}" x2="{right}" y1="{_fmt(y)}" y2="{_fmt(y)}"/>')
        out.append(
            f'<text x="{left - 4}" y="{_fmt(y + 4)}" text-anchor="end" stroke="none">{_number(t)}</text>'
        )
    return out


@dataclass(frozen=True)
class StepFrame:
    """Where a step chart puts its values: its axes, its size and its legend's room.

    Kept with a cached chart, so a line drawn later (one reader's own, see
    :func:`step_line`) falls on the same axes, in a drawing of the same size
    laid over it.
    """

    x_labels: tuple[int, ...]
    low: float
    high: float
    ticks: tuple[float, ...]
    #: Entries the legend has room for (four to a row).
    legend_slots: int
    width: int = 800
    height: int = 360
    left: int = 44
    right: int = 12
    top: int = 12
    bottom: int = 28

    @classmethod
    def around(
        cls, values: Sequence[Number], x_labels: Sequence[int], *, legend_slots: int, **size
    ) -> StepFrame:
        """A frame holding ``values`` (and zero) on round ticks, ``x_labels`` in that order."""
        numbers = [float(y) for y in values]
        low, high = (min(numbers), max(numbers)) if numbers else (0.0, 1.0)
        low, high = min(low, 0.0), max(high, 0.0)
        if high - low < 1e-9:
            high = low + 1
        ticks = _ticks(low, high)
        return cls(
            x_labels=tuple(x_labels),
            low=min(low, ticks[0]),
            high=max(high, ticks[-1]),
            ticks=tuple(ticks),
            legend_slots=legend_slots,
            **size,
        )

    @property
    def total_height(self) -> int:
        return self.height + (self.legend_slots + 3) // 4 * 18

    @cached_property
    def position(self) -> dict[int, int]:
        return {x: i for i, x in enumerate(self.x_labels)}

    def sx(self, x: int) -> float:
        plot_w = self.width - self.left - self.right
        return self.left + plot_w * self.position[x] / max(len(self.x_labels) - 1, 1)

    def sy(self, y: float) -> float:
        plot_h = self.height - self.top - self.bottom
        return self.top + plot_h * (self.high - y) / (self.high - self.low)

    def legend_at(self, slot: int) -> tuple[float, float]:
        """Where the legend's entry number ``slot`` goes (four to a row)."""
        plot_w = self.width - self.left - self.right
        return self.left + slot % 4 * (plot_w / 4), self.height + 4 + slot // 4 * 18


def _step_series(frame: StepFrame, key: str, label: str, points, stroke: str) -> list[str]:
    """One series' line, held flat between its points, and a dot at each point."""
    pts = [(frame.sx(x), frame.sy(float(y))) for x, y in points if x in frame.position]
    if not pts:
        return []
    d = [f"M{_fmt(pts[0][0])} {_fmt(pts[0][1])}"]
    for (_x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        d.append(f"H{_fmt(x1)}")
        if y1 != y0:
            d.append(f"V{_fmt(y1)}")
    last = points[-1][1]
    out = [
        f'<path data-player="{escape(key)}" stroke="{stroke}" d="{"".join(d)}">'
        f"<title>{escape(label)}{colon()} {_number(last)}</title></path>"
    ]
    out.extend(
        f'<circle data-player="{escape(key)}" cx="{_fmt(x)}" cy="{_fmt(y)}" r="3" fill="{stroke}"/>'
        for x, y in pts
    )
    return out


def _legend_entry(frame: StepFrame, slot: int, key: str, label: str, fill: str) -> str:
    x, y = frame.legend_at(slot)
    return (
        f'<g data-player="{escape(key)}"><rect x="{_fmt(x)}" y="{_fmt(y)}" width="10" height="10" '
        f'fill="{fill}"/><text x="{_fmt(x + 14)}" y="{_fmt(y + 9)}">{escape(label)}</text></g>'
    )


def step_chart(
    series: Sequence[tuple[str, str, Sequence[tuple[int, Number]]]],
    x_labels: Sequence[int],
    *,
    title: str,
    width: int = 800,
    height: int = 360,
    legend_limit: int | None = None,
    frame: StepFrame | None = None,
) -> str:
    """A line per series, held flat between its points (a value changes only
    at the series' own points). ``series``: ``(key, label, ((x, y), …))``
    where each ``x`` is one of ``x_labels`` (placed in that order). Each line
    carries ``data-player="key"`` so a stylesheet can emphasise one. Every
    point is also drawn as a dot, so a player with one manche is visible; the
    legend lists every series unless ``legend_limit`` says otherwise.
    ``frame`` (else one around the series' values) sets the axes and the
    legend's room."""
    if legend_limit is None:
        legend_limit = len(series)
    if frame is None:
        frame = StepFrame.around(
            [y for _k, _l, points in series for _x, y in points],
            x_labels,
            legend_slots=min(len(series), legend_limit),
            width=width,
            height=height,
        )
    out = _frame(frame.width, frame.total_height, title, 'stroke="#ccc" stroke-width="1"')
    out += _grid(frame.ticks, frame.sy, frame.left, frame.width - frame.right)
    labels = frame.x_labels
    every = max(1, len(labels) // 12)
    for i, x in enumerate(labels):
        last = i == len(labels) - 1
        if last or (i % every == 0 and len(labels) - 1 - i >= every / 2):  # the last never overprinted
            # A label wider than the right margin ends at its tick rather than past the edge.
            anchor = "end" if last and len(str(x)) * DIGIT_WIDTH / 2 > frame.right else "middle"
            out.append(
                f'<text x="{_fmt(frame.sx(x))}" y="{frame.height - 8}" text-anchor="{anchor}" '
                f'stroke="none">{x}</text>'
            )
    out.append("</g>")
    out.append('<g class="series" fill="none" stroke-width="1.6" stroke-linejoin="round">')
    for index, (key, label, points) in enumerate(series):
        out += _step_series(frame, key, label, points, colour(index))
    out.append("</g>")
    out.append('<g class="legend" font-size="11" fill="#333">')
    for index, (key, label, _points) in enumerate(series[:legend_limit]):
        out.append(_legend_entry(frame, index, key, label, colour(index)))
    out.append("</g></svg>")
    return "".join(out)


#: The colour of a line drawn over a chart for one reader (darker than every series').
OVERLAY = "#212529"


def step_line(
    frame: StepFrame, key: str, label: str, points: Sequence[tuple[int, Number]], *, title: str, slot: int
) -> str:
    """One more line for a chart drawn in ``frame``: a transparent drawing of
    the same size, to lay over it, with its legend entry at ``slot``."""
    out = _frame(frame.width, frame.total_height, title, "")
    out[0] = out[0].replace('class="chart"', 'class="chart chart-overlay"')
    out.append("</g>")
    out.append('<g class="series" fill="none" stroke-width="1.6" stroke-linejoin="round">')
    out += _step_series(frame, key, label, points, OVERLAY)
    out.append('</g><g class="legend" font-size="11" fill="#333">')
    out.append(_legend_entry(frame, slot, key, label, OVERLAY))
    out.append("</g></svg>")
    return "".join(out)


def bar_chart(
    values: Sequence[tuple[int | str, Number]],
    *,
    title: str,
    width: int = 800,
    height: int = 240,
    positive: str = "#198754",
    negative: str = "#dc3545",
) -> str:
    """Signed bars around a zero line, one per ``(label, value)``."""
    left, right, top, bottom = 48, 8, 10, 24
    plot_w, plot_h = width - left - right, height - top - bottom
    numbers = [float(v) for _l, v in values]
    low, high = min([0.0, *numbers]), max([0.0, *numbers])
    if high - low < 1e-9:
        high = low + 1
    ticks = _ticks(low, high)
    low, high = min(low, ticks[0]), max(high, ticks[-1])

    def sy(y: float) -> float:
        return top + plot_h * (high - y) / (high - low)

    slot = plot_w / max(len(values), 1)
    bar = min(max(slot * 0.8, 1), 48)
    out = _frame(width, height, title, 'stroke="#ddd"')
    out += _grid(ticks, sy, left, width - right)
    out.append('</g><g class="bars">')
    zero = sy(0)
    every = max(1, len(values) // 20)
    for i, (label, value) in enumerate(values):
        v = float(value)
        x = left + i * slot + (slot - bar) / 2
        y0, y1 = sorted((zero, sy(v)))
        fill = positive if v >= 0 else negative
        out.append(
            f'<rect x="{_fmt(x)}" y="{_fmt(y0)}" width="{_fmt(bar)}" height="{_fmt(max(y1 - y0, 0.5))}" '
            f'fill="{fill}"><title>{escape(str(label))}{colon()} {_number(v)}</title></rect>'
        )
        if i % every == 0:
            out.append(
                f'<text x="{_fmt(x + bar / 2)}" y="{height - 8}" font-size="11" fill="#555" '
                f'text-anchor="middle">{escape(str(label))}</text>'
            )
    out.append(f'<line x1="{left}" x2="{width - right}" y1="{_fmt(zero)}" y2="{_fmt(zero)}" stroke="#333"/>')
    out.append("</g></svg>")
    return "".join(out)


def progression_chart(
    progression: Mapping[str, Sequence[tuple[int, Number]]],
    drawn: Sequence[str],
    names: Mapping[str, str],
    x_labels: Sequence[int],
    *,
    title: str,
) -> tuple[str, StepFrame]:
    """The season's points moyens chart: one step line per player of ``drawn``
    (in the standings' order), and its frame. The axes hold every player's
    values and, when some are not drawn, the legend keeps a place for one
    more line (a reader's own, :func:`step_line`)."""
    series = [(p, names.get(p, p), progression[p]) for p in drawn if progression.get(p)]
    frame = StepFrame.around(
        [y for points in progression.values() for _x, y in points],
        x_labels,
        legend_slots=len(series) + (len(series) < len(progression)),
    )
    return step_chart(series, x_labels, title=title, frame=frame), frame

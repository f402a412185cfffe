"""The classification as a django-tables2 table: sortable, one unfoldable line per player.

django-tables2 defines the columns, their headers and the order; the lines'
rows are made by :meth:`StandingsTable.body`, one call of each column's
renderer per cell (django-tables2's own rows look every renderer's
signature up again for each cell: a season of 200 players cost a third of
its computation to render).
"""

import itertools
from decimal import Decimal
from fractions import Fraction
from html import escape
from urllib.parse import quote

import django_tables2 as tables
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.html import conditional_escape, format_html
from django.utils.http import RFC3986_SUBDELIMS
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from .explanations import explanation_html
from .templatetags.reports_extras import average, num, signed, title_label

#: The orderings a reader may ask for (anything else falls back to the rank),
#: so that the cached renderings stay few.
ORDERINGS = frozenset(
    f"{sign}{name}"
    for sign in ("", "-")
    for name in ("rank", "name", "manches", "place_points", "bonus", "malus", "points", "average")
)


#: Where a username goes in the table's one path to a player's page (no username has a space),
#: and how it stands in that path once quoted as ``reverse`` quotes it.
PLAYER_SLOT = "PLAYER SLOT"
_PATH_SAFE = RFC3986_SUBDELIMS + "/~:@"
_QUOTED_SLOT = quote(PLAYER_SLOT, safe=_PATH_SAFE)


def _cell_html(value) -> str:
    """A cell's content as HTML: as it is when it is HTML already, else escaped, as
    ``conditional_escape`` writes it, without its check for lazy text at each cell."""
    html = getattr(value, "__html__", None)
    return html() if html is not None else escape(str(value))


#: Columns a phone leaves out (the unfolded explanation of a line has them all).
WIDE_ONLY = "d-none d-md-table-cell"


class NumberColumn(tables.Column):
    def __init__(self, *args, extra_class: str = "", **kwargs):
        css = f"text-end {extra_class}".strip()
        kwargs.setdefault("attrs", {"td": {"class": css}, "th": {"class": css}})
        super().__init__(*args, **kwargs)

    def render(self, value, record=None):
        return num(value)


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rang"), attrs={"td": {"class": "fw-bold"}})
    name = tables.Column(verbose_name=_("Joueur"), order_by=("name", "player"))
    manches = NumberColumn(verbose_name=_("Manches"), extra_class="manches")
    place_points = NumberColumn(verbose_name=_("Points de place"), extra_class=WIDE_ONLY)
    bonus = NumberColumn(verbose_name=_("Bonus"), extra_class=WIDE_ONLY)
    malus = NumberColumn(verbose_name=_("Malus"), extra_class=WIDE_ONLY)
    points = NumberColumn(verbose_name=_("Points cumulés"), extra_class=WIDE_ONLY)
    average = NumberColumn(
        verbose_name=_("Points moyens"),
        attrs={"td": {"class": "text-end fw-bold average"}, "th": {"class": "text-end average"}},
    )
    title = tables.Column(
        verbose_name=_("Titre"),
        orderable=False,
        empty_values=(),
        attrs={"td": {"class": "d-none d-sm-table-cell wraps"}, "th": {"class": "d-none d-sm-table-cell"}},
    )
    if_closed = tables.Column(
        verbose_name=_("Si la saison s'arrêtait ce soir"),
        orderable=False,
        empty_values=(),
        accessor="player",
        attrs={"td": {"class": f"{WIDE_ONLY} wraps"}, "th": {"class": WIDE_ONLY}},
    )

    class Meta:
        template_name = "reports/_standings_table.html"
        attrs = {"class": "table table-sm table-hover table-standings align-middle", "id": "standings"}
        order_by = ("rank",)
        orderable = True
        empty_text = _("Aucune manche jouée pour l'instant : le classement apparaîtra après la première.")

    def __init__(
        self,
        data,
        *,
        closed: bool,
        season_name: str = "",
        min_manches: int | None = None,
        explanations: dict | None = None,
        lazy: bool = False,
        **kwargs,
    ):
        exclude = kwargs.pop("exclude", ())
        if closed:
            exclude = (*exclude, "if_closed")
        self.closed = closed
        self.min_manches = min_manches
        self.explanations = explanations or {}
        # A big season's explanations are fetched when a line is unfolded.
        self.lazy = lazy
        self.season_name = season_name
        super().__init__(data, exclude=exclude, **kwargs)

    def body(self) -> SafeString:
        """The table's lines, in its order: each line's row, then the row its
        explanation unfolds into (carried, or loaded when unfolded for a big season).

        Every renderer is called as ``render(value, record)``: the table's
        ``render_<column>`` methods, else the column's own ``render``. The rows
        are joined here rather than by the template: a template loop over a big
        season's 2,000 cells cost as much as the table's whole making, and one
        over a club's lines and their explanations a third of the page's
        rendering. Each cell's opening tag is made once per column, and its
        content escaped unless it is already HTML (``format_html`` per cell was
        half the rest).
        """
        columns = [
            (
                str(column.accessor),
                format_html("<td {}>", column.attrs["td"].as_html()),
                self._renderer(column),
            )
            for column in self.columns
        ]
        span = len(columns)
        if not self.data:
            return format_html('<tr><td colspan="{}">{}</td></tr>', span, self.empty_text)
        rows = []
        for parity, record in zip(itertools.cycle(("even", "odd")), self.data, strict=False):
            player = escape(record.player)
            cells = "".join(
                f"{opening}{_cell_html(render(getattr(record, f), record))}</td>"
                for f, opening, render in columns
            )
            rows.append(
                f'<tr data-player="{player}" class="{parity}">{cells}</tr>'
                f'<tr class="collapse explain-row" id="explain-{player}" data-player="{player}">'
                f'<td colspan="{span}">{self._explanation(record)}</td></tr>'
            )
        return mark_safe("".join(rows))  # noqa: S308 (each part is escaped or made by format_html)

    def _renderer(self, column):
        """How ``column``'s cells are made: the table's ``render_<column>``, else the
        column's own. A number (a number column's, an average) is written once per type
        and writing in the table, as its explanations' numbers are (:attr:`_words`,
        ``num(value)`` under the same key): the lines' points and bonuses are a few values
        again and again, and writing each was a quarter of the cells."""
        own = getattr(self, f"render_{column.name}", None)
        if own is None and type(column.column) is NumberColumn:
            return self._written_once("#", column.column.render)
        if column.name == "average":
            return self._written_once("average", own)
        return own or column.column.render

    def _written_once(self, kind: str, render):
        def written(value, record):
            return self._once(kind, lambda value: render(value, record), value)

        return written

    def _once(self, kind: str, write, value) -> str:
        """``write(value)``, kept in the table under ``kind`` for a number other than a whole one."""
        if type(value) is int or not isinstance(value, Decimal | Fraction | float):
            return write(value)
        key = (kind, type(value), str(value))  # 1.0 and 1, 0.5 and 1/2 stay apart
        text = self._words.get(key)
        if text is None:
            text = self._words[key] = write(value)
        return text

    def _explanation(self, record) -> str:
        """What a line unfolds into: its explanation, or for a big season where to load it from."""
        if not self.lazy:
            return explanation_html(
                self.explanations.get(record.player) or (),
                record.participation,
                self.min_manches,
                self._words,
            )
        url = reverse("reports:standings_explanation", args=[self.season_name, record.player])
        return format_html(
            '<div hx-get="{}" hx-trigger="intersect once" hx-swap="outerHTML"><a href="{}">{}</a></div>',
            url,
            url,
            self._labels["load explanation"],
        )

    @cached_property
    def _words(self) -> dict:
        """What the lines' explanations translated and wrote already, in the table's one
        language (``league.wording.message_text``): the same wordings, places and numbers
        come back in every line."""
        return {}

    @cached_property
    def _labels(self) -> dict[str, str]:
        """The words the lines repeat, translated and escaped once per table, not per line."""
        return {
            "explain": conditional_escape(_("Le détail des points")),
            "detail": conditional_escape(_("détail")),
            "provisional title": conditional_escape(_("Provisoire : définitif à la clôture de la saison")),
            "provisional": conditional_escape(_("provisoire")),
            "unchanged": format_html('<span class="text-muted">{}</span>', _("inchangé")),
            "rank": conditional_escape(_("rang")),
            "load explanation": conditional_escape(_("Voir le détail des points")),
        }

    def render_average(self, value, record):
        """Two decimals on the page; the CSV and the API keep the exact value."""
        return average(value)

    def render_rank(self, value, record):
        return f"{value}=" if record.tied else str(value)

    def render_name(self, value, record):
        """The player's name, a link to his page, and the button that unfolds his line.

        Written with the table's one path to a player's page and its labels escaped
        once (:attr:`_labels`): a reversed path and a ``format_html`` of seven parts
        per line were a quarter of a club's table."""
        player = escape(record.player)
        url = escape(self._player_path.replace(_QUOTED_SLOT, quote(record.player, safe=_PATH_SAFE)))
        labels = self._labels
        return mark_safe(  # noqa: S308 (every part is escaped here or in _labels)
            f'<a href="{url}">{_cell_html(value)}</a> <button type="button" '
            'class="btn btn-link btn-sm p-0 ms-1 explain-toggle no-print" '
            f'data-bs-toggle="collapse" data-bs-target="#explain-{player}" aria-expanded="false" '
            f'aria-controls="explain-{player}" title="{labels["explain"]}"><span aria-hidden="true">▾</span>'
            f'<span class="d-none d-md-inline"> {labels["detail"]}</span>'
            f'<span class="visually-hidden d-md-none"> {labels["explain"]}</span></button>'
        )

    @cached_property
    def _player_path(self) -> str:
        """The path to a player's page with :data:`PLAYER_SLOT`, quoted, for his username."""
        return reverse("reports:player", args=[PLAYER_SLOT])

    def render_title(self, value, record):
        if not record.title:
            return ""
        if self.closed:
            return format_html('<span class="badge text-bg-warning">{}</span>', title_label(record.title))
        return format_html(
            '<span class="badge text-bg-light border" title="{}">{} ({})</span>',
            self._labels["provisional title"],
            title_label(record.title),
            self._labels["provisional"],
        )

    def render_if_closed(self, value, record):
        if record.participation is None and record.rank_if_closed == record.rank:
            return self._labels["unchanged"]
        parts = []
        if record.participation is not None:
            parts.append(format_html('<span class="text-danger">{}</span>', signed(record.participation)))
        parts.append(
            format_html(
                "{} {} ({})",
                self._labels["rank"],
                record.rank_if_closed,
                self._once("average", average, record.average_if_closed),
            )
        )
        return format_html("{} → {}", parts[0], parts[1]) if len(parts) == 2 else parts[0]

"""The classification of a season: the table, its explanations, the chart, the CSV and the spreadsheet."""

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from league import revision_cache
from league.permissions import Action, can
from league.selectors.seasons import current_season, listed_seasons, season_or_404

from .. import charts, exports
from ..explanations import explanation_html
from ..selectors.cache import memo, reading_name
from ..selectors.readings import (
    line_explanation,
    player_progression,
    season_standings,
    standings_with_details,
)
from ..selectors.standings import explains_inline
from ..tables import ORDERINGS, StandingsTable
from .common import goals_of, highlight_style, request_with_query

#: Up to this many classified players the progression chart draws them all
#: (a club's season, as it always was); beyond, it draws the first
#: ``CHART_LEADERS`` of the classification, and a signed-in reader's own line
#: over them: 200 lines were unreadable and most of the page's weight.
CHART_ALL_PLAYERS = 20
CHART_LEADERS = 10


def standings_current(request):
    """The classification of the season being played (else the last one closed)."""
    current = current_season()
    if current is None:
        return render(request, "reports/standings.html", {"season": None, "seasons": []})
    return redirect("reports:standings", season_name=current.name)


def _fragment(request, season, sort: str, now) -> dict:
    """The part of the page that is the same for every reader, rendered once per
    revision, language and ordering; with what the per-reader part needs."""
    name, compute = _fragment_maker(request, season, sort, now)
    return memo(season, name, now, compute)


def prerender(season_pk: int, now) -> None:
    """Render the page's shared part in every language, in the default order, after a
    change (``league.recompute_season`` runs it after the readings): the first reader
    of the new revision does not render it while the others wait or get the previous one."""
    from django.conf import settings
    from django.contrib.auth.models import AnonymousUser
    from django.test import RequestFactory
    from django.urls import reverse
    from django.utils import translation

    from league.models import Season

    season = Season.objects.filter(pk=season_pk).first()
    if season is None:
        return
    for language, _label in settings.LANGUAGES:
        with translation.override(language):
            request = RequestFactory().get(reverse("reports:standings", args=[season.name]))
            request.user = AnonymousUser()
            name, compute = _fragment_maker(request, season, "rank", now)

            def make(compute=compute, name=name):
                value, until = compute()
                return {name: value}, until

            revision_cache.refresh(season.pk, season.revision, name, now=now, compute=make, read_only=True)


def _fragment_maker(request, season, sort: str, now):
    """The name of the page's shared part, and how to render it (``() -> (value, valid until)``)."""

    def compute():
        data, details = standings_with_details(season, now=now)
        lazy = details is not None and not explains_inline(details)
        explanations = {}
        if details is not None and not lazy:
            explanations = {
                line.player: line_explanation(season, line.player, now=now) for line in data.lines
            }
        table = StandingsTable(
            list(data.lines),
            closed=data.closed,
            season_name=season.name,
            min_manches=data.min_manches,
            explanations=explanations,
            lazy=lazy,
        )
        clean = request_with_query(request, sort=None if sort == "rank" else sort)
        RequestConfig(clean, paginate=False).configure(table)
        html = render_to_string(
            "reports/_standings_fragment.html",
            {"data": data, "table": table, "season": season},
            request=clean,
        )
        ranks = {line.player: (line.rank, line.tied) for line in data.lines}
        fragment = {"html": html, "ranks": ranks, "count": len(data.lines), "chart": "", "leaders": ()}
        if details and details.progression:
            fragment.update(_progression_chart(data, details))
        return fragment, data.valid_until

    return reading_name("standings-html", get_language(), sort), compute


def _progression_chart(data, details) -> dict:
    """The chart of the season's points moyens: every player's line in a club-sized
    season; else the leaders' (``leaders``), in a ``frame`` a reader's own line is drawn in."""
    order = [line.player for line in data.lines]
    names = data.names
    if len(order) <= CHART_ALL_PLAYERS:
        title = _("Points moyens de chaque joueur, manche après manche")
        chart, _frame = charts.progression_chart(
            details.progression, order, names, details.manche_numbers, title=title
        )
        return {"chart": chart}
    leaders = tuple(order[:CHART_LEADERS])
    title = _("Points moyens des %(count)s premiers du classement, manche après manche") % {
        "count": len(leaders)
    }
    chart, frame = charts.progression_chart(
        details.progression, leaders, names, details.manche_numbers, title=title
    )
    return {"chart": chart, "leaders": leaders, "frame": frame}


def _my_part(request, season, fragment, now) -> dict:
    """The signed-in reader's own part of the page, his goals' box and his line over the
    leaders' chart, rendered once per revision, language and reader: made at each view, they
    were two reads of the cache and a fifth of a member's page."""

    def compute():
        goals = goals_of(season, request.user.username, now)
        html = render_to_string("reports/_my_goals.html", {"my_goals": goals}) if goals else ""
        line = _my_line(request, season, fragment, now)
        return {"goals": mark_safe(html), "line": line}, season_standings(season, now=now).valid_until  # noqa: S308 (our own template's rendering)

    return memo(season, reading_name("standings-mine", get_language(), request.user.username), now, compute)


def _my_line(request, season, fragment, now) -> str:
    """The signed-in reader's own line over a chart of the leaders he is not among."""
    username = request.user.username
    if "frame" not in fragment or username in fragment["leaders"] or username not in fragment["ranks"]:
        return ""
    points = player_progression(season, username, now=now)
    if not points:
        return ""
    return charts.step_line(
        fragment["frame"],
        username,
        request.user.display_name,
        points,
        title=_("Vos points moyens, manche après manche"),
        slot=len(fragment["leaders"]),
    )


def standings(request, season_name: str):
    season = season_or_404(season_name)
    now = timezone.now()
    sort = request.GET.get("sort", "rank")
    if sort not in ORDERINGS:
        sort = "rank"
    with revision_cache.watching() as watch:  # the previous result while the new one is computed
        fragment = _fragment(request, season, sort, now)
        me = None
        mine = {"goals": "", "line": ""}
        if request.user.is_authenticated:
            me = fragment["ranks"].get(request.user.username)
            mine = _my_part(request, season, fragment, now)
    context = {
        "season": season,
        "seasons": listed_seasons(),
        "fragment": fragment["html"],
        "count": fragment["count"],
        "chart": fragment["chart"],
        "leaders": len(fragment["leaders"]),
        "my_line": mine["line"],
        "me": me,
        "my_goals": mine["goals"],
        "highlight": highlight_style(request),
        "updating": watch.previous,
        "can_award": season.is_closed
        and request.user.is_authenticated
        and can(request.user, Action.MANAGE_SEASON, season),
    }
    return render(request, "reports/standings.html", context)


def standings_explanation(request, season_name: str, username: str):
    """One line's explanation: the fragment an unfolded line loads, or a page of its own.

    Rendered once per reading of the season (its revision, until a deadline it did not
    count passes) and language: a vainqueur who never writes his compte-rendu loses 0.5 at
    every later manche, and early in a season of 1,600 manches that is 1,400 lines, each
    message and date put in the reader's words at each view (15× the sign-in page)."""
    season = season_or_404(season_name)
    now = timezone.now()
    data = season_standings(season, now=now)
    line = data.line_of(username)
    if line is None:
        raise Http404

    def make():
        lines = line_explanation(season, username, now=now)
        html = None if lines is None else explanation_html(lines, line.participation, data.min_manches)
        return html, data.valid_until

    explanation = memo(season, reading_name("explanation-html", get_language(), username), now, make)
    if explanation is None:
        raise Http404
    explanation = mark_safe(explanation)  # noqa: S308 (explanation_html escaped each message)
    if request.htmx:
        return HttpResponse(explanation)
    return render(
        request, "reports/explanation.html", {"season": season, "line": line, "explanation": explanation}
    )


def standings_csv(request, season_name: str):
    """The classification as CSV for tools (numbers as the season format writes them; UTF-8 with a BOM)."""
    season = season_or_404(season_name)
    data = season_standings(season, now=timezone.now())
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="classement-{season.name}.csv"'
    response.write("\ufeff")
    exports.standings_csv(data, response)
    return response


def standings_xlsx(request, season_name: str):
    """The classification as a spreadsheet people open as it is (real numbers, headers in their language)."""
    season = season_or_404(season_name)
    data = season_standings(season, now=timezone.now())
    response = HttpResponse(exports.standings_workbook(data), content_type=exports.XLSX_CONTENT_TYPE)
    response["Content-Disposition"] = f'attachment; filename="classement-{season.name}.xlsx"'
    return response

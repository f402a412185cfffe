"""The palmarès: every season's podium and accessits, the all-time records, the
ratings across seasons, the printable page."""

from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from league import revision_cache
from league.rules import rating
from league.selectors.seasons import listed_seasons, season_or_404

from ..selectors.cache import memo, reading_name
from ..selectors.readings import (
    PALMARES_RATINGS,
    PALMARES_STREAKS,
    club_ratings,
    club_records,
    season_standings,
)
from ..selectors.readings import palmares as palmares_data
from ..selectors.standings import names_of
from .players import STREAK_LABELS

#: Players in the palmarès' ratings table (the ratings page lists everyone).
RATINGS_ON_PALMARES = PALMARES_RATINGS


def _rating_rows(ratings, limit=None) -> list[tuple[int, str, str, float, int, float]]:
    """``(rank, player, name, rating, manches, peak)``, highest rating first (one query for the names)."""
    ranked = ratings.ranked()[:limit]
    names = names_of(p for p, _r in ranked)
    return [
        (i, player, names.get(player, player), value, len(ratings.history[player]), ratings.peak(player))
        for i, (player, value) in enumerate(ranked, start=1)
    ]


#: Players listed for each longest streak on the palmarès.
STREAKS_ON_PALMARES = PALMARES_STREAKS


def _streak_records(records) -> list[tuple[str, list]]:
    """``(label, [(name, streak), …])`` for each kind of streak, longest first (one query for the names)."""
    kinds = [(label, records.longest_of(kind)[:STREAKS_ON_PALMARES]) for kind, label in STREAK_LABELS.items()]
    names = names_of(s.player for _label, streaks in kinds for s in streaks)
    return [(label, [(names.get(s.player, s.player), s) for s in streaks]) for label, streaks in kinds]


def _kept_for_the_club(name: str, now, render) -> tuple[SafeString, bool]:
    """``render()``'s HTML, the same for every reader, rendered once per revision of the
    club's seasons (kept with the newest season's readings; valid until the first
    deadline not yet counted); and whether it is a previous revision's, being updated."""
    seasons = sorted(listed_seasons(), key=lambda s: s.name)

    def compute():
        html = render()
        expiries = [season_standings(s, now=now).valid_until for s in seasons]
        until = min((u for u in expiries if u is not None), default=None)
        return {name: mark_safe(html)}, until  # noqa: S308 (our own template's rendering)

    with revision_cache.watching() as watch:
        if seasons:
            revision = sum(s.revision for s in seasons)
            html = revision_cache.reading(seasons[-1].pk, revision, name, now=now, compute=compute)
        else:
            html = compute()[0][name]
    return html, watch.previous


def palmares(request):
    """The palmarès: the same for every reader, rendered once per revision of the
    club's seasons and language (valid until the first deadline not yet counted)."""
    now = timezone.now()

    def render_body():
        context = {
            "palmares": palmares_data(now=now),
            "ratings": _rating_rows(club_ratings(now=now, part="palmares"), RATINGS_ON_PALMARES),
            "streaks": _streak_records(club_records(now=now, part="palmares")),
        }
        return render_to_string("reports/_palmares_body.html", context)

    body, updating = _kept_for_the_club(f"palmares-html:{get_language()}", now, render_body)
    return render(request, "reports/palmares.html", {"body": body, "updating": updating})


def ratings(request):
    """The rating explained, and every player's: the table rendered once per revision of
    the club's seasons and language, as the palmarès (reading every player's ratings
    and history back and rendering 200 rows took 23 ms a view, 10× the sign-in page)."""
    now = timezone.now()

    def render_table():
        rows = _rating_rows(club_ratings(now=now))
        return render_to_string("reports/_ratings_table.html", {"ratings": rows}) if rows else ""

    table, _updating = _kept_for_the_club(f"ratings-html:{get_language()}", now, render_table)
    context = {
        "table": table,
        "initial": rating.INITIAL,
        "k": rating.K,
        "scale": rating.SCALE,
    }
    return render(request, "reports/ratings.html", context)


def palmares_print(request, season_name: str):
    """One season's end: titles, accessits with their citations, the final table; made for paper.

    What the classification makes of it is rendered once per revision and language
    (a 200 players' table took 10 ms a view, 4.4× the sign-in page)."""
    season = season_or_404(season_name)
    now = timezone.now()

    def compute():
        data = season_standings(season, now=now)
        html = render_to_string("reports/_palmares_print_body.html", {"data": data})
        return mark_safe(html), data.valid_until  # noqa: S308 (our own template's rendering)

    body = memo(season, reading_name("palmares-print", get_language()), now, compute)
    return render(request, "reports/palmares_print.html", {"season": season, "body": body})

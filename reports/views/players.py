"""A player's page: his seasons, titles and statistics."""

import hashlib

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from league import revision_cache
from league.rules import calendar as cal
from league.rules import rating
from league.selectors.seasons import listed_seasons, season_or_404

from .. import charts
from ..selectors.players import comptes_rendus_written, recent_comptes_rendus
from ..selectors.readings import club_ratings, club_records, player_record, season_standings
from ..selectors.standings import names_of
from .common import goals_of

#: Rating changes listed under the chart, newest first.
RECENT_RATING_CHANGES = 5
#: Opponents in the head-to-head table, most manches together first.
HEAD_TO_HEAD_ROWS = 12
STREAK_LABELS = {
    "won": gettext_lazy("Manches gagnées d'affilée"),
    "top_two": gettext_lazy("Dans les 2 premiers d'affilée"),
    "never_last": gettext_lazy("Sans finir dernier d'affilée"),
}


def streak_rows(records, player: str) -> list:
    """``(label, longest streak or None, current streak or None)`` for each kind of streak."""
    longest = records.longest.get(player, {})
    current = records.current.get(player, {})
    return [(label, longest.get(kind), current.get(kind)) for kind, label in STREAK_LABELS.items()]


def player(request, username: str):
    user = get_object_or_404(get_user_model(), username=username)
    now = timezone.now()
    with revision_cache.watching() as watch:  # the previous results while the new ones are computed
        body = _body(request, user, now)
    context = {"profile": user, "body": body, "updating": watch.previous}
    return render(request, "reports/player.html", context)


def _body(request, user, now) -> str:
    """The page below its title, the same for every reader: rendered once per
    revision of the club's seasons (any change to any of them renders it again),
    language, chosen season and what the page shows of the member himself."""
    seasons = sorted(listed_seasons(), key=lambda s: s.name)
    shown = (user.display_name, user.avatar.name, request.GET.get("saison", ""))
    digest = hashlib.blake2b(repr(shown).encode(), digest_size=12).hexdigest()
    name = f"player-html:{get_language()}:{user.username}:{digest}"

    def compute():
        html = render_to_string("reports/_player_body.html", _player_context(request, user, now))
        # Right until the first deadline a season's results did not count (a late malus may fall then).
        expiries = [season_standings(s, now=now).valid_until for s in seasons]
        until = min((u for u in expiries if u is not None), default=None)
        return {name: mark_safe(html)}, until  # noqa: S308 (our own template's rendering)

    if not seasons:
        return compute()[0][name]
    revision = sum(s.revision for s in seasons)
    return revision_cache.reading(seasons[-1].pk, revision, name, now=now, compute=compute)


def _player_context(request, user, now) -> dict:
    record = player_record(user, now=now)
    chosen = None
    if record.seasons:
        wanted = request.GET.get("saison")
        chosen = next((s for s in record.seasons if s.season == wanted), record.seasons[0])
    chart = ""
    if chosen is not None and chosen.manches:
        chart = charts.bar_chart(
            [(m.number, m.score) for m in chosen.manches],
            title=_("Jetons de %(name)s à chaque manche de la saison %(season)s")
            % {"name": user.display_name, "season": chosen.season},
        )
    playing = next((s for s in record.seasons if not s.closed and s.rank is not None), None)
    season = season_or_404(playing.season) if playing else None
    goals = goals_of(season, user.username, now) if season else None
    changes = club_ratings(now=now, part=f"player:{user.username}").history.get(user.username, ())
    rating_chart = ""
    if changes:
        rating_chart = charts.step_chart(
            [
                (
                    user.username,
                    user.display_name,
                    [(i, c.after - rating.INITIAL) for i, c in enumerate(changes, 1)],
                )
            ],
            list(range(1, len(changes) + 1)),
            title=_("Cote Elo de %(name)s après chacune de ses manches (écart à %(initial)s)")
            % {"name": user.display_name, "initial": int(rating.INITIAL)},
        )
    records = club_records(now=now, part=f"player:{user.username}")
    opponents = records.head_to_head.get(user.username, ())[:HEAD_TO_HEAD_ROWS]
    opponent_names = names_of(h.opponent for h in opponents)
    places = [(place, record.places.get(place, 0)) for place in range(1, cal.SEATS + 1)]
    context = {
        "profile": user,
        "record": record,
        "chosen": chosen,
        "chart": chart,
        "rating": changes[-1].after if changes else None,
        "rating_chart": rating_chart,
        "rating_initial": int(rating.INITIAL),
        "rating_changes": [
            {
                "season": c.season,
                "number": c.number,
                "place": c.place,
                "scored": c.scored,
                "expected": c.expected,
                "change": round(c.change, 1),
            }
            for c in changes[::-1][:RECENT_RATING_CHANGES]
        ],
        "streaks": streak_rows(records, user.username),
        "head_to_head": [(opponent_names.get(h.opponent, h.opponent), h) for h in opponents],
        "goals_season": season,
        "goals": goals,
        "places": places,
        "places_max": max([n for _p, n in places] + [1]),
        "comptes_rendus": comptes_rendus_written(user),
        "recent_comptes_rendus": recent_comptes_rendus(user),
    }
    return context

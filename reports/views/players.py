"""A player's page: his seasons, titles and statistics."""

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import charts
from ..selectors.players import comptes_rendus_written, recent_comptes_rendus
from ..selectors.readings import player_record


def player(request, username: str):
    user = get_object_or_404(get_user_model(), username=username)
    record = player_record(user, now=timezone.now())
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
    places = [(place, record.places.get(place, 0)) for place in range(1, 6)]
    context = {
        "profile": user,
        "record": record,
        "chosen": chosen,
        "chart": chart,
        "places": places,
        "places_max": max([n for _p, n in places] + [1]),
        "comptes_rendus": comptes_rendus_written(user),
        "recent_comptes_rendus": recent_comptes_rendus(user),
    }
    return render(request, "reports/player.html", context)

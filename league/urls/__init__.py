"""The league's URLs, one module per views module so each stays small.

Areas with fixed words at the top level (``calendrier/``, ``presidence/``)
come before the seasons area, whose ``<season_name>/`` would match them.
"""

from . import (
    awards,
    calendar,
    comptes_rendus,
    dashboard,
    draw,
    manche,
    registrations,
    seasons,
    sheet,
    transfer,
)

app_name = "league"

urlpatterns = (
    manche.urlpatterns
    + dashboard.urlpatterns
    + calendar.urlpatterns
    + registrations.urlpatterns
    + draw.urlpatterns
    + seasons.urlpatterns
    + sheet.urlpatterns
    + comptes_rendus.urlpatterns
    + transfer.urlpatterns
    + awards.urlpatterns
)

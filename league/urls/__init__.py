"""The league's URLs, one module per area so each stays small."""

from . import awards, comptes_rendus, manche, seasons, sheet, transfer

app_name = "league"

urlpatterns = (
    manche.urlpatterns
    + seasons.urlpatterns
    + sheet.urlpatterns
    + comptes_rendus.urlpatterns
    + transfer.urlpatterns
    + awards.urlpatterns
)

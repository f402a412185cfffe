"""The league's URLs, one module per area so each stays small."""

from . import comptes_rendus, seasons, sheet, transfer

app_name = "league"

urlpatterns = seasons.urlpatterns + sheet.urlpatterns + comptes_rendus.urlpatterns + transfer.urlpatterns

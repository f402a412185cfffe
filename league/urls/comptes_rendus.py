"""URLs of the comptes_rendus area."""

urlpatterns = []

"""URLs of the sheet area."""

urlpatterns = []

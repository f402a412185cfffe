"""URLs of the seasons area."""

urlpatterns = []

"""URLs of the transfer area."""

urlpatterns = []

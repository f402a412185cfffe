"""URLs of the transfer area: the President's season import and the season download."""

from django.urls import path

from ..views import transfer as views

urlpatterns = [
    path("presidence/importer/", views.season_import, name="season_import"),
    path("<str:season_name>/export.json", views.season_export, name="season_export"),
]

"""The reports' URLs: the classification, the players, the palmarès and the JSON API."""

from django.urls import path

from .views import api, palmares, players, projections, standings

app_name = "reports"

urlpatterns = [
    path("classement/", standings.standings_current, name="standings_current"),
    path("classement/<str:season_name>/", standings.standings, name="standings"),
    path("classement/<str:season_name>/classement.csv", standings.standings_csv, name="standings_csv"),
    path("classement/<str:season_name>/classement.xlsx", standings.standings_xlsx, name="standings_xlsx"),
    path(
        "classement/<str:season_name>/detail/<str:username>/",
        standings.standings_explanation,
        name="standings_explanation",
    ),
    path("ce-qu-il-me-faut/", projections.projections_current, name="projections_current"),
    path("ce-qu-il-me-faut/<str:season_name>/", projections.projections, name="projections"),
    path("joueurs/<str:username>/", players.player, name="player"),
    path("palmares/", palmares.palmares, name="palmares"),
    path("palmares/cote/", palmares.ratings, name="ratings"),
    path("palmares/<str:season_name>/imprimer/", palmares.palmares_print, name="palmares_print"),
    path("api/seasons/<str:season_name>/standings.json", api.api_standings, name="api_standings"),
]

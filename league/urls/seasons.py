"""URLs of the seasons area: the list, the current season, a season's page, creating, editing, opening and closing it.

Fixed words come before ``<season_name>/`` so no season name can hide them;
``league.urls`` puts this module after those of the other areas with fixed
words at the top level (the calendar, the President's desk).
"""

from django.urls import path

from ..views import seasons as views

urlpatterns = [
    path("", views.season_list, name="season_list"),
    path("courante/", views.season_current, name="season_current"),
    path("nouvelle/", views.season_create, name="season_create"),
    path("<str:season_name>/", views.season_detail, name="season_detail"),
    path("<str:season_name>/modifier/", views.season_edit, name="season_edit"),
    path("<str:season_name>/ouvrir/", views.season_open, name="season_open"),
    path("<str:season_name>/cloturer/", views.season_close, name="season_close"),
    path("<str:season_name>/rouvrir/", views.season_reopen, name="season_reopen"),
]

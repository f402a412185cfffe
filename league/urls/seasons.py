"""URLs of the seasons area: seasons, the calendar, registrations, the draw, the President's desk.

Fixed words come before ``<season_name>/`` so no season name can hide them.
"""

from django.urls import path

from ..views import seasons as views

urlpatterns = [
    path("", views.season_list, name="season_list"),
    path("courante/", views.season_current, name="season_current"),
    path("calendrier/", views.calendar_current, name="calendar_current"),
    path("presidence/", views.president_dashboard, name="president_dashboard"),
    path("nouvelle/", views.season_create, name="season_create"),
    path("<str:season_name>/", views.season_detail, name="season_detail"),
    path("<str:season_name>/modifier/", views.season_edit, name="season_edit"),
    path("<str:season_name>/ouvrir/", views.season_open, name="season_open"),
    path("<str:season_name>/cloturer/", views.season_close, name="season_close"),
    path("<str:season_name>/rouvrir/", views.season_reopen, name="season_reopen"),
    path("<str:season_name>/calendrier/", views.calendar, name="calendar"),
    path("<str:season_name>/calendrier/generer/", views.calendar_generate, name="calendar_generate"),
    path("<str:season_name>/inscriptions/ouvrir/", views.registrations_open, name="registrations_open"),
    path("<str:season_name>/manches/ajouter/", views.manche_add, name="manche_add"),
    path("<str:season_name>/manches/<int:number>/modifier/", views.manche_edit, name="manche_edit"),
    path("<str:season_name>/manches/<int:number>/annuler/", views.manche_cancel, name="manche_cancel"),
    path(
        "<str:season_name>/manches/<int:number>/inscription/", views.registration_add, name="registration_add"
    ),
    path(
        "<str:season_name>/manches/<int:number>/desistement/",
        views.registration_withdraw,
        name="registration_withdraw",
    ),
    path("<str:season_name>/manches/<int:number>/tirage/", views.draw, name="draw"),
]

"""URLs of the calendar area: the calendar, generating it, adding, moving and cancelling manches, opening registrations."""

from django.urls import path

from ..views import calendar as views

urlpatterns = [
    path("calendrier/", views.calendar_current, name="calendar_current"),
    path("<str:season_name>/calendrier/", views.calendar, name="calendar"),
    path("<str:season_name>/calendrier/generer/", views.calendar_generate, name="calendar_generate"),
    path("<str:season_name>/inscriptions/ouvrir/", views.registrations_open, name="registrations_open"),
    path("<str:season_name>/manches/ajouter/", views.manche_add, name="manche_add"),
    path("<str:season_name>/manches/<int:number>/modifier/", views.manche_edit, name="manche_edit"),
    path("<str:season_name>/manches/<int:number>/annuler/", views.manche_cancel, name="manche_cancel"),
]

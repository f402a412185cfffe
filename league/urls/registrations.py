"""URLs of the registrations area: signing up for a manche and withdrawing."""

from django.urls import path

from ..views import registrations as views

urlpatterns = [
    path(
        "<str:season_name>/manches/<int:number>/inscription/", views.registration_add, name="registration_add"
    ),
    path(
        "<str:season_name>/manches/<int:number>/desistement/",
        views.registration_withdraw,
        name="registration_withdraw",
    ),
]

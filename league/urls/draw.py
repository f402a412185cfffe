"""URLs of the draw area: the jetons of a manche."""

from django.urls import path

from ..views import draw as views

urlpatterns = [
    path("<str:season_name>/manches/<int:number>/tirage/", views.draw, name="draw"),
]

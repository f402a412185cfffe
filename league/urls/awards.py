"""URLs of the President's accessits."""

from django.urls import path

from ..views import awards as views

urlpatterns = [
    path("<str:season_name>/accessits/", views.award_manage, name="awards"),
    path("<str:season_name>/accessits/<int:pk>/retirer/", views.award_delete, name="award_delete"),
]

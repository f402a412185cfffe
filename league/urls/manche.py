"""The manche page, shared by every area."""

from django.urls import path

from ..views import manche

urlpatterns = [
    path("<str:season_name>/manches/<int:number>/", manche.manche_detail, name="manche_detail"),
]

"""URLs of the President's desk."""

from django.urls import path

from ..views import dashboard as views

urlpatterns = [
    path("presidence/", views.president_dashboard, name="president_dashboard"),
]

"""URLs of the iCalendar feeds (their own ``feeds`` namespace, reachable without signing in)."""

from django.urls import path

from ..views.feeds import current_feed, personal_feed, season_feed

app_name = "feeds"

urlpatterns = [
    path("saison-courante.ics", current_feed, name="current"),
    path("membre/<str:token>.ics", personal_feed, name="personal"),
    path("<str:season_name>.ics", season_feed, name="season"),
]

"""The site's URLs: the home page, the offline sheet's service worker and manifest, the admin,
the language switch, then each app under its French prefix, uploaded media, and the reports last."""

from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from league.views import offline
from reports import views as report_views

from .media import media

urlpatterns = [
    path("", report_views.home, name="home"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("comptes/", include("accounts.urls")),
    path("saisons/", include("league.urls")),
    path("calendrier/", include("league.urls.feeds")),
    path(settings.MEDIA_URL.lstrip("/") + "<path:path>", media, name="media"),
    path("", include("reports.urls")),
]

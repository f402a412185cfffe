from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path

from league.views import offline
from reports import views as report_views

urlpatterns = [
    path("", report_views.home, name="home"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("comptes/", include("accounts.urls")),
    path("saisons/", include("league.urls")),
    path("calendrier/", include("league.urls.feeds")),
    path("", include("reports.urls")),
]
if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)

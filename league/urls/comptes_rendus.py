"""URLs of the comptes_rendus area."""

from django.urls import path

from ..views import comptes_rendus as views

urlpatterns = [
    path("courante/comptes-rendus/", views.cr_current, name="cr_current"),
    path("comptes-rendus/apercu/", views.cr_preview, name="cr_preview"),
    # Two segments, so that no season's own page can shadow them.
    path("notifications/mes-avis/", views.notices, name="notices"),
    path("notifications/mes-avis/tout-lu/", views.notice_read, name="notices_read_all"),
    path("notifications/mes-avis/<int:pk>/lu/", views.notice_read, name="notice_read"),
    path("<str:season_name>/comptes-rendus/", views.cr_list, name="cr_list"),
    path("<str:season_name>/comptes-rendus/<int:pk>/", views.cr_detail, name="cr_detail"),
    path("<str:season_name>/comptes-rendus/<int:pk>/modifier/", views.cr_edit, name="cr_edit"),
    path("<str:season_name>/comptes-rendus/<int:pk>/juger/", views.cr_judge, name="cr_judge"),
    path("<str:season_name>/comptes-rendus/<int:pk>/commenter/", views.cr_comment, name="cr_comment"),
    path("<str:season_name>/manches/<int:number>/compte-rendu/ecrire/", views.cr_write, name="cr_write"),
]

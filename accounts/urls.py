"""The accounts' URLs (``/comptes/``): signing in and out, the profile, members, invitations,
join requests, the President's desk and the offices, the password reset."""

from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from .forms.login import ThrottledPasswordResetForm
from .views import invitations, join, login, members, offices, profile

app_name = "accounts"

urlpatterns = [
    path("connexion/", login.LoginView.as_view(), name="login"),
    path("deconnexion/", auth_views.LogoutView.as_view(), name="logout"),
    path("profil/", profile.profile, name="profile"),
    path("profil/adresse/", profile.email_change, name="email_change"),
    path("profil/calendrier/nouveau-lien/", profile.calendar_token_reset, name="calendar_token_reset"),
    path("adresse/confirmer/<str:token>/", profile.email_confirm, name="email_confirm"),
    path("membres/", members.members, name="members"),
    path("rejoindre/", join.join, name="join"),
    path("rejoindre/envoyee/", join.join_sent, name="join_sent"),
    path("invitation/<str:token>/", invitations.invitation_accept, name="invitation_accept"),
    # The President's desk (or his Vice-President's).
    path("presidence/", offices.membership, name="membership"),
    path("presidence/invitations/", invitations.invitation_list, name="invitation_list"),
    path("presidence/invitations/nouvelle/", invitations.invite, name="invite"),
    path(
        "presidence/invitations/<int:pk>/renvoyer/", invitations.invitation_resend, name="invitation_resend"
    ),
    path(
        "presidence/invitations/<int:pk>/revoquer/", invitations.invitation_revoke, name="invitation_revoke"
    ),
    path("presidence/demandes/", join.join_request_list, name="join_request_list"),
    path("presidence/demandes/<int:pk>/accepter/", join.join_request_approve, name="join_request_approve"),
    path("presidence/demandes/<int:pk>/refuser/", join.join_request_refuse, name="join_request_refuse"),
    path("presidence/membres/", members.member_admin, name="member_admin"),
    path(
        "presidence/membres/<str:username>/desactiver/", members.member_deactivate, name="member_deactivate"
    ),
    path("presidence/membres/<str:username>/reactiver/", members.member_reactivate, name="member_reactivate"),
    path("presidence/fonctions/", offices.offices, name="offices"),
    path(
        "mot-de-passe/",
        auth_views.PasswordChangeView.as_view(
            template_name="accounts/password_change.html",
            success_url=reverse_lazy("accounts:password_change_done"),
        ),
        name="password_change",
    ),
    path(
        "mot-de-passe/change/",
        auth_views.PasswordChangeDoneView.as_view(template_name="accounts/password_change_done.html"),
        name="password_change_done",
    ),
    path(
        "mot-de-passe/oublie/",
        auth_views.PasswordResetView.as_view(
            form_class=ThrottledPasswordResetForm,
            template_name="accounts/password_reset.html",
            email_template_name="emails/password_reset.txt",
            html_email_template_name="emails/password_reset.html",
            subject_template_name="emails/password_reset_subject.txt",
            success_url=reverse_lazy("accounts:password_reset_done"),
        ),
        name="password_reset",
    ),
    path(
        "mot-de-passe/oublie/envoye/",
        auth_views.PasswordResetDoneView.as_view(template_name="accounts/password_reset_done.html"),
        name="password_reset_done",
    ),
    path(
        "mot-de-passe/nouveau/<uidb64>/<token>/",
        login.PasswordResetConfirmView.as_view(
            template_name="accounts/password_reset_confirm.html",
            success_url=reverse_lazy("accounts:password_reset_complete"),
        ),
        name="password_reset_confirm",
    ),
    path(
        "mot-de-passe/nouveau/fait/",
        auth_views.PasswordResetCompleteView.as_view(template_name="accounts/password_reset_complete.html"),
        name="password_reset_complete",
    ),
]

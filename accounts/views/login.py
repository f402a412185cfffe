"""Signing in, and finishing a password reset: Django's views with the per-account cap (``accounts.login_guard``)."""

from django.contrib.auth import views as auth_views
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils import timezone

from ..client_address import client_address
from ..forms.login import LoginForm
from ..login_guard import address_trust


class LoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    redirect_authenticated_user = True
    authentication_form = LoginForm

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.has_error(NON_FIELD_ERRORS, "account_capped"):
            response.status_code = 429  # Too Many Requests, like axes' lock page
        return response


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """A reset completed from an address proves the mailbox: that address becomes usual for the cap."""

    def form_valid(self, form):
        response = super().form_valid(form)
        address_trust(user=form.user, address=client_address(self.request), now=timezone.now())
        return response

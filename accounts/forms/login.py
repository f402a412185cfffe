"""Signing in, and the password reset, throttled per address and per client."""

import math

from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm
from django.core.exceptions import ValidationError
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import ngettext

from ..client_address import client_address
from ..email_throttle import may_send
from ..emails import plain_text
from ..services.outbox import queue_email


class LoginForm(AuthenticationForm):
    """Django's sign-in form, saying so when the account's guesses are capped (``accounts.login_guard``)."""

    def clean(self):
        try:
            return super().clean()
        except ValidationError:
            remaining = getattr(self.request, "login_capped_for", None)
            if remaining is None:
                raise
            minutes = max(1, math.ceil(remaining.total_seconds() / 60))
            raise ValidationError(
                ngettext(
                    "Trop de tentatives pour ce compte depuis cette adresse : réessayez dans %(minutes)d "
                    "minute ou depuis votre connexion habituelle, ou réinitialisez votre mot de passe.",
                    "Trop de tentatives pour ce compte depuis cette adresse : réessayez dans %(minutes)d "
                    "minutes ou depuis votre connexion habituelle, ou réinitialisez votre mot de passe.",
                    minutes,
                )
                % {"minutes": minutes},
                code="account_capped",
            ) from None


class ThrottledPasswordResetForm(PasswordResetForm):
    """Django's reset form, sending at most a few emails an hour per address and per client.

    The page answers the same whether or not an email went out. Subject and
    text are plain text (no HTML escaping), like every email of the site.
    """

    def save(self, *args, request=None, **kwargs):
        if may_send("password_reset", address=self.cleaned_data["email"], client=client_address(request)):
            super().save(*args, request=request, **kwargs)

    def send_mail(
        self,
        subject_template_name,
        email_template_name,
        context,
        from_email,
        to_email,
        html_email_template_name=None,
    ):
        """Into the outbox like every email of the site (sent by a worker, retried, never twice)."""
        html = render_to_string(html_email_template_name, context) if html_email_template_name else ""
        queue_email(
            to=[to_email],
            subject=plain_text(subject_template_name, context),
            text=plain_text(email_template_name, context),
            html=html,
            now=timezone.now(),
        )

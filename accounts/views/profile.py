"""A member's own profile: his details, his e-mail address, his calendar link."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from ..forms.common import add_service_errors, rendered_once
from ..forms.profile import EmailChangeForm, ProfileForm
from ..models import EmailChange
from ..permissions import Action, can
from ..services import profile as services
from .common import message_errors


@login_required
@require_http_methods(["GET", "POST"])
def profile(request):
    form = ProfileForm(request.POST or None, request.FILES or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        services.profile_save(form=form)
        messages.success(request, _("Profil enregistré."))
        return redirect("accounts:profile")
    if request.method == "POST":
        # A rejected upload must not linger on the page as if it were saved.
        request.user.refresh_from_db()
    pending_email = (
        EmailChange.objects.filter(
            user=request.user,
            confirmed_at__isnull=True,
            cancelled_at__isnull=True,
            expires_at__gt=timezone.now(),
        )
        .order_by("-created_at")
        .first()
    )
    return render(
        request,
        "accounts/profile.html",
        {
            "form": form,
            # Shown as saved, his details are rendered once per what they are (crispy's
            # templates, field by field, were most of the page: 3× the sign-in page).
            "fields": rendered_once("accounts/_crispy_form.html", form),
            "pending_email": pending_email,
            "is_officer": can(request.user, Action.MANAGE_CLUB),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def email_change(request):
    form = EmailChangeForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.email_change_request(
                user=request.user, new_email=form.cleaned_data["new_email"], now=timezone.now()
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            # The same words whether or not the address is free: nothing is revealed.
            messages.success(
                request,
                _(
                    "C'est presque fait : ouvrez le lien envoyé à %(email)s pour confirmer la nouvelle adresse. "
                    "D'ici là, l'ancienne reste en service."
                )
                % {"email": form.cleaned_data["new_email"]},
            )
            return redirect("accounts:profile")
    return render(request, "accounts/email_change.html", {"form": form})


@never_cache
@require_http_methods(["GET", "POST"])
def email_confirm(request, token):
    """Opening the link shows a button; only pressing it changes the address (link scanners only GET)."""
    now = timezone.now()
    change = services.email_change_for_token(token, now=now)
    if change is None:
        return render(request, "accounts/link_invalid.html", status=200)
    if request.method == "POST":
        try:
            user = services.email_change_confirm(token=token, now=now)
        except ValidationError as error:
            message_errors(request, error)
            return render(request, "accounts/link_invalid.html", status=200)
        messages.success(request, _("Votre adresse est désormais %(email)s.") % {"email": user.email})
        return redirect("accounts:profile" if request.user.is_authenticated else "accounts:login")
    return render(request, "accounts/email_confirm.html", {"change": change})


@login_required
@require_POST
def calendar_token_reset(request):
    services.calendar_token_reset(user=request.user, now=timezone.now())
    messages.success(
        request,
        _("Nouveau lien de calendrier créé. L'ancien ne fonctionne plus : abonnez votre agenda au nouveau."),
    )
    return redirect("accounts:profile")

"""Invitations: sending, resending and revoking them (officers), accepting one (the invited player)."""

from django.contrib import messages
from django.contrib.auth import login
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from ..forms.common import add_service_errors
from ..forms.invitations import InvitationAcceptForm, InvitationForm
from ..models import Invitation, User
from ..permissions import Action, permission_required
from ..services import invitations as services
from .common import PAGE_SIZE, SIGN_IN_BACKEND, one_click


@never_cache
@require_http_methods(["GET", "POST"])
def invitation_accept(request, token):
    now = timezone.now()
    invitation = services.invitation_for_token(token, now=now)
    if invitation is None:
        # Unknown, used, revoked or expired: one page, which says nothing more.
        return render(request, "accounts/link_invalid.html", status=200)
    account = invitation.user or User(
        username=invitation.username, display_name=invitation.display_name, email=invitation.email
    )
    form = InvitationAcceptForm(account, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.invitation_accept(
                token=token,
                password=form.cleaned_data["new_password1"],
                display_name=form.cleaned_data["display_name"],
                now=now,
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            login(request, user, backend=SIGN_IN_BACKEND)
            messages.success(
                request,
                _("Bienvenue au club, %(name)s ! Votre compte est prêt ; voici votre profil.")
                % {"name": user.display_name},
            )
            return redirect("accounts:profile")
    return render(request, "accounts/invitation_accept.html", {"invitation": invitation, "form": form})


@permission_required(Action.MANAGE_CLUB)
def invitation_list(request):
    now = timezone.now()
    page = Paginator(
        Invitation.objects.select_related("created_by", "user").order_by("-created_at"), PAGE_SIZE
    ).get_page(request.GET.get("page"))
    rows = [(inv, inv.status(now)) for inv in page]
    return render(request, "accounts/invitation_list.html", {"page": page, "rows": rows})


@permission_required(Action.MANAGE_CLUB)
@require_http_methods(["GET", "POST"])
def invite(request):
    form = InvitationForm(
        request.POST or None, initial=request.GET.dict() if request.method == "GET" else None
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.invitation_create(by=request.user, now=timezone.now(), **form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(
                request,
                _("C'est envoyé : %(name)s recevra à %(email)s un lien pour rejoindre le club.")
                % {"name": form.cleaned_data["display_name"], "email": form.cleaned_data["email"]},
            )
            return redirect("accounts:membership")
    return render(request, "accounts/invite.html", {"form": form})


@permission_required(Action.MANAGE_CLUB)
@require_POST
def invitation_resend(request, pk):
    invitation = get_object_or_404(Invitation, pk=pk)
    return one_click(
        request,
        services.invitation_resend,
        _("Invitation renvoyée à %(email)s avec un nouveau lien ; l'ancien ne fonctionne plus.")
        % {"email": invitation.email},
        invitation=invitation,
        back_to="accounts:membership",
    )


@permission_required(Action.MANAGE_CLUB)
@require_POST
def invitation_revoke(request, pk):
    invitation = get_object_or_404(Invitation, pk=pk)
    return one_click(
        request,
        services.invitation_revoke,
        _("Invitation de %(name)s révoquée : son lien ne fonctionne plus.")
        % {"name": invitation.display_name},
        invitation=invitation,
        back_to="accounts:membership",
    )

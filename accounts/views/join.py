"""Join requests: the visitor's form, and the officers' list, approval and refusal."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from ..client_address import client_address
from ..forms.common import add_service_errors
from ..forms.join import JoinApprovalForm, JoinRequestForm
from ..models import JoinRequest
from ..permissions import Action, permission_required
from ..selectors import member_with_email
from ..services import join as services
from .common import PAGE_SIZE, one_click


@require_http_methods(["GET", "POST"])
def join(request):
    if request.user.is_authenticated:
        return redirect("accounts:profile")
    form = JoinRequestForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not form.is_robot():
            try:
                services.join_request_submit(
                    name=form.cleaned_data["name"],
                    email=form.cleaned_data["email"],
                    message=form.cleaned_data["message"],
                    now=timezone.now(),
                    client=client_address(request),
                )
            except ValidationError as error:
                add_service_errors(form, error)
                return render(request, "accounts/join.html", {"form": form})
        return redirect("accounts:join_sent")
    return render(request, "accounts/join.html", {"form": form})


def join_sent(request):
    return render(request, "accounts/join_sent.html")


@permission_required(Action.MANAGE_CLUB)
def join_request_list(request):
    page = Paginator(
        JoinRequest.objects.select_related("decided_by", "invitation").order_by("-created_at"), PAGE_SIZE
    ).get_page(request.GET.get("page"))
    return render(request, "accounts/join_request_list.html", {"page": page})


@permission_required(Action.MANAGE_CLUB)
@require_http_methods(["GET", "POST"])
def join_request_approve(request, pk):
    join_request = get_object_or_404(JoinRequest, pk=pk)
    if not join_request.is_pending:
        messages.info(request, _("Cette demande a déjà été traitée."))
        return redirect("accounts:membership")
    form = JoinApprovalForm.for_request(join_request, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            invitation = services.join_request_approve(
                by=request.user, join_request=join_request, now=timezone.now(), **form.cleaned_data
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            if invitation is None:
                messages.info(request, _already_member_text(join_request))
            else:
                messages.success(
                    request,
                    _("Demande de %(name)s acceptée : son invitation est partie à %(email)s.")
                    % {"name": join_request.name, "email": join_request.email},
                )
            return redirect("accounts:membership")
    member = member_with_email(join_request.email)
    return render(
        request,
        "accounts/join_request_approve.html",
        {"join_request": join_request, "form": form, "member": member},
    )


def _already_member_text(join_request: JoinRequest) -> str:
    member = member_with_email(join_request.email)
    return _(
        "%(email)s est déjà l'adresse d'un membre, %(member)s : pas d'invitation ; la demande est close "
        "et un rappel pour se connecter lui a été envoyé."
    ) % {"email": join_request.email, "member": member or join_request.name}


@permission_required(Action.MANAGE_CLUB)
@require_POST
def join_request_refuse(request, pk):
    join_request = get_object_or_404(JoinRequest, pk=pk)
    return one_click(
        request,
        services.join_request_refuse,
        _("Demande de %(name)s refusée.") % {"name": join_request.name},
        join_request=join_request,
        back_to="accounts:membership",
    )

"""The President's desk and the club's offices (handing over the presidency, the Vice-President)."""

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from ..forms.common import add_service_errors, rendered_once
from ..forms.invitations import InvitationForm
from ..forms.offices import PresidencyHandOverForm, VicePresidentForm
from ..models import Invitation, JoinRequest, Mandate
from ..permissions import Action, permission_required
from ..roles import current_president, current_vice_president
from ..services import offices as services


@permission_required(Action.MANAGE_CLUB)
def membership(request):
    """The President's desk: requests waiting for him, invitations not yet accepted."""
    now = timezone.now()
    pending_requests = JoinRequest.objects.filter(decided_at__isnull=True).order_by("created_at")
    pending_invitations = (
        Invitation.objects.filter(used_at__isnull=True, revoked_at__isnull=True)
        .select_related("created_by", "user")
        .order_by("-created_at")
    )
    return render(
        request,
        "accounts/membership.html",
        {
            "now": now,
            "pending_requests": pending_requests,
            "pending_invitations": [(inv, inv.status(now)) for inv in pending_invitations],
            "invite_form": InvitationForm(),
            "valid_days": settings.INVITATION_VALID_DAYS,
        },
    )


@permission_required(Action.HAND_OVER_PRESIDENCY)
@require_http_methods(["GET", "POST"])
def offices(request):
    """The intronisation (hand over the presidency) and the designation of the Vice-President."""
    president = current_president()
    vice = current_vice_president()
    hand_over_form = PresidencyHandOverForm(president=president or request.user)
    vice_form = VicePresidentForm(president=president or request.user, initial={"user": vice})
    if request.method == "POST":
        now = timezone.now()
        if request.POST.get("action") == "hand_over":
            hand_over_form = PresidencyHandOverForm(request.POST, president=president or request.user)
            if hand_over_form.is_valid():
                new_president = hand_over_form.cleaned_data["to"]
                try:
                    services.presidency_hand_over(by=request.user, to=new_president, now=now)
                except ValidationError as error:
                    add_service_errors(hand_over_form, error)
                else:
                    messages.success(
                        request,
                        _("Vive le Président %(name)s ! La présidence lui est transmise.")
                        % {"name": new_president.display_name},
                    )
                    return redirect("accounts:profile")
        elif request.POST.get("action") == "vice_president":
            vice_form = VicePresidentForm(request.POST, president=president or request.user)
            if vice_form.is_valid():
                chosen = vice_form.cleaned_data["user"]
                try:
                    services.vice_president_designate(by=request.user, user=chosen, now=now)
                except ValidationError as error:
                    add_service_errors(vice_form, error)
                else:
                    if chosen:
                        messages.success(
                            request,
                            _("%(name)s est désormais Vice-Président.") % {"name": chosen.display_name},
                        )
                    else:
                        messages.success(request, _("Le club n'a plus de Vice-Président."))
                    return redirect("accounts:offices")
    past = Mandate.objects.select_related("user", "appointed_by").order_by("-started_at")[:20]
    return render(
        request,
        "accounts/offices.html",
        {
            "president": president,
            "vice": vice,
            "hand_over_form": rendered_once("accounts/_crispy_form.html", hand_over_form),
            "vice_form": rendered_once("accounts/_crispy_form.html", vice_form),
            "mandates": past,
        },
    )

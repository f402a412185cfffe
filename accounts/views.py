from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from . import services
from .client_address import client_address
from .forms import (
    EmailChangeForm,
    InvitationAcceptForm,
    InvitationForm,
    JoinApprovalForm,
    JoinRequestForm,
    PresidencyHandOverForm,
    ProfileForm,
    VicePresidentForm,
    add_service_errors,
)
from .models import EmailChange, Invitation, JoinRequest, Mandate, User
from .roles import current_president, current_vice_president, is_club_officer, is_club_president

# The invited player has just chosen his password: sign him in with the
# ordinary backend (axes only watches password attempts).
SIGN_IN_BACKEND = "django.contrib.auth.backends.ModelBackend"
PAGE_SIZE = 25


def officer_required(view):
    """The President or the Vice-President standing in for him (league's club officer)."""

    @wraps(view)
    @login_required
    def wrapper(request, *args, **kwargs):
        if not is_club_officer(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def president_required(view):
    @wraps(view)
    @login_required
    def wrapper(request, *args, **kwargs):
        if not is_club_president(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def _back(request, default: str):
    """Return to the list the action was taken from, if it is one of ours."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return redirect(target)
    return redirect(default)


def _message_errors(request, error: ValidationError) -> None:
    for text in error.messages:
        messages.error(request, text)


def _one_click(request, service, done: str, **target) -> None:
    """Run an officer's one-button action on ``target``: its refusal as error messages, else ``done``.

    These actions post a bare button and redirect at once: there is no form to
    hold a refusal, so each reports through the messages, the same way, here.
    """
    try:
        service(by=request.user, now=timezone.now(), **target)
    except ValidationError as error:
        _message_errors(request, error)
    else:
        messages.success(request, done)


# --- Profile ---------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def profile(request):
    form = ProfileForm(request.POST or None, request.FILES or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
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
        {"form": form, "pending_email": pending_email, "is_officer": is_club_officer(request.user)},
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
            _message_errors(request, error)
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


# --- Directory -------------------------------------------------------------


@login_required
def members(request):
    """Who plays in the club. Never an email address: members see names only."""
    fields = ("username", "display_name", "first_season", "avatar")
    active = User.objects.filter(is_active=True).only(*fields).order_by("display_name", "username")
    former = User.objects.filter(is_active=False).only(*fields).order_by("display_name", "username")
    return render(request, "accounts/members.html", {"active_members": active, "former_members": former})


# --- Joining: invitations and requests --------------------------------------


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


@officer_required
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


@officer_required
def invitation_list(request):
    now = timezone.now()
    page = Paginator(
        Invitation.objects.select_related("created_by", "user").order_by("-created_at"), PAGE_SIZE
    ).get_page(request.GET.get("page"))
    rows = [(inv, inv.status(now)) for inv in page]
    return render(request, "accounts/invitation_list.html", {"page": page, "rows": rows})


@officer_required
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
                _(
                    "C'est envoyé : %(name)s recevra à %(email)s un lien pour rejoindre le club "
                    "(ou, s'il est déjà membre, un rappel pour se connecter)."
                )
                % {"name": form.cleaned_data["display_name"], "email": form.cleaned_data["email"]},
            )
            return redirect("accounts:membership")
    return render(request, "accounts/invite.html", {"form": form})


@officer_required
@require_POST
def invitation_resend(request, pk):
    invitation = get_object_or_404(Invitation, pk=pk)
    _one_click(
        request,
        services.invitation_resend,
        _("Invitation renvoyée à %(email)s avec un nouveau lien ; l'ancien ne fonctionne plus.")
        % {"email": invitation.email},
        invitation=invitation,
    )
    return _back(request, "accounts:membership")


@officer_required
@require_POST
def invitation_revoke(request, pk):
    invitation = get_object_or_404(Invitation, pk=pk)
    _one_click(
        request,
        services.invitation_revoke,
        _("Invitation de %(name)s révoquée : son lien ne fonctionne plus.")
        % {"name": invitation.display_name},
        invitation=invitation,
    )
    return _back(request, "accounts:membership")


@officer_required
def join_request_list(request):
    page = Paginator(
        JoinRequest.objects.select_related("decided_by", "invitation").order_by("-created_at"), PAGE_SIZE
    ).get_page(request.GET.get("page"))
    return render(request, "accounts/join_request_list.html", {"page": page})


@officer_required
@require_http_methods(["GET", "POST"])
def join_request_approve(request, pk):
    join_request = get_object_or_404(JoinRequest, pk=pk)
    if not join_request.is_pending:
        messages.info(request, _("Cette demande a déjà été traitée."))
        return redirect("accounts:membership")
    form = JoinApprovalForm.for_request(join_request, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.join_request_approve(
                by=request.user, join_request=join_request, now=timezone.now(), **form.cleaned_data
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(
                request,
                _("Demande de %(name)s acceptée : son invitation est partie à %(email)s.")
                % {"name": join_request.name, "email": join_request.email},
            )
            return redirect("accounts:membership")
    return render(request, "accounts/join_request_approve.html", {"join_request": join_request, "form": form})


@officer_required
@require_POST
def join_request_refuse(request, pk):
    join_request = get_object_or_404(JoinRequest, pk=pk)
    _one_click(
        request,
        services.join_request_refuse,
        _("Demande de %(name)s refusée.") % {"name": join_request.name},
        join_request=join_request,
    )
    return redirect("accounts:membership")


# --- Leaving and returning ---------------------------------------------------


@officer_required
def member_admin(request):
    """Every account, with what the President can do about it (emails shown: he writes to them)."""
    users = User.objects.order_by("-is_active", "display_name", "username")
    state = request.GET.get("etat")
    if state == "actifs":
        users = users.filter(is_active=True)
    elif state == "inactifs":
        users = users.filter(is_active=False)
    page = Paginator(users, 50).get_page(request.GET.get("page"))
    officers = set(Mandate.objects.filter(ended_at__isnull=True).values_list("user_id", flat=True))
    return render(request, "accounts/member_admin.html", {"page": page, "officers": officers, "state": state})


@officer_required
@require_http_methods(["GET", "POST"])
def member_deactivate(request, username):
    member = get_object_or_404(User, username=username)
    if request.method == "POST":
        _one_click(
            request,
            services.member_deactivate,
            _("%(name)s est désactivé : il ne peut plus se connecter ; tout son historique reste en place.")
            % {"name": member.display_name},
            user=member,
        )
        return redirect("accounts:member_admin")
    return render(request, "accounts/member_deactivate.html", {"member": member})


@officer_required
@require_POST
def member_reactivate(request, username):
    member = get_object_or_404(User, username=username)
    _one_click(
        request,
        services.member_reactivate,
        _("%(name)s est de retour : il se connecte comme avant et retrouve tout son historique.")
        % {"name": member.display_name},
        user=member,
    )
    return redirect("accounts:member_admin")


# --- Offices -----------------------------------------------------------------


@president_required
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
            "hand_over_form": hand_over_form,
            "vice_form": vice_form,
            "mandates": past,
        },
    )

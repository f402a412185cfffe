"""Members: the directory, and (officers) deactivating and reactivating accounts."""

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from config.remembered import rendered

from ..models import Mandate, User
from ..name_order import by_name
from ..pagers import pager
from ..permissions import Action, permission_required
from ..services import members as services
from ..signals import deactivation_effects
from .common import one_click

#: Members listed on a page of the directory, active and former ones each: the whole
#: club in one page grows with it (200 members took 12 ms, 5× the sign-in page).
MEMBERS_PER_PAGE = 50


@login_required
def members(request):
    """Who plays in the club, a page at a time (the former players' own pages in
    their fold). Never an email address: members see names only. Each page of each
    list is rendered once per what it shows (the same for every reader): through the
    template at each view, 50 members with their links were near 3× the sign-in page."""
    fields = ("username", "display_name", "first_season", "avatar")
    active = User.objects.filter(is_active=True).only(*fields).order_by(by_name(), "username")
    former = User.objects.filter(is_active=False).only(*fields).order_by(by_name(), "username")
    active_page = Paginator(active, MEMBERS_PER_PAGE).get_page(request.GET.get("page"))
    former_page = Paginator(former, MEMBERS_PER_PAGE).get_page(request.GET.get("anciens"))
    return render(
        request,
        "accounts/members.html",
        {
            "active_members": pager(request, active_page, "page"),
            "active_rows": _directory_rows("accounts/_directory_active.html", active_page),
            "former_members": pager(request, former_page, "anciens"),
            "former_rows": _directory_rows("accounts/_directory_former.html", former_page),
            "former_open": "anciens" in request.GET,
        },
    )


def _directory_rows(template: str, page):
    """A page of the directory's members, rendered once per what they show."""
    members = list(page.object_list)
    shown = [(m.username, m.display_name, m.first_season, m.avatar.name) for m in members]
    return rendered(template, {"members": members}, shown=shown)


@permission_required(Action.MANAGE_CLUB)
def member_admin(request):
    """Every account, with what the President can do about it (emails shown: he writes to them).

    A page's 50 members are rendered once per what they show (their names, email, state and
    office, and whether one is the reader, who cannot deactivate himself): through the
    template at each view, they were 3× the sign-in page at 200 members."""
    users = User.objects.order_by("-is_active", by_name(), "username")
    state = request.GET.get("etat")
    if state == "actifs":
        users = users.filter(is_active=True)
    elif state == "inactifs":
        users = users.filter(is_active=False)
    page = Paginator(users, 50).get_page(request.GET.get("page"))
    offices: dict[int, list[str]] = {}
    for user_id, role in (
        Mandate.objects.filter(ended_at__isnull=True).order_by("role").values_list("user_id", "role")
    ):
        offices.setdefault(user_id, []).append(str(Mandate.Role(role).label))
    officers = set(offices)
    members = list(page.object_list)
    for m in members:
        m.office = ", ".join(offices.get(m.pk, ()))  # « Président », « Vice-Président »
    rows = rendered(
        "accounts/_member_rows.html",
        {"members": members, "officers": officers, "reader": request.user.pk},
        shown=[
            request.user.pk,
            [
                (
                    m.pk,
                    m.username,
                    m.display_name,
                    m.email,
                    m.is_active,
                    m.has_usable_password(),
                    m.office,
                )
                for m in members
            ],
        ],
    )
    return render(request, "accounts/member_admin.html", {"page": page, "rows": rows, "state": state})


@permission_required(Action.MANAGE_CLUB)
@require_http_methods(["GET", "POST"])
def member_deactivate(request, username):
    member = get_object_or_404(User, username=username)
    if request.method == "POST":
        return one_click(
            request,
            services.member_deactivate,
            _("%(name)s est désactivé : il ne peut plus se connecter ; tout son historique reste en place.")
            % {"name": member.display_name},
            user=member,
            back_to="accounts:member_admin",
        )
    # What the apps above would undo (his sign-ups to manches still to play), listed before he goes.
    effects = [
        line
        for _receiver, lines in deactivation_effects.send(sender=User, user=member, now=timezone.now())
        for line in lines
    ]
    return render(request, "accounts/member_deactivate.html", {"member": member, "effects": effects})


@permission_required(Action.MANAGE_CLUB)
@require_POST
def member_reactivate(request, username):
    member = get_object_or_404(User, username=username)
    return one_click(
        request,
        services.member_reactivate,
        _("%(name)s est de retour : il se connecte comme avant et retrouve tout son historique.")
        % {"name": member.display_name},
        user=member,
        back_to="accounts:member_admin",
    )

"""The table signs the closed sheet; a player contests a donne; the President rules.

Views are glue: a permission from ``league.permissions``, one call to
``league.services.signatures``, a message, back to the manche page.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from accounts.forms.common import add_service_errors, rendered_once

from ..models import DonneContest
from ..permissions import Action, can, require
from ..selectors.seasons import manche_or_404
from ..selectors.signatures import in_contest_period, night_signatures
from ..services import signatures as services
from .common import flash_errors


def _back(manche):
    return redirect(manche.get_absolute_url() + "#signatures")


class ContestForm(forms.Form):
    index = forms.TypedChoiceField(label=gettext_lazy("Donne contestée"), coerce=int)
    reason = forms.CharField(
        label=gettext_lazy("Motif"),
        max_length=services.REASON_MAX,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("Ce qui ne va pas : le Président le lit et tranche."),
    )

    def __init__(self, *args, indices, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["index"].choices = [(i, _("Donne %(n)s") % {"n": i}) for i in indices]


@login_required
@require_POST
def sign(request, season_name: str, number: int):
    """One tap: "je valide la feuille"."""
    manche = manche_or_404(season_name, number)
    require(request.user, Action.SIGN_SHEET, manche)
    try:
        services.sheet_sign(manche=manche, by=request.user, now=timezone.now())
    except ValidationError as error:
        flash_errors(request, error)
    else:
        messages.success(
            request, _("Merci : vous avez validé la feuille de la manche %(n)s.") % {"n": manche.number}
        )
    return _back(manche)


@login_required
@require_POST
def table_signed(request, season_name: str, number: int):
    """The capitaine records that the table signed the sheet there and then."""
    manche = manche_or_404(season_name, number)
    require(request.user, Action.RECORD_TABLE_SIGNATURES, manche)
    try:
        n = services.table_signed(manche=manche, by=request.user, now=timezone.now())
    except ValidationError as error:
        flash_errors(request, error)
    else:
        messages.success(request, _("Feuille signée à la table (%(n)s joueurs).") % {"n": n})
    return _back(manche)


@login_required
@require_http_methods(["GET", "POST"])
def contest(request, season_name: str, number: int):
    """A player of the table contests a donne, with a reason, during the contest period."""
    manche = manche_or_404(season_name, number)
    require(request.user, Action.CONTEST_DONNE, manche)
    indices = list(manche.donnes.values_list("index", flat=True))
    form = ContestForm(request.POST or None, indices=indices, initial={"index": request.GET.get("donne")})
    if request.method == "POST" and form.is_valid():
        try:
            services.donne_contest(
                manche=manche,
                index=form.cleaned_data["index"],
                reason=form.cleaned_data["reason"],
                by=request.user,
                now=timezone.now(),
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(
                request, _("Contestation envoyée : le Président va trancher. La table est prévenue.")
            )
            return _back(manche)
    return render(
        request,
        "league/signatures/contest.html",
        {
            "manche": manche,
            "season": manche.season,
            "fields": rendered_once("accounts/_crispy_form.html", form),
            "night": night_signatures(manche),
        },
    )


@login_required
@require_POST
def rule(request, season_name: str, number: int, pk: int):
    """The President upholds the contested donne, or says he corrected it on the sheet."""
    manche = manche_or_404(season_name, number)
    require(request.user, Action.RULE_CONTEST, manche)
    contest_ = get_object_or_404(DonneContest, pk=pk, manche=manche)
    try:
        services.contest_rule(
            contest=contest_,
            ruling=request.POST.get("ruling", ""),
            note=request.POST.get("note", "")[: services.REASON_MAX],
            by=request.user,
            now=timezone.now(),
        )
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Décision enregistrée : la table est prévenue."))
    return _back(manche)


def signatures_section_context(
    request, manche, *, seats: list | None = None, has_donnes: bool | None = None
) -> dict:
    """The manche page's section: who confirmed, the contests, provisional or official
    (``seats``: the saved seats, already read; ``has_donnes``: whether its sheet has donnes, when known)."""
    if manche.status != manche.Status.PLAYED:
        return {"night": None}
    now = timezone.now()
    night = night_signatures(manche, seats=seats, now=now)
    signed = any(sig for _u, sig in night.lines)
    if night.until is None and not signed and not night.contests:
        return {"night": None}  # history, or a closed season: nothing was confirmed, nothing is to be
    me = next((sig for user, sig in night.lines if user.pk == request.user.pk), False)
    return {
        "night": night,
        "night_official": night.official(now),
        # Who has not confirmed yet is said only while he still may.
        "signing_open": in_contest_period(manche, now),
        "can_sign": me is None and can(request.user, Action.SIGN_SHEET, manche),
        "can_record_table": any(sig is None for _u, sig in night.lines)
        and can(request.user, Action.RECORD_TABLE_SIGNATURES, manche),
        "can_contest": can(request.user, Action.CONTEST_DONNE, manche)
        and (manche.donnes.exists() if has_donnes is None else has_donnes),
        "can_rule": can(request.user, Action.RULE_CONTEST, manche),
    }

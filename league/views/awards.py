"""The President's accessits: the form to award them, and taking one back."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from accounts.name_order import by_name

from ..models import Award, Season
from ..permissions import Action, require
from ..selectors.seasons import season_or_404
from ..services.awards import CITATION_MAX_LENGTH, award_grant, award_revoke, season_participants


class AwardForm(forms.Form):
    award = forms.ChoiceField(label=gettext_lazy("Accessit"), choices=Award.Kind.choices)
    player = forms.ModelChoiceField(label=gettext_lazy("Joueur"), queryset=None)
    citation = forms.CharField(
        label=gettext_lazy("Citation (facultative)"),
        required=False,
        max_length=CITATION_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("Lue à la remise des prix et imprimée au palmarès."),
    )

    def __init__(self, *args, season: Season, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = season_participants(season)


@login_required
def award_manage(request, season_name: str):
    season = season_or_404(season_name)
    require(request.user, Action.MANAGE_SEASON, season)
    form = AwardForm(request.POST or None, season=season)
    if request.method == "POST" and form.is_valid():
        try:
            award_grant(
                season=season,
                award=form.cleaned_data["award"],
                player=form.cleaned_data["player"],
                citation=form.cleaned_data["citation"],
                by=request.user,
                now=timezone.now(),
            )
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                for error in errors:
                    form.add_error(field if field in form.fields else None, error)
        else:
            messages.success(
                request,
                _("%(award)s décerné à %(player)s.")
                % {
                    "award": Award.Kind(form.cleaned_data["award"]).label,
                    "player": form.cleaned_data["player"],
                },
            )
            return redirect("league:awards", season_name=season.name)
    given = (
        Award.objects.filter(season=season)
        .select_related("player")
        .order_by("award", by_name("player__display_name"))
    )
    return render(request, "league/awards/manage.html", {"season": season, "form": form, "given": given})


@login_required
@require_POST
def award_delete(request, season_name: str, pk: int):
    season = season_or_404(season_name)
    require(request.user, Action.MANAGE_SEASON, season)
    award = get_object_or_404(Award, pk=pk, season=season)
    label = award.get_award_display()
    player = award.player
    award_revoke(award=award, by=request.user, now=timezone.now())
    messages.success(request, _("%(award)s retiré à %(player)s.") % {"award": label, "player": player})
    return redirect("league:awards", season_name=season.name)

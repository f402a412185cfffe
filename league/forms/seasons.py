"""Forms of the seasons area: seasons, calendar, manches, registrations and the draw.

Forms only parse and present; every rule is checked by the services
(``league.services.seasons``, ``calendar``, ``registrations``, ``draw``),
whose ``ValidationError`` is put back on the form's fields.
"""

import itertools
from datetime import UTC, date, datetime, time
from decimal import Decimal, InvalidOperation
from zoneinfo import ZoneInfo

from django import forms
from django.core.exceptions import ValidationError
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts.forms.common import MemberChoiceField as ClubMemberChoiceField
from accounts.models import User
from accounts.name_order import by_name
from config.typography import date_format

from ..models import Manche, Season
from ..rules import calendar as cal
from ..rules.ruleset import DEFAULT_PLACE_POINTS, PARAM_KEYS

# What a club can mean (far beyond any real season).
MULTIPLIER_MAX = 100
MANCHES_MAX = 1_000
DEADLINE_DAYS_MAX = 366
PLACE_POINTS_MAX = 1_000
YEAR_MIN, YEAR_MAX = 1900, 2199


def active_members():
    return User.objects.filter(is_active=True).order_by(by_name(), "username")


#: A contest period longer than a month would keep a night provisional past the next manches.
CONTEST_HOURS_MAX = 720


class MemberChoiceField(ClubMemberChoiceField):
    def member_label(self, username: str, display_name: str) -> str:
        return f"{display_name} ({username})" if display_name != username else username


class SeasonForm(forms.Form):
    """A season's name, rules and officers; params left empty take the season's defaults."""

    name = forms.CharField(
        label=_("Nom"), max_length=9, help_text=_("Deux années qui se suivent : 2011-2012.")
    )
    family = forms.ChoiceField(label=_("Règles"), choices=Season.Family.choices)
    president = MemberChoiceField(label=_("Président"), queryset=active_members(), required=False)
    vice_president = MemberChoiceField(label=_("Vice-Président"), queryset=active_members(), required=False)
    default_location = forms.CharField(
        label=_("Lieu habituel"),
        max_length=120,
        required=False,
        help_text=_("Chez qui se jouent les manches."),
    )
    contest_hours = forms.IntegerField(
        label=capfirst(Season._meta.get_field("contest_hours").verbose_name),
        help_text=Season._meta.get_field("contest_hours").help_text,
        min_value=1,
        max_value=CONTEST_HOURS_MAX,
        initial=Season._meta.get_field("contest_hours").default,
        required=False,  # left empty: the season keeps its period (48 h for a new one)
    )
    garde_contre_multiplier = forms.IntegerField(
        label=_("Multiplicateur de la garde contre"), min_value=1, max_value=MULTIPLIER_MAX, required=False
    )
    defensive_bonus = forms.TypedChoiceField(
        label=_("Bonus défensifs"),
        choices=[("", _("Par défaut")), ("1", _("Oui")), ("0", _("Non"))],
        coerce=lambda v: v == "1",
        empty_value=None,
        required=False,
    )
    place_points = forms.CharField(
        label=_("Points par place (1er à 5e)"),
        required=False,
        help_text=_("Cinq nombres séparés par des virgules."),
    )
    min_manches = forms.IntegerField(
        label=_("Manches minimum (malus de participation)"),
        min_value=0,
        max_value=MANCHES_MAX,
        required=False,
    )
    last_manche_deadline_days = forms.IntegerField(
        label=_("Délai du compte-rendu de la dernière manche (jours)"),
        min_value=0,
        max_value=DEADLINE_DAYS_MAX,
        required=False,
    )
    reason = forms.CharField(
        label=_("Raison du changement de règles"),
        max_length=80,
        required=False,
        help_text=_("Enregistrée dans l'historique de la saison avec le changement."),
    )

    def __init__(self, *args, defaults: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        for key, value in (defaults or {}).items():
            field = self.fields[key]
            shown = ", ".join(str(v) for v in value) if isinstance(value, list) else value
            if key == "defensive_bonus":
                shown = _("oui") if value else _("non")
                field.choices = [
                    ("", _("Par défaut (%(value)s)") % {"value": shown}),
                    ("1", _("Oui")),
                    ("0", _("Non")),
                ]
            else:
                field.widget.attrs["placeholder"] = _("Par défaut : %(value)s") % {"value": shown}

    @staticmethod
    def initial_for(season: Season) -> dict:
        initial = {
            "name": season.name,
            "family": season.family,
            "president": season.president_id,
            "vice_president": season.vice_president_id,
            "default_location": season.default_location,
            "contest_hours": season.contest_hours,
        }
        for key, value in (season.params or {}).items():
            if key == "place_points":
                initial[key] = ", ".join(str(v) for v in value)
            elif key == "defensive_bonus":
                initial[key] = "1" if value else "0"
            else:
                initial[key] = value
        return initial

    def clean_place_points(self):
        raw = (self.cleaned_data.get("place_points") or "").strip()
        if not raw:
            return None
        # "3, 2, 1.5, 0, -1" or, with French decimals, "3; 2; 1,5; 0; -1".
        parts = [p.strip().replace(",", ".") for p in raw.split(";")] if ";" in raw else raw.split(",")
        parts = [p.strip() for p in parts]
        try:
            numbers = [Decimal(p) for p in parts if p]
        except InvalidOperation:
            raise ValidationError(
                _("Cinq nombres séparés par des virgules, par exemple 3, 2, 1, 0, -1.")
            ) from None
        if len(numbers) != len(DEFAULT_PLACE_POINTS):
            raise ValidationError(
                ngettext(
                    "Cinq nombres, un par place du 1er au 5e : %(count)s donné.",
                    "Cinq nombres, un par place du 1er au 5e : %(count)s donnés.",
                    len(numbers),
                )
                % {"count": len(numbers)}
            )
        if not all(n.is_finite() and abs(n) <= PLACE_POINTS_MAX for n in numbers):
            raise ValidationError(
                _("Des points par place entre -%(max)s et %(max)s.") % {"max": PLACE_POINTS_MAX}
            )
        # A place never earns more than the one above it. (The season format, which
        # carries any five numbers, leaves it to the club: only the President's form asks it.)
        if any(lower > higher for higher, lower in itertools.pairwise(numbers)):
            raise ValidationError(
                _("Une place ne peut pas rapporter plus que la place au-dessus d'elle (1er ≥ 2e ≥ … ≥ 5e).")
            )
        return [int(n) if n == n.to_integral_value() else float(n) for n in numbers]

    def params(self) -> dict:
        """The overrides the President typed (the service drops those equal to the defaults)."""
        return {key: self.cleaned_data[key] for key in PARAM_KEYS if self.cleaned_data.get(key) is not None}


class CalendarGenerateForm(forms.Form):
    start_in_august = forms.BooleanField(
        label=_("Commencer le dernier jeudi d'août"),
        required=False,
        help_text=_("Sur décision du Président, à la demande d'au moins cinq joueurs."),
    )
    end_in_july = forms.BooleanField(
        label=_("Finir le premier jeudi de juillet"),
        required=False,
        help_text=_("Sur décision du Président, après consultation des trois premiers du classement."),
    )
    location = forms.CharField(label=_("Lieu"), max_length=120, required=False)

    def options(self) -> cal.CalendarOptions:
        return cal.CalendarOptions(
            start_in_august=self.cleaned_data.get("start_in_august", False),
            end_in_july=self.cleaned_data.get("end_in_july", False),
        )


class MancheForm(forms.Form):
    """A manche's date, time (Paris) and place."""

    day = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    at = forms.TimeField(
        label=_("Heure"),
        initial=cal.DEFAULT_START_TIME,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
    )
    location = forms.CharField(label=_("Lieu"), max_length=120, required=False)

    def clean(self):
        cleaned = super().clean()
        day, at = cleaned.get("day"), cleaned.get("at")
        if day is not None and not YEAR_MIN <= day.year <= YEAR_MAX:
            self.add_error(
                "day", _("Une date entre %(min)s et %(max)s.") % {"min": YEAR_MIN, "max": YEAR_MAX}
            )
        elif day is not None and at is not None:
            local = datetime.combine(day, at, tzinfo=ZoneInfo(cal.CLUB_TIMEZONE))
            if local.astimezone(UTC).astimezone(local.tzinfo).replace(tzinfo=None) != local.replace(
                tzinfo=None
            ):
                self.add_error(
                    "at",
                    _(
                        "Cette heure n'existe pas ce jour-là (passage à l'heure d'été) : choisissez-en une autre."
                    ),
                )
        return cleaned

    def starts_at(self):
        day: date = self.cleaned_data["day"]
        at: time = self.cleaned_data["at"]
        return cal.manche_start(day, at)

    @staticmethod
    def initial_for(manche: Manche) -> dict:
        local = manche.starts_at.astimezone(ZoneInfo(cal.CLUB_TIMEZONE))
        return {
            "day": local.date(),
            "at": local.time().replace(second=0, microsecond=0),
            "location": manche.location,
        }


class CapitaineForm(forms.Form):
    capitaine = MemberChoiceField(label=_("Capitaine de soirée"), queryset=active_members(), required=False)


class CancelForm(forms.Form):
    reason = forms.CharField(
        label=_("Motif"),
        max_length=200,
        help_text=_("Envoyé aux inscrits."),
        widget=forms.TextInput(attrs={"placeholder": _("Par exemple : l'hôte est malade")}),
    )


class OpenRegistrationsForm(forms.Form):
    manches = forms.ModelMultipleChoiceField(
        label=_("Manches"), queryset=Manche.objects.none(), widget=forms.CheckboxSelectMultiple
    )

    def __init__(
        self, *args, season: Season, offered: list[Manche] | None = None, unshown: int = 0, **kwargs
    ):
        """``offered``: the planned manches to offer, as the President's desk read them
        (its first ones; ``unshown`` how many more there are), not read again; the form that
        checks what is sent offers every planned manche."""
        super().__init__(*args, **kwargs)
        planned = season.manches.filter(status=Manche.Status.PLANNED).order_by("starts_at")
        field = self.fields["manches"]
        field.label_from_instance = lambda m: (
            _("Manche %(n)s — %(day)s")
            % {
                "n": m.number,
                "day": date_format(m.starts_at.astimezone(ZoneInfo(cal.CLUB_TIMEZONE)), "DATE_FORMAT"),
            }
        )
        self.unshown = unshown
        if offered is not None:
            planned = planned.filter(pk__in=[m.pk for m in offered])
            field.choices = [(m.pk, field.label_from_instance(m)) for m in offered]
        field.queryset = planned


class RegisterOtherForm(forms.Form):
    player = MemberChoiceField(label=_("Membre"), queryset=active_members())


class DrawForm(forms.Form):
    """Who arrived first, …, and who hosts (he draws last)."""

    def __init__(self, *args, players: list, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = players
        choices = [(p.pk, str(p)) for p in players]
        for i, player in enumerate(players, start=1):
            self.fields[f"arrival_{i}"] = forms.TypedChoiceField(
                label=_("Arrivé en %(rank)s") % {"rank": _("1er") if i == 1 else f"{i}e"},
                choices=choices,
                coerce=int,
                initial=player.pk,
            )
        self.fields["host"] = forms.TypedChoiceField(
            label=_("Hôte (pioche en dernier)"),
            choices=[("", _("Aucun joueur de la table"))] + choices,
            coerce=int,
            empty_value=None,
            required=False,
        )

    def clean(self):
        data = super().clean()
        order = [data.get(f"arrival_{i}") for i in range(1, len(self.players) + 1)]
        if None not in order and len(set(order)) != len(order):
            raise ValidationError(_("Chaque joueur arrive une fois : l'ordre d'arrivée nomme chacun d'eux."))
        return data

    def arrival(self) -> list:
        by_pk = {p.pk: p for p in self.players}
        return [by_pk[self.cleaned_data[f"arrival_{i}"]] for i in range(1, len(self.players) + 1)]

    def host(self):
        pk = self.cleaned_data.get("host")
        return next((p for p in self.players if p.pk == pk), None)

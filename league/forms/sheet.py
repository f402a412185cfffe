"""Forms of the feuille de marque: a donne, the table, quick results, the tie order.

Forms only collect what the table declared, in the interchange format's
shape (player ids are usernames); whether it is allowed is the rules
engine's call, made by ``league.services.sheet``. Its messages come back as a
``ValidationError`` keyed by the engine's paths, which :meth:`EngineErrorsMixin.add_engine_errors`
puts next to the right field.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils import formats
from django.utils.translation import gettext_lazy as _

from accounts.forms.common import MemberChoiceField, ReadChoices
from accounts.models import User
from accounts.name_order import by_name

from ..limits import COUNT_MAX, PENALTY_MAX, PENALTY_REASON_MAX, SCORE_MAX
from ..models import Donne


class PointsField(forms.DecimalField):
    """Card points typed on a phone: ``49,5`` or ``49.5``; the range is the engine's to check."""

    widget = forms.TextInput

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def to_python(self, value):
        if isinstance(value, str):
            value = value.strip().replace(",", ".").replace("\u00a0", "").replace(" ", "")
        return super().to_python(value)

    def widget_attrs(self, widget):
        attrs = super().widget_attrs(widget)
        attrs.update({"inputmode": "decimal", "autocomplete": "off", "pattern": r"[0-9]+([.,][05])?"})
        attrs.pop("step", None)
        return attrs


def _name(user) -> str:
    return str(user)


class EngineErrorsMixin:
    """Route the engine's problems (keyed by their season-format path) to this form's fields."""

    def engine_field(self, path: str) -> str | None:
        return path if path in self.fields else None

    def error_summary(self) -> list[tuple[str, str, list[str]]]:
        """Each refused field, in the form's order: its id, what it is, why. Shown at the top
        of the form, where the page lands after a refusal: the field itself may be a phone's
        length below (the fold of poignées, chelem, misères and pénalités) or, in a table of
        results wider than a phone, out of sight to the right."""
        return [
            (self._anchor(name), self.field_title(name), list(self.errors[name]))
            for name in self.fields
            if name in self.errors
        ]

    def field_title(self, name: str) -> str:
        """What field ``name`` is called in the summary of errors."""
        return str(self.fields[name].label)

    def _anchor(self, name: str) -> str:
        """The id a link to field ``name`` points at: a row of buttons has none of its own, its first button has."""
        bound = self[name]
        return bound.id_for_label or bound.subwidgets[0].id_for_label

    def add_engine_errors(self, error: ValidationError) -> None:
        if not hasattr(error, "error_dict"):
            for message in error.messages:
                self.add_error(None, message)
            return
        for path, errors in error.error_dict.items():
            field = None if path == NON_FIELD_ERRORS else self.engine_field(path)
            for e in errors:
                for message in e.messages if hasattr(e, "messages") else [str(e)]:
                    self.add_error(field if field in self.fields else None, message)


class VersionedForm(forms.Form):
    """Every sheet write names the version of the sheet it was filled against."""

    sheet_version = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=2**63 - 1)

    def clean(self):
        """A missing or garbled version is a hidden field's error: said where the page shows it."""
        cleaned = super().clean()
        if self.errors.pop("sheet_version", None):
            self.add_error(
                None,
                _("Ce formulaire ne dit pas quelle version de la feuille il modifie : rechargez la page."),
            )
        return cleaned

    def rearmed(self, version: int, **kwargs):
        """The same typed data against the sheet's current ``version`` (after a stale write), validated:
        the user checks the sheet, then re-submits. ``kwargs`` are the form's own arguments."""
        data = self.data.copy()
        data["sheet_version"] = str(version)
        form = type(self)(data, **kwargs)
        form.is_valid()
        return form


MISERE_CHOICES = [("", "—"), ("valid", _("valable")), ("false", _("fausse"))]
POIGNEE_CHOICES = [("", "—"), ("simple", _("simple")), ("double", _("double")), ("triple", _("triple"))]


class DonneForm(EngineErrorsMixin, VersionedForm):
    """One donne: a contract played, or the misère game (each player's card points)."""

    kind = forms.ChoiceField(
        label=_("Donne"), choices=Donne.Kind.choices, initial=Donne.Kind.CONTRACT, widget=forms.RadioSelect
    )
    dealer = forms.ChoiceField(label=_("Donneur"), required=False)
    contract = forms.ChoiceField(
        label=_("Contrat"), required=False, choices=Donne.Contract.choices, widget=forms.RadioSelect
    )
    taker = forms.ChoiceField(label=_("Preneur"), required=False, widget=forms.RadioSelect)
    partner = forms.ChoiceField(label=_("Appelé"), required=False, widget=forms.RadioSelect)
    bouts = forms.TypedChoiceField(
        label=_("Bouts de l'attaque"),
        required=False,
        coerce=int,
        empty_value=None,
        choices=[(n, str(n)) for n in range(4)],
        widget=forms.RadioSelect,
    )
    points = PointsField(label=_("Points de l'attaque"), help_text=_("Sur 91, demi-points permis (49,5)."))
    petit_au_bout = forms.ChoiceField(
        label=_("Petit au bout"),
        required=False,
        choices=[("", _("Non")), *Donne.PetitAuBout.choices],
        widget=forms.RadioSelect,
    )
    chelem = forms.ChoiceField(
        label=_("Chelem"), required=False, choices=[("", _("Aucun")), *Donne.Chelem.choices]
    )
    # Given by the phone before sending (the idempotency key of the donne): see services.sheet.donne_add.
    client_id = forms.UUIDField(required=False, widget=forms.HiddenInput)

    @staticmethod
    def sheet_kwargs(state) -> dict:
        """What the form needs of a sheet (``selectors.sheet.SheetState``): its players, whether a
        king is called, whether misères are played."""
        return {
            "players": [s.player for s in state.seats],
            "calls_a_king": state.calls_a_king,
            "allows_misere": state.ruleset.allows_misere,
        }

    @classmethod
    def for_sheet(cls, state, data=None, *, version: int, initial=None) -> DonneForm:
        """The donne form of a sheet at ``version``; unbound, with the next dealer proposed."""
        form = cls(data, **cls.sheet_kwargs(state), initial={**(initial or {}), "sheet_version": version})
        if data is None and not form.initial.get("dealer"):
            form.initial["dealer"] = state.next_dealer or ""
        return form

    def __init__(self, *args, players, calls_a_king: bool, allows_misere: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = list(players)
        names = [(u.username, _name(u)) for u in self.players]
        self.fields["dealer"].choices = [("", _("(le suivant)")), *names]
        self.fields["taker"].choices = names
        alone = [("", _("Seul"))]
        self.fields["partner"].choices = alone + (names if calls_a_king else [])
        if not allows_misere:
            self.fields["kind"].choices = [(Donne.Kind.CONTRACT, Donne.Kind.CONTRACT.label)]
        self.allows_misere = allows_misere
        for u in self.players:
            self.fields[f"poignee_{u.username}"] = forms.ChoiceField(
                label=_name(u), required=False, choices=POIGNEE_CHOICES
            )
            if allows_misere:
                self.fields[f"misere_tete_{u.username}"] = forms.ChoiceField(
                    label=_("Misère de tête"), required=False, choices=MISERE_CHOICES
                )
                self.fields[f"misere_atout_{u.username}"] = forms.ChoiceField(
                    label=_("Misère d'atout"), required=False, choices=MISERE_CHOICES
                )
                self.fields[f"penalty_{u.username}"] = forms.IntegerField(
                    label=_("Pénalité"),
                    required=False,
                    min_value=-PENALTY_MAX,
                    max_value=PENALTY_MAX,
                    widget=forms.NumberInput(attrs={"step": 10, "inputmode": "numeric"}),
                )
                self.fields[f"penalty_reason_{u.username}"] = forms.CharField(
                    label=_("Motif"), required=False, max_length=PENALTY_REASON_MAX
                )
                self.fields[f"penalty_each_{u.username}"] = forms.IntegerField(
                    label=_("À chaque adversaire"),
                    required=False,
                    min_value=0,
                    max_value=PENALTY_MAX,
                    widget=forms.NumberInput(attrs={"step": 10, "inputmode": "numeric"}),
                )
                self.fields[f"mp_{u.username}"] = PointsField(label=_name(u))
        self._lists: dict[str, list[str]] = {"poignees": [], "miseres": [], "penalties": []}

    # -- layout helpers for the template --------------------------------------

    def player_rows(self) -> list[dict]:
        rows = []
        for u in self.players:
            row = {"user": u, "poignee": self[f"poignee_{u.username}"]}
            if self.allows_misere:
                row.update(
                    misere_tete=self[f"misere_tete_{u.username}"],
                    misere_atout=self[f"misere_atout_{u.username}"],
                    penalty=self[f"penalty_{u.username}"],
                    penalty_reason=self[f"penalty_reason_{u.username}"],
                    penalty_each=self[f"penalty_each_{u.username}"],
                    misere_points=self[f"mp_{u.username}"],
                )
            rows.append(row)
        return rows

    #: A player's fields by the column they are in: a field's label is the player's name, or
    #: the column's word without it.
    PLAYER_COLUMNS = (
        ("poignee_", _("Poignée")),
        ("misere_tete_", _("Misère tête")),
        ("misere_atout_", _("Misère atout")),
        ("penalty_", _("Pénalité")),
        ("penalty_reason_", _("Motif")),
        ("penalty_each_", _("À chaque adversaire")),
        ("mp_", _("Points")),
    )

    def field_title(self, name: str) -> str:
        """A player's field as its column and his name (« Poignée (Gege) »)."""
        for u in self.players:
            for prefix, column in self.PLAYER_COLUMNS:
                if name == prefix + u.username:
                    return f"{column} ({_name(u)})"
        return super().field_title(name)

    def extras_have_errors(self) -> bool:
        return any(
            self.errors.get(name)
            for name in self.fields
            if name.startswith(("poignee_", "misere_", "penalty_")) or name == "chelem"
        )

    # -- validation -------------------------------------------------------

    def clean(self):
        data = super().clean()
        if data.get("kind") == Donne.Kind.CONTRACT:
            for name in ("contract", "taker"):
                if not data.get(name) and name not in self.errors:
                    self.add_error(
                        name, _("Choisissez le %(field)s.") % {"field": self.fields[name].label.lower()}
                    )
            if data.get("bouts") is None and "bouts" not in self.errors:
                self.add_error("bouts", _("Indiquez le nombre de bouts de l'attaque."))
            if data.get("points") is None and "points" not in self.errors:
                self.add_error("points", _("Indiquez les points de l'attaque."))
        if self.allows_misere:
            self._clean_penalties(data)
        return data

    def _clean_penalties(self, data) -> None:
        """A penalty pays an amount into the pot (§3): a reason, or what it pays each other player,
        typed without that amount is refused on the amount's field, never dropped."""
        for u in self.players:
            amount_field = f"penalty_{u.username}"
            if data.get(amount_field) or amount_field in self.errors:
                continue
            if data.get(f"penalty_each_{u.username}"):
                self.add_error(
                    amount_field,
                    _(
                        "Montant manquant : une pénalité paie d'abord au pot un multiple de 10, "
                        "puis à chaque adversaire (main jetée : 60 au pot, 40 à chacun)."
                    ),
                )
            elif (data.get(f"penalty_reason_{u.username}") or "").strip():
                self.add_error(
                    amount_field,
                    _(
                        "Montant manquant : une pénalité paie au pot un multiple de 10. "
                        "Indiquez-le, ou effacez le motif."
                    ),
                )

    def to_data(self) -> dict:
        """The donne in the interchange format's shape, for ``league.services.sheet``."""
        d = self.cleaned_data
        self._lists = {"poignees": [], "miseres": [], "penalties": []}
        miseres, penalties = [], []
        if self.allows_misere:
            for u in self.players:
                for kind, key in (("tete", "misere_tete_"), ("atout", "misere_atout_")):
                    value = d.get(key + u.username)
                    if value:
                        miseres.append({"player": u.username, "kind": kind, "valid": value == "valid"})
                        self._lists["miseres"].append(key + u.username)
                amount = d.get(f"penalty_{u.username}")
                each = d.get(f"penalty_each_{u.username}")
                if amount or each:
                    penalty = {
                        "player": u.username,
                        "amount": amount or 0,
                        "reason": d.get(f"penalty_reason_{u.username}", ""),
                    }
                    if each:
                        penalty["to_each_player"] = each
                    penalties.append(penalty)
                    self._lists["penalties"].append(f"penalty_{u.username}")
        data = {
            "kind": d["kind"],
            "dealer": d.get("dealer") or None,
            "miseres": miseres,
            "penalties": penalties,
        }
        if d["kind"] == Donne.Kind.MISERE:
            data["points"] = {
                u.username: d[f"mp_{u.username}"]
                for u in self.players
                if d.get(f"mp_{u.username}") is not None
            }
            return data
        poignees = []
        for u in self.players:
            level = d.get(f"poignee_{u.username}")
            if level:
                poignees.append({"player": u.username, "level": level})
                self._lists["poignees"].append(f"poignee_{u.username}")
        data.update(
            taker=d.get("taker") or None,
            contract=d.get("contract") or "",
            partner=d.get("partner") or None,
            bouts=d.get("bouts"),
            points=d.get("points"),
            petit_au_bout=d.get("petit_au_bout") or "",
            chelem=d.get("chelem") or "",
            poignees=poignees,
        )
        return data

    _ITEM = re.compile(r"^(poignees|miseres|penalties)\[(\d+)\]")

    def engine_field(self, path: str) -> str | None:
        if path in ("dealer", "taker", "partner", "contract", "bouts", "petit_au_bout", "chelem", "kind"):
            return path
        if path == "points":
            return "points" if self.cleaned_data.get("kind") != Donne.Kind.MISERE else None
        if path.startswith("points."):
            return f"mp_{path.split('.', 1)[1]}"
        match = self._ITEM.match(path)
        if match:
            fields = self._lists.get(match.group(1), [])
            i = int(match.group(2))
            return fields[i] if i < len(fields) else None
        return None

    @staticmethod
    def initial_from(donne: Donne) -> dict:
        """The form's initial data for correcting ``donne``."""
        initial = {
            "kind": donne.kind,
            "dealer": donne.dealer.username if donne.dealer_id else "",
            "contract": donne.contract,
            "taker": donne.taker.username if donne.taker_id else "",
            "partner": donne.partner.username if donne.partner_id else "",
            "bouts": donne.bouts,
            "points": _points_text(donne.points),
            "petit_au_bout": donne.petit_au_bout,
            "chelem": donne.chelem,
        }
        for p in donne.poignees or ():
            initial[f"poignee_{p['player']}"] = p["level"]
        for m in donne.miseres or ():
            initial[f"misere_{m['kind']}_{m['player']}"] = "valid" if m["valid"] else "false"
        for p in donne.penalties or ():
            initial[f"penalty_{p['player']}"] = p["amount"]
            initial[f"penalty_reason_{p['player']}"] = p.get("reason", "")
            initial[f"penalty_each_{p['player']}"] = p.get("to_each_player") or None
        for player, value in (donne.misere_points or {}).items():
            initial[f"mp_{player}"] = _points_text(value)
        return initial


def _points_text(value) -> str:
    """Card points as the sheet writes them, in the reader's notation (``46,5`` in French), which
    :class:`PointsField` reads back as it reads ``46.5``."""
    if value is None:
        return ""
    try:
        d = Decimal(str(value))
    except InvalidOperation:
        return str(value)
    d = d.quantize(Decimal(1)) if d == d.to_integral_value() else d.normalize()
    return formats.number_format(d, use_l10n=True)


class TableMemberField(MemberChoiceField):
    """A seat's member, said by his name as the sheet says it (his login when he has none)."""

    def member_label(self, username: str, display_name: str) -> str:
        return display_name or username


class TableForm(EngineErrorsMixin, VersionedForm):
    """The table in playing order (seat 1 deals first); a jeu à 4 leaves seat 5 empty and names the absent.

    Every seat is a choice among all the members: their selects are written in Python
    (:class:`~accounts.forms.common.MemberSelect`), 200 members each, six times."""

    absent = TableMemberField(
        label=_("Absent (jeu à 4)"),
        required=False,
        queryset=User.objects.none(),
        help_text=_("Désistement de dernière minute non remplacé : la manche se joue à 4."),
    )

    def __init__(self, *args, ruleset, **kwargs):
        """One field a seat the rule set allows; the smallest table it allows must be filled."""
        super().__init__(*args, **kwargs)
        users = User.objects.order_by(by_name(), "username")
        self.seats = range(1, max(ruleset.table_sizes) + 1)
        for i in self.seats:
            self.fields[f"seat_{i}"] = TableMemberField(
                label=_("Place %(n)s") % {"n": i}, required=i <= min(ruleset.table_sizes), queryset=users
            )
        self.fields["absent"].queryset = users
        self.order_fields([f"seat_{i}" for i in self.seats] + ["absent"])
        choices = ReadChoices(self.fields["absent"].choices)  # the members read once for every seat
        for name in self.fields:
            if name.startswith("seat_") or name == "absent":
                self.fields[name].choices = choices

    def players(self) -> list:
        return [self.cleaned_data[f"seat_{i}"] for i in self.seats if self.cleaned_data.get(f"seat_{i}")]

    def engine_field(self, path: str) -> str | None:
        match = re.match(r"^table\[(\d+)\]", path)
        if match:
            filled = [i for i in self.seats if self.cleaned_data.get(f"seat_{i}")]
            j = int(match.group(1))
            return f"seat_{filled[j]}" if j < len(filled) else None
        if path == "absent":
            return "absent"
        return None


class QuickResultsForm(EngineErrorsMixin, VersionedForm):
    """Each seated player's final line: score (jetons, in points), prises, bouts, prises won."""

    COLUMNS = (
        ("score", _("Score")),
        ("prises", _("Prises")),
        ("bouts", _("Bouts")),
        ("prises_won", _("Gagnées")),
    )

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = list(players)
        for u in self.players:
            for name, label in self.COLUMNS:
                bound = SCORE_MAX if name == "score" else COUNT_MAX
                self.fields[f"{name}_{u.username}"] = forms.IntegerField(
                    label=f"{label} ({_name(u)})",
                    required=name == "score",
                    min_value=-bound if name == "score" else 0,
                    max_value=bound,
                    initial=None if name == "score" else 0,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "form-control"}),
                )

    def player_rows(self) -> list[dict]:
        return [
            {"user": u, "fields": [self[f"{name}_{u.username}"] for name, _label in self.COLUMNS]}
            for u in self.players
        ]

    def rows(self) -> list[dict]:
        d = self.cleaned_data
        return [
            {
                "player": u.username,
                "score": d.get(f"score_{u.username}"),
                "prises": d.get(f"prises_{u.username}") or 0,
                "bouts": d.get(f"bouts_{u.username}") or 0,
                "prises_won": d.get(f"prises_won_{u.username}") or 0,
            }
            for u in self.players
        ]

    def engine_field(self, path: str) -> str | None:
        match = re.match(r"^results\[(\d+)\]\.(\w+)$", path)
        if match:
            i, name = int(match.group(1)), match.group(2)
            if i < len(self.players) and name in dict(self.COLUMNS):
                return f"{name}_{self.players[i].username}"
        return None


class OrderForm(EngineErrorsMixin, VersionedForm):
    """The order the table agreed for tied scores, place by place."""

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(u.username, _name(u)) for u in players]
        for i in range(1, len(choices) + 1):
            self.fields[f"place_{i}"] = forms.ChoiceField(label=_("Place %(n)s") % {"n": i}, choices=choices)
        self.n = len(choices)

    def order(self) -> list[str]:
        return [self.cleaned_data[f"place_{i}"] for i in range(1, self.n + 1)]

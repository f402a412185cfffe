"""Asking to join the club, and the President's approval of a request."""

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from ..models import short_id_validator


class JoinRequestForm(forms.Form):
    name = forms.CharField(label=_("Votre nom"), max_length=80)
    email = forms.EmailField(label=_("Votre adresse e-mail"))
    message = forms.CharField(
        label=_("Un mot pour le Président"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("Facultatif : qui vous a parlé du club, depuis quand vous jouez…"),
    )
    # Left empty by people, filled in by robots; such requests are dropped quietly.
    website = forms.CharField(
        required=False,
        label=_("Ne pas remplir"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1"}),
    )

    def is_robot(self) -> bool:
        return bool(self.cleaned_data.get("website"))


class JoinApprovalForm(forms.Form):
    """What the President decides when accepting a request: the short id and the name shown."""

    username = forms.CharField(label=_("Identifiant court"), max_length=30, validators=[short_id_validator])
    display_name = forms.CharField(label=_("Nom affiché"), max_length=80)

    @classmethod
    def for_request(cls, join_request, data=None):
        suggestion = slugify(join_request.name.split(" ")[0])[:30] or "joueur"
        return cls(data, initial={"username": suggestion, "display_name": join_request.name})

    def clean_username(self):
        return self.cleaned_data["username"].strip().lower()

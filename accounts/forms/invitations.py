"""Inviting a member, and accepting an invitation (choosing one's password)."""

from django import forms
from django.contrib.auth.forms import SetPasswordForm
from django.utils.translation import gettext_lazy as _

from ..models import short_id_validator


class InvitationForm(forms.Form):
    display_name = forms.CharField(label=_("Nom"), max_length=80, help_text=_("Par exemple « Benoît »."))
    username = forms.CharField(
        label=_("Identifiant court"),
        max_length=30,
        validators=[short_id_validator],
        help_text=_(
            "Par exemple « ben ». Pour un joueur déjà présent dans les saisons importées, "
            "reprenez son identifiant : il retrouvera tout son historique."
        ),
    )
    email = forms.EmailField(label=_("Adresse e-mail"))

    def clean_username(self):
        return self.cleaned_data["username"].strip().lower()


class InvitationAcceptForm(SetPasswordForm):
    """The invited player's name as others will see it, and his password."""

    display_name = forms.CharField(label=_("Votre nom affiché"), max_length=80)
    field_order = ["display_name", "new_password1", "new_password2"]

    def __init__(self, user, *args, **kwargs):
        super().__init__(user, *args, **kwargs)
        self.fields["display_name"].initial = user.display_name

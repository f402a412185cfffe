from django import forms
from django.utils.translation import gettext_lazy as _

from .models import User


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = [
            "display_name",
            "avatar",
            "jeton_colour",
            "notify_reminders",
            "notify_deadlines",
            "notify_results",
            "notify_comptes_rendus",
        ]
        help_texts = {"display_name": _("Le nom que voient les autres joueurs.")}

"""The club's offices: handing the presidency over, naming the Vice-President."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import User
from ..name_order import by_name
from .common import MemberChoiceField


def active_members():
    return User.objects.filter(is_active=True).order_by(by_name(), "username")


class PresidencyHandOverForm(forms.Form):
    to = MemberChoiceField(label=_("Nouveau Président"), queryset=User.objects.none())
    confirm = forms.BooleanField(
        label=_("Je transmets la présidence : je ne pourrai plus la reprendre moi-même."),
        required=True,
    )

    def __init__(self, *args, president=None, **kwargs):
        super().__init__(*args, **kwargs)
        members = active_members()
        if president is not None:
            members = members.exclude(pk=president.pk)
        self.fields["to"].queryset = members


class VicePresidentForm(forms.Form):
    user = MemberChoiceField(
        label=_("Vice-Président"),
        queryset=User.objects.none(),
        required=False,
        empty_label=_("— Personne —"),
    )

    def __init__(self, *args, president=None, **kwargs):
        super().__init__(*args, **kwargs)
        members = active_members()
        if president is not None:
            members = members.exclude(pk=president.pk)
        self.fields["user"].queryset = members

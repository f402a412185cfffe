"""Forms of the comptes-rendus area (the rules themselves are checked by its services)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..markdown import MAX_CHARS
from ..models import CompteRendu
from ..services.comptes_rendus import COMMENT_MAX


class CompteRenduForm(forms.Form):
    title = forms.CharField(
        label=_("Titre"),
        max_length=CompteRendu._meta.get_field("title").max_length,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    text = forms.CharField(
        label=_("Texte"),
        max_length=MAX_CHARS,
        widget=forms.Textarea(attrs={"rows": 16, "class": "font-monospace"}),
        help_text=_(
            "En Markdown : **gras**, *italique*, listes avec « - », liens [texte](https://…). "
            "Au moins l'ambiance de la soirée, le classement et quelques moments forts."
        ),
    )


class JudgeForm(forms.Form):
    ACCEPT, REJECT = "accept", "reject"
    decision = forms.ChoiceField(
        label=_("Décision"),
        choices=[(ACCEPT, _("Accepter")), (REJECT, _("Non conforme"))],
        widget=forms.RadioSelect,
    )
    reason = forms.CharField(
        label=_("Motif (obligatoire s'il est non conforme)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Envoyé à tous les participants de la manche, sur le site et par e-mail."),
    )


class CommentForm(forms.Form):
    text = forms.CharField(
        label=_("Votre commentaire"),
        max_length=COMMENT_MAX,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

"""Forms of the comptes-rendus area (the rules themselves are checked by its services)."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from ..markdown import MAX_CHARS
from ..models import CompteRendu
from ..services.comptes_rendus import COMMENT_MAX

#: The draft's first heading: the night's ambiance, the one part the club asks of every compte-rendu.
AMBIANCE = _("Ambiance")


def _empty_ambiance(text: str) -> bool:
    """Whether ``text`` keeps the draft's « Ambiance » heading with nothing under it (up to the next heading)."""
    lines = [line.strip() for line in text.splitlines()]
    heading = f"## {AMBIANCE}"
    if heading not in lines:
        return False
    after = lines[lines.index(heading) + 1 :]
    part = after[: next((i for i, line in enumerate(after) if line.startswith("#")), len(after))]
    return not any(part)


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

    def clean_text(self):
        text = self.cleaned_data["text"]
        if _empty_ambiance(text):
            raise ValidationError(
                _("La partie « Ambiance » est vide : racontez la soirée en quelques lignes avant de poster.")
            )
        return text


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

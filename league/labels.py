"""The names of titles and accessits, as the site shows them (one definition,
read by the reports and by the President's rule-change preview)."""

from django.utils.translation import gettext_lazy as _

TITLE_LABELS = {
    "champion": _("Champion du Monde"),
    "vice_champion": _("Vice-Champion du Monde"),
    "vice_vice_champion": _("Vice-Vice-Champion du Monde"),
}
ACCESSIT_LABELS = {
    "cuillere_de_bois": _("Cuillère de bois"),
    "aquila": _("Aquila"),
    "abysses": _("Abysses"),
    "rookie": _("Rookie of the year"),
    "fair_play": _("Prix du Fair-Play"),
    "manque_de_bol": _("Prix du Manque de bol"),
    "truffe": _("Trophée de la Truffe"),
}

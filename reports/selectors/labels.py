"""The French names of what the engine returns as codes: titles, accessits, contracts."""

from __future__ import annotations

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


ACCESSIT_HELP = {
    "cuillere_de_bois": _("dernier du classement final"),
    "aquila": _("meilleur score d'une manche de la saison"),
    "abysses": _("plus mauvais score d'une manche de la saison"),
    "rookie": _("meilleur classé de ceux dont c'est la première saison"),
    "fair_play": _("décerné par le Président"),
    "manque_de_bol": _("décerné par le Président"),
    "truffe": _("décerné par le Président"),
}


CONTRACT_LABELS = {
    "pouce": _("Pouce"),
    "prise": _("Prise"),
    "garde": _("Garde"),
    "garde_sans": _("Garde sans"),
    "garde_contre": _("Garde contre"),
}

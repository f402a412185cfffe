"""The French names of what the engine returns as codes: accessits' reasons, contracts
(the titles' and accessits' names are ``league.labels``, shared with the league's pages)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

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

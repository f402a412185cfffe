"""The names of what the engine returns as codes: titles, accessits, contracts, bonuses.

One definition, read by the reports and by the President's rule-change
preview. Codes that are also model values take the model's ``TextChoices``
label (the President's accessits are ``Award.Kind``, the gardes
``Donne.Contract``); the codes only the engine produces are ``TextChoices``
here. Badge colours are :mod:`league.presentation`'s.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from .models import Award, Donne
from .rules import CONTRACTS


class Title(models.TextChoices):
    CHAMPION = "champion", _("Champion du Monde")
    VICE_CHAMPION = "vice_champion", _("Vice-Champion du Monde")
    VICE_VICE_CHAMPION = "vice_vice_champion", _("Vice-Vice-Champion du Monde")


class ComputedAccessit(models.TextChoices):
    """The accessits the engine computes (the President awards :class:`Award.Kind`)."""

    CUILLERE_DE_BOIS = "cuillere_de_bois", _("Cuillère de bois")
    AQUILA = "aquila", _("Aquila")
    ABYSSES = "abysses", _("Abysses")
    ROOKIE = "rookie", _("Rookie of the year")


TITLE_LABELS = dict(Title.choices)
ACCESSIT_LABELS = {**dict(ComputedAccessit.choices), **dict(Award.Kind.choices)}
#: What earns each accessit.
ACCESSIT_HELP = {
    ComputedAccessit.CUILLERE_DE_BOIS: _("dernier du classement final"),
    ComputedAccessit.AQUILA: _("meilleur score d'une manche de la saison"),
    ComputedAccessit.ABYSSES: _("plus mauvais score d'une manche de la saison"),
    ComputedAccessit.ROOKIE: _("meilleur classé de ceux dont c'est la première saison"),
    **dict.fromkeys(Award.Kind.values, _("décerné par le Président")),
}
#: The engine's contracts in the rulebook's order. The sheet records pouce and
#: prise as one choice (``Donne.Contract.POUCE``); the engine names each
#: family's own word, so those two are named here.
CONTRACT_LABELS = {
    code: {"pouce": _("Pouce"), "prise": _("Prise")}.get(code) or Donne.Contract(code).label
    for code in CONTRACTS
}


class Bonus(models.TextChoices):
    """The bonuses of a manche the engine computes (``rules.manche.manche_bonuses``)."""

    SEUL_POSITIF = "seul_positif", _("seul positif")
    BOUTS_SUR_PRISE = "bouts_sur_prise", _("bouts sur prise")
    DEFENSIF = "defensif", _("défensif")


BONUS_LABELS = dict(Bonus.choices)

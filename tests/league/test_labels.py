"""Every code the site names takes its name from one place: the model's choices where the model has them."""

from django.template import Context, Template

from league.labels import ACCESSIT_HELP, ACCESSIT_LABELS, CONTRACT_LABELS
from league.models import Award, CompteRendu, Donne, Season
from league.presentation import COMPTE_RENDU_BADGES, SEASON_BADGES
from league.rules import CONTRACTS


def test_the_presidents_accessits_are_named_by_the_award_model():
    for kind in Award.Kind:
        assert ACCESSIT_LABELS[kind.value] == kind.label
        assert ACCESSIT_HELP[kind.value]


def test_every_engine_contract_has_a_name_and_the_gardes_are_the_sheets():
    assert list(CONTRACT_LABELS) == list(CONTRACTS)
    for code in ("garde", "garde_sans", "garde_contre"):
        assert CONTRACT_LABELS[code] == Donne.Contract(code).label


def test_every_state_has_a_badge_colour():
    assert set(SEASON_BADGES) == set(Season.State.values)
    assert set(COMPTE_RENDU_BADGES) == set(CompteRendu.Status.values)


def test_a_compte_rendus_badge_shows_the_models_label_in_its_colour():
    cr = CompteRendu(status=CompteRendu.Status.REJECTED)
    html = Template('{% include "league/comptes_rendus/_state_badge.html" %}').render(Context({"cr": cr}))
    assert "text-bg-danger" in html and str(CompteRendu.Status.REJECTED.label) in html

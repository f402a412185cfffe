"""The rule set of a season: era defaults and the President's params."""

from decimal import Decimal

import pytest

from league.rules import InvalidInput, ruleset_for

from .helpers import fields


def test_tarot_biere_defaults_from_2010_2011():
    rs = ruleset_for("tarot-biere", "2010-2011")
    assert (rs.contract_value, rs.margin_rounding, rs.has_pot, rs.allows_misere) == (10, 5, True, True)
    assert dict(rs.multipliers) == {"pouce": 2, "prise": 2, "garde": 2, "garde_sans": 4, "garde_contre": 6}
    assert rs.defensive_bonus is True
    assert rs.place_points == tuple(Decimal(x) for x in (3, 2, 1, 0, -1))
    assert (rs.min_manches, rs.last_manche_deadline_days, rs.timezone) == (10, 14, "Europe/Paris")
    assert rs.table_sizes == (4, 5)


def test_tarot_biere_seasons_before_2010_2011_garde_contre_eight_and_no_defensifs():
    rs = ruleset_for("tarot-biere", "2009-2010")
    assert rs.garde_contre_multiplier == rs.multipliers["garde_contre"] == 8
    assert rs.defensive_bonus is False


def test_fft_rules_by_default():
    rs = ruleset_for("fft", "2001-2002")
    assert (rs.contract_value, rs.margin_rounding, rs.has_pot, rs.allows_misere) == (25, 1, False, False)
    assert dict(rs.multipliers) == {"prise": 1, "pouce": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
    assert rs.defensive_bonus is True
    assert rs.table_sizes == (3, 4, 5)


def test_params_override_the_defaults_and_round_trip():
    params = {
        "garde_contre_multiplier": 6,
        "defensive_bonus": True,
        "place_points": [4, 2, 1, 0, -1.5],
        "min_manches": 8,
        "last_manche_deadline_days": 7,
    }
    rs = ruleset_for("tarot-biere", "2008-2009", params)
    assert rs.params() == params
    assert rs.place_points[4] == Decimal("-1.5")


def test_params_of_a_default_season():
    assert ruleset_for("tarot-biere", "2009-2010").params() == {
        "garde_contre_multiplier": 8,
        "defensive_bonus": False,
        "place_points": [3, 2, 1, 0, -1],
        "min_manches": 10,
        "last_manche_deadline_days": 14,
    }


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"bonus": 1}, "season.params.bonus"),
        ({"garde_contre_multiplier": "8"}, "season.params.garde_contre_multiplier"),
        ({"garde_contre_multiplier": 0}, "season.params.garde_contre_multiplier"),
        ({"defensive_bonus": 1}, "season.params.defensive_bonus"),
        ({"place_points": [3, 2, 1, 0]}, "season.params.place_points"),
        ({"place_points": [3, 2, 1, 0, "x"]}, "season.params.place_points"),
        ({"min_manches": -1}, "season.params.min_manches"),
        ({"last_manche_deadline_days": 1.5}, "season.params.last_manche_deadline_days"),
    ],
)
def test_a_bad_param_names_its_key(params, field):
    with pytest.raises(InvalidInput) as exc:
        ruleset_for("tarot-biere", "2011-2012", params)
    assert fields(exc.value) == [field]


def test_every_bad_param_is_reported():
    with pytest.raises(InvalidInput) as exc:
        ruleset_for("fft", "2011-2012", {"min_manches": "ten", "x": 1})
    assert set(fields(exc.value)) == {"season.params.min_manches", "season.params.x"}


def test_unknown_family():
    with pytest.raises(InvalidInput) as exc:
        ruleset_for("belote", "2011-2012")
    assert fields(exc.value) == ["season.ruleset"]


@pytest.mark.parametrize("family", ["tarot-biere", "fft"])
def test_a_king_is_called_at_five_players_only(family):
    rs = ruleset_for(family, "2011-2012")
    assert [n for n in rs.table_sizes if rs.calls_a_king(n)] == [5]

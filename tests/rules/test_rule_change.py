"""A rule change previewed: the classification under the season's rules and under the new
ones, side by side; every rank that moves, every title and accessit that changes hands."""

from league.rules import compute_season, ruleset_for
from league.rules.rule_change import HandsChange, rule_change_effect
from league.rules.season import SeasonInput

from .test_projections import FIVE, NOW, manche, season

# ann wins the first night, eve the second (2nd the first night); cat is 3rd, then 2nd.
NIGHTS = [
    manche(1, FIVE, (100, -50, 20, -100, 30)),  # ann 1, eve 2, cat 3, ben 4, dan 5
    manche(2, FIVE, (-100, 20, 30, -50, 100)),  # eve 1, cat 2, ben 3, dan 4, ann 5
]


def under(params, base=None):
    base = base or season(NIGHTS)
    changed = SeasonInput(
        name=base.name,
        ruleset=ruleset_for("tarot-biere", base.name, params),
        players=base.players,
        manches=base.manches,
        closed=base.closed,
    )
    return compute_season(changed, now=NOW)


def test_unchanged_rules_change_nothing():
    result = compute_season(season(NIGHTS), now=NOW)
    effect = rule_change_effect(result, result)
    assert not effect.changes_anything
    assert [line.player for line in effect.lines] == [row.player for row in result.standings]


def test_place_points_that_reward_wins_more_move_the_ranks_and_the_titles():
    """Points par place 3, 2, 1, 0, −1: eve 5 ÷ 3, cat 3 ÷ 3, ann 2 ÷ 3. With 10, 2, 1, 0, −1:
    eve 12 ÷ 3, ann 9 ÷ 3, cat 3 ÷ 3: ann and cat swap, and with them the Vice and
    Vice-Vice titles; eve stays Champion."""
    before = compute_season(season(NIGHTS), now=NOW)
    after = under({"min_manches": 0, "defensive_bonus": False, "place_points": [10, 2, 1, 0, -1]})
    effect = rule_change_effect(before, after)
    assert [(m.player, m.rank_before, m.rank_after) for m in effect.moves] == [("ann", 3, 2), ("cat", 2, 3)]
    assert [line.player for line in effect.lines] == ["eve", "ann", "cat", "ben", "dan"]
    assert effect.titles == (
        HandsChange("vice_champion", ("cat",), ("ann",)),
        HandsChange("vice_vice_champion", ("ann",), ("cat",)),
    )


def test_a_participation_threshold_all_miss_alike_lowers_averages_but_moves_no_rank():
    """A closed season applies "−1 par point d'écart": with a threshold of 3 every
    player, two nights each, loses one point: every average drops, no rank moves."""
    closed = SeasonInput(**{**season(NIGHTS, min_manches=0).__dict__, "closed": True})
    before = compute_season(closed, now=NOW)
    after = under({"min_manches": 3, "defensive_bonus": False}, closed)
    effect = rule_change_effect(before, after)
    assert all(line.average_after < line.average_before for line in effect.lines)
    assert not effect.moves and not effect.titles and not effect.accessits
    assert effect.changes_anything


def test_hands_changing_lists_the_old_and_new_holders():
    before = compute_season(season(NIGHTS), now=NOW)
    after = under({"min_manches": 0, "defensive_bonus": False, "place_points": [1, 2, 3, 4, 5]})
    effect = rule_change_effect(before, after)
    spoon = next(c for c in effect.accessits if c.award == "cuillere_de_bois")
    assert spoon == HandsChange("cuillere_de_bois", ("dan",), ("eve",))

"""§5 manche after manche: the chart's points moyens are the classification's formula at each step."""

from datetime import UTC, datetime, timedelta
from fractions import Fraction

from hypothesis import given, settings

from league.rules import (
    MancheInput,
    PlayerInfo,
    QuickResult,
    SeasonInput,
    average_progression,
    compute_season,
    ruleset_for,
)

from .test_oracle_agreement import SEASONS_HEALTH_CHECKS, seasons, to_engine_season

PLAYERS = ("ann", "ben", "cat", "dan", "eve")


def manche(number, scores):
    start = datetime(2011, 9, 1, 19, tzinfo=UTC) + timedelta(days=14 * number)
    return MancheInput(
        number=number,
        starts_at=start,
        table=PLAYERS,
        results=tuple(QuickResult(player=p, score=s) for p, s in zip(PLAYERS, scores, strict=True)),
    )


def test_each_point_is_points_so_far_over_manches_plus_one():
    season = SeasonInput(
        name="2011-2012",
        ruleset=ruleset_for("tarot-biere", "2011-2012", {"defensive_bonus": False}),
        players={p: PlayerInfo(p, p.capitalize()) for p in PLAYERS},
        manches=(manche(1, (100, 50, 0, -50, -100)), manche(2, (-100, 100, 50, 0, -50))),
    )
    now = datetime(2012, 7, 1, tzinfo=UTC)
    result = compute_season(season, now=now)
    progression = average_progression(result)
    # ann: 3 points after one manche (÷2), then 3 − 1 = 2 after two (÷3), with
    # the late compte-rendu maluses of her manche 1 (no compte-rendu written).
    late = sum(a.value for a in result.adjustments_by_player["ann"] if a.manche == 1)
    assert progression["ann"][0] == (1, (3 + Fraction(late)) / 2)
    assert progression["ann"][-1] == (2, next(r.average for r in result.standings if r.player == "ann"))
    assert [n for n, _a in progression["cat"]] == [1, 2]


def test_a_three_way_tie_shares_its_place_points_exactly():
    """Tied players share the places' points (7/3 has no exact decimal): each point stays exact."""
    season = SeasonInput(
        name="2011-2012",
        ruleset=ruleset_for(
            "tarot-biere", "2011-2012", {"defensive_bonus": False, "place_points": [4, 2, 1, 0, -1]}
        ),
        players={p: PlayerInfo(p, p.capitalize()) for p in PLAYERS},
        manches=(manche(1, (50, 50, 50, -50, -100)), manche(2, (50, 50, 50, -50, -100))),
    )
    result = compute_season(season, now=datetime(2011, 9, 20, tzinfo=UTC))
    share = next(e.exact_points for e in result.manches[1].ranking if e.player == "ben")
    assert share == Fraction(7, 3)
    bonuses = sum(Fraction(a.value) for a in result.manches[1].adjustments if a.player == "ben")
    assert average_progression(result)["ben"][0] == (1, (share + bonuses) / 2)


def points_moyens_one_by_one(result) -> dict:
    """The formula read literally, in fractions: after each manche, (place points and that
    manche's adjustments so far) ÷ (manches so far + 1); the last one the standings'."""
    progression, totals, counts = {}, {}, {}
    for number, outcome in result.manches.items():
        for entry in outcome.ranking:
            gained = entry.points_fraction + sum(
                (Fraction(a.value) for a in outcome.adjustments if a.player == entry.player), Fraction(0)
            )
            totals[entry.player] = totals.get(entry.player, Fraction(0)) + gained
            counts[entry.player] = counts.get(entry.player, 0) + 1
            progression.setdefault(entry.player, []).append(
                (number, totals[entry.player] / (counts[entry.player] + 1))
            )
    for row in result.standings:
        if row.player in progression:
            progression[row.player][-1] = (progression[row.player][-1][0], row.average)
    return {player: tuple(points) for player, points in progression.items()}


@settings(max_examples=60, deadline=None, suppress_health_check=SEASONS_HEALTH_CHECKS)
@given(seasons())
def test_every_point_is_the_formula_on_the_manches_so_far(case):
    """Whatever the season (ties sharing places, bonuses, late and participation maluses)."""
    season, end = case
    result = compute_season(to_engine_season(season), now=end)
    assert average_progression(result) == points_moyens_one_by_one(result)

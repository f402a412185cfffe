"""§5 manche after manche: the chart's points moyens are the classification's formula at each step."""

from datetime import UTC, datetime, timedelta
from fractions import Fraction

from league.rules import (
    MancheInput,
    PlayerInfo,
    QuickResult,
    SeasonInput,
    average_progression,
    compute_season,
    ruleset_for,
)

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

"""Ce qu'il me faut: what a player needs from the manches left, under the average rule.

"Les « points moyens » se calculent en divisant les points cumulés … par le
nombre de manches auxquelles il a participé +1"; "chaque joueur qui n'aurait
pas participé à au moins 10 manches … malus de -1 par point d'écart". Each
projection is checked by playing it out with the engine: the finishes it
names reach the goal at the close, and any single finish one place worse
(or one manche fewer) does not.
"""

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from fractions import Fraction

from hypothesis import event, given, settings
from hypothesis import strategies as st

from league.rules import MancheInput, PlayerInfo, QuickResult, SeasonInput, compute_season, ruleset_for
from league.rules.projections import (
    ALREADY,
    BONUS,
    ESCAPE_SPOON,
    OUT_OF_REACH,
    OVERTAKE,
    PLACES,
    PODIUM,
    season_projections,
)

FIVE = ("ann", "ben", "cat", "dan", "eve")
START = datetime(2031, 9, 5, 19, tzinfo=UTC)
#: Before every manche: no compte-rendu deadline is reached, so no late malus.
NOW = START - timedelta(days=1)
#: Scores by place that earn no bonus: two players above 0 (no seul positif),
#: every défensif threshold missed (W = 100: 30 < 80, 20 < 40, −50 < −10, −100 < −60).
PLAIN_SCORES = (100, 30, 20, -50, -100)
#: A vainqueur alone above 0: the seul positif.
SEUL_POSITIF_SCORES = (100, 0, 0, -30, -70)


def manche(number, table, scores, *, prises=None):
    prises = prises or {}
    return MancheInput(
        number=number,
        starts_at=START + timedelta(days=7 * number),
        table=tuple(table),
        results=tuple(
            QuickResult(player=p, score=s, prises=prises.get(p, 0), prises_won=prises.get(p, 0))
            for p, s in zip(table, scores, strict=True)
        ),
    )


def season(manches, *, min_manches=0, defensive=False, extra_players=()):
    ids = {p for m in manches for p in m.table} | set(FIVE) | set(extra_players)
    return SeasonInput(
        name="2031-2032",
        ruleset=ruleset_for(
            "tarot-biere", "2031-2032", {"min_manches": min_manches, "defensive_bonus": defensive}
        ),
        players={p: PlayerInfo(p, p.capitalize()) for p in sorted(ids)},
        manches=tuple(manches),
    )


def projections(s, remaining):
    return season_projections(compute_season(s, now=NOW), s.ruleset, remaining=remaining)


def goal_of(found, player, kind):
    return next(g for g in found[player].goals if g.goal == kind)


ONE_NIGHT = [manche(1, FIVE, PLAIN_SCORES)]  # ann 3, ben 2, cat 1, dan 0, eve −1 place points


def test_one_more_second_place_passes_the_player_above():
    """Points moyens = points ÷ (manches + 1): dan (0 ÷ 2) passes cat (1 ÷ 2 = 0.5) with
    one 2nd place (2 ÷ 3 > 0.5), a 3rd would only bring him level (1 ÷ 3 < 0.5)."""
    goal = goal_of(projections(season(ONE_NIGHT), remaining=3), "dan", OVERTAKE)
    assert (goal.status, goal.target, goal.finishes) == (PLACES, "cat", (0, 1, 0, 0, 0))
    assert goal.average == Fraction(2, 3)


def test_a_win_is_needed_when_a_second_place_only_draws_level():
    """cat (1 ÷ 2) to pass ben (2 ÷ 2 = 1): a 2nd gives 3 ÷ 3 = 1, level, not past; a win 4 ÷ 3."""
    goal = goal_of(projections(season(ONE_NIGHT), remaining=3), "cat", OVERTAKE)
    assert (goal.target, goal.finishes) == ("ben", (1, 0, 0, 0, 0))


def test_the_participation_malus_at_the_close_counts():
    """ "malus de -1 par point d'écart" at the close (minimum 3 here): eve (−1 point, one
    manche) closes at (−1 − 2) ÷ 2 = −1.5 under dan's (0 − 2) ÷ 2 = −1; one more manche,
    even at 4th place, cuts her malus by one: (−1 + 0 − 1) ÷ 3 = −2/3 > −1. A last
    place would leave her level: (−1 − 1 − 1) ÷ 3 = −1."""
    goal = goal_of(projections(season(ONE_NIGHT, min_manches=3), remaining=2), "eve", ESCAPE_SPOON)
    assert (goal.status, goal.target, goal.target_average) == (PLACES, "dan", Fraction(-1))
    assert goal.finishes == (0, 0, 0, 1, 0)


def test_already_on_the_podium_needs_nothing():
    """The podium is rank 3 or better: ann, first, needs no manche."""
    goal = goal_of(projections(season(ONE_NIGHT), remaining=2), "ann", PODIUM)
    assert (goal.status, goal.manches) == (ALREADY, 0)


def test_the_leader_has_nobody_to_pass():
    assert OVERTAKE not in [g.goal for g in projections(season(ONE_NIGHT), remaining=2)["ann"].goals]


def test_bonuses_still_earnable_when_wins_alone_are_not_enough():
    """Two nights alike: ben (4 ÷ 3) to pass ann (6 ÷ 3 = 2) in the one manche left: a
    win gives 7 ÷ 4, short; with the seul positif (+1) 8 ÷ 4 = 2, level; with the
    bouts sur prise as well (+0.5) 8.5 ÷ 4 > 2."""
    two_nights = [*ONE_NIGHT, manche(2, FIVE, PLAIN_SCORES)]
    goal = goal_of(projections(season(two_nights), remaining=1), "ben", OVERTAKE)
    assert (goal.status, goal.finishes, goal.bonus) == (BONUS, (1, 0, 0, 0, 0), Decimal("1.5"))


def test_out_of_reach_when_no_manche_is_left():
    goal = goal_of(projections(season(ONE_NIGHT), remaining=0), "eve", OVERTAKE)
    assert goal.status == OUT_OF_REACH


def test_the_explanation_carries_the_arithmetic():
    goal = goal_of(projections(season(ONE_NIGHT), remaining=3), "dan", OVERTAKE)
    assert str(goal.explanation) == (
        "(points 0 + place points 2 + bonus 0 − participation 0) ÷ (2 manches + 1) ≈ 0.67, against 0.5"
    )


# --------------------------------------------------------------------------
# every projection, played out with the engine
# --------------------------------------------------------------------------

ROSTER = ("p0", "p1", "p2", "p3", "p4", "p5")


@st.composite
def open_seasons(draw):
    """A few played manches of five seated out of six (ties allowed), a minimum of manches."""
    manches = []
    for number in range(1, draw(st.integers(1, 4)) + 1):
        table = draw(st.permutations(ROSTER))[:5]
        scores = draw(st.lists(st.integers(-8, 8), min_size=4, max_size=4))
        scores = [10 * s for s in scores]
        scores.append(-sum(scores))
        manches.append(manche(number, table, scores))
    return season(
        manches,
        min_manches=draw(st.integers(0, 4)),
        defensive=draw(st.booleans()),
        extra_players=ROSTER,
    ), draw(st.integers(0, 3))


def played_out(base, player, finishes, bonus=Fraction(0)):
    """``base`` plus one manche per finish, ``player`` at that place among fresh
    players; ``bonus`` earned by winning with the seul positif (+1) and/or the
    lowest bouts sur prise (+0.5). The classification at the close."""
    extra, fillers = [], []
    number = max(m.number for m in base.manches)
    for place, count in enumerate(finishes, start=1):
        for _ in range(count):
            number += 1
            others = [f"x{number}_{k}" for k in range(4)]
            fillers.extend(others)
            table = others[: place - 1] + [player] + others[place - 1 :]
            scores, prises = PLAIN_SCORES, {}
            if place == 1 and bonus > 0:
                if bonus >= 1:
                    scores, bonus = SEUL_POSITIF_SCORES, bonus - 1
                if bonus >= Fraction(1, 2):
                    prises, bonus = {player: 1}, bonus - Fraction(1, 2)
            extra.append(manche(number, table, scores, prises=prises))
    assert bonus == 0, "more bonus asked than the wins can carry"
    longer = SeasonInput(
        name=base.name,
        ruleset=base.ruleset,
        players={**base.players, **{f: PlayerInfo(f, f) for f in fillers}},
        manches=base.manches + tuple(extra),
    )
    return {row.player: row.average for row in compute_season(longer, now=NOW).standings_if_closed}


def reached(kind, closing, player, target, originals):
    mine = closing[player]
    others = [closing[p] for p in originals if p != player]
    if kind == OVERTAKE:
        return mine > closing[target]
    if kind == PODIUM:
        return sum(1 for a in others if a > mine) <= 2
    return any(a < mine for a in others)


def worse_by_one_place(finishes):
    """Every profile with one finish moved one place down."""
    for i in range(len(finishes) - 1):
        if finishes[i]:
            moved = list(finishes)
            moved[i] -= 1
            moved[i + 1] += 1
            yield tuple(moved)


def all_wins(n, places=5):
    return (n,) + (0,) * (places - 1)


@settings(max_examples=40, deadline=None)
@given(open_seasons())
def test_every_projection_holds_when_played_out(case):
    base, remaining = case
    result = compute_season(base, now=NOW)
    originals = [row.player for row in result.standings]
    closing_now = {row.player: row.average for row in result.standings_if_closed}
    max_bonus = Fraction(3, 2)
    for player, projection in season_projections(result, base.ruleset, remaining=remaining).items():
        for goal in projection.goals:
            assert goal.target_average == closing_now[goal.target]
            event(goal.status)

            def check(finishes, bonus=Fraction(0), player=player, goal=goal):
                closing = played_out(base, player, finishes, bonus)
                return reached(goal.goal, closing, player, goal.target, originals)

            if goal.status == ALREADY:
                assert reached(goal.goal, closing_now, player, goal.target, originals)
            elif goal.status == PLACES:
                assert goal.manches <= remaining
                assert check(goal.finishes)
                assert not any(check(worse) for worse in worse_by_one_place(goal.finishes))
                assert not check(all_wins(goal.manches - 1))
            elif goal.status == BONUS:
                bonus = Fraction(goal.bonus)
                assert goal.manches <= remaining and bonus <= goal.manches * max_bonus
                assert check(goal.finishes, bonus)
                assert not check(goal.finishes, bonus - Fraction(1, 2))
                fewer = goal.manches - 1
                assert not fewer or not check(all_wins(fewer), fewer * max_bonus)
                assert not check(all_wins(remaining))
            else:
                assert goal.status == OUT_OF_REACH
                assert not reached(goal.goal, closing_now, player, goal.target, originals)
                if remaining:
                    assert not check(all_wins(remaining), remaining * max_bonus)

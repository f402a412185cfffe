"""Streaks and head-to-head: consecutive manches won, in the top 2, without a last place;
manches played together and who finished above whom."""

from hypothesis import given, settings

from league.rules.rating import RatedManche
from league.rules.records import NEVER_LAST, TOP_TWO, WON, compute_records

from .test_rating import histories

FIVE = ("ann", "ben", "cat", "dan", "eve")


def night(number, *places, season="2031-2032", players=FIVE):
    return RatedManche(season, number, tuple(zip(players, places, strict=True)))


def test_a_winning_streak_counts_consecutive_wins_and_a_loss_ends_it():
    records = compute_records(
        [night(1, 1, 2, 3, 4, 5), night(2, 1, 3, 2, 4, 5), night(3, 2, 1, 3, 4, 5), night(4, 1, 2, 3, 4, 5)]
    )
    longest = records.longest["ann"][WON]
    assert (longest.length, longest.first, longest.last) == (2, ("2031-2032", 1), ("2031-2032", 2))
    assert records.current["ann"][WON].length == 1


def test_streaks_run_across_seasons():
    records = compute_records([night(9, 2, 1, 3, 4, 5, season="2030-2031"), night(1, 1, 2, 3, 4, 5)])
    assert records.longest["ann"][TOP_TWO].length == 2
    assert records.longest["ann"][TOP_TWO].first == ("2030-2031", 9)


def test_without_a_last_place_means_never_at_the_tables_worst_place():
    """Tied last players are all last; at a table of 4 the 4th is last."""
    records = compute_records([night(1, 1, 2, 3, 4, 4), night(2, 1, 2, 3, 4, players=FIVE[:4])])
    assert NEVER_LAST not in records.current.get("dan", {})
    assert records.longest["cat"][NEVER_LAST].length == 2
    assert NEVER_LAST not in records.longest.get("eve", {})


def test_head_to_head_counts_who_finished_above_whom():
    records = compute_records([night(1, 1, 2, 3, 4, 5), night(2, 2, 1, 3, 4, 5), night(3, 1, 1, 3, 4, 5)])
    ann_ben = next(h for h in records.head_to_head["ann"] if h.opponent == "ben")
    assert (ann_ben.together, ann_ben.above, ann_ben.below, ann_ben.level) == (3, 1, 1, 1)


@settings(max_examples=150, deadline=None)
@given(histories())
def test_head_to_head_is_symmetric_and_streaks_fit_the_manches_played(manches):
    records = compute_records(manches)
    for player, rows in records.head_to_head.items():
        for h in rows:
            mirror = next(x for x in records.head_to_head[h.opponent] if x.opponent == player)
            assert (h.together, h.above, h.below, h.level) == (
                mirror.together,
                mirror.below,
                mirror.above,
                mirror.level,
            )
            assert h.above + h.below + h.level == h.together
    played = {}
    for m in manches:
        for p, _place in m.places:
            played[p] = played.get(p, 0) + 1
    for player, streaks in records.longest.items():
        if WON in streaks:  # a win is in the top 2: a winning streak lies inside a top-2 one
            assert streaks[WON].length <= streaks[TOP_TWO].length
        assert all(s.length <= played[player] for s in streaks.values())

"""A manche's table: the seats a registrant may take, the players still lacking."""

from league.rules.calendar import SEATS, missing_players, open_seats


def test_a_registrant_may_take_any_seat_nobody_holds():
    assert [open_seats(n) for n in range(SEATS + 2)] == [5, 4, 3, 2, 1, 0, 0]


def test_with_a_late_withdrawal_the_table_of_four_lacks_nobody():
    assert missing_players(4, absent=True) == 0
    assert missing_players(3, absent=True) == 1
    assert missing_players(4, absent=False) == 1

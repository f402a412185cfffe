"""The season year turns on 8 July: a season ends on the first Thursday of July at the latest
(seed 000: « peut s'achever le 1er jeudi de juillet ») and starts in late August at the earliest."""

from datetime import UTC, datetime

from league.rules.calendar import season_year


def test_june_belongs_to_the_season_that_started_the_year_before():
    assert season_year(datetime(2025, 6, 30, 12, tzinfo=UTC)) == 2024


def test_a_manche_on_the_first_thursday_of_july_belongs_to_the_ending_season():
    assert season_year(datetime(2025, 7, 3, 19, tzinfo=UTC)) == 2024
    assert season_year(datetime(2025, 7, 7, 19, tzinfo=UTC)) == 2024


def test_from_8_july_the_coming_season_is_meant():
    assert season_year(datetime(2025, 7, 8, 12, tzinfo=UTC)) == 2025
    assert season_year(datetime(2025, 8, 20, 12, tzinfo=UTC)) == 2025


def test_the_cut_over_is_read_in_club_time():
    """7 July 23:30 UTC is already 8 July in Paris."""
    assert season_year(datetime(2025, 7, 7, 23, 30, tzinfo=UTC)) == 2025

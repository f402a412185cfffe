"""The season year turns in July, the month after a season's last manche (first Thursday of July)."""

from datetime import UTC, datetime

from league.rules.calendar import season_year


def test_june_belongs_to_the_season_that_started_the_year_before():
    assert season_year(datetime(2025, 6, 30, 12, tzinfo=UTC)) == 2024


def test_from_july_the_coming_season_is_meant():
    assert season_year(datetime(2025, 7, 1, 12, tzinfo=UTC)) == 2025
    assert season_year(datetime(2025, 8, 20, 12, tzinfo=UTC)) == 2025


def test_the_cut_over_is_read_in_club_time():
    """30 June 23:30 UTC is already 1 July in Paris."""
    assert season_year(datetime(2025, 6, 30, 23, 30, tzinfo=UTC)) == 2025

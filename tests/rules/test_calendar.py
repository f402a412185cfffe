"""The calendar rules of "Organisation du Championnat": Thursdays, 21:00 Paris time, every 14 days."""

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from league.rules.calendar import (
    CalendarOptions,
    fill_state,
    first_thursday,
    is_last_minute,
    last_thursday,
    local_date,
    manche_start,
    season_dates,
    season_start_year,
    season_starts,
)

PARIS = ZoneInfo("Europe/Paris")
UTC = ZoneInfo("UTC")


def test_first_and_last_thursdays_of_a_month():
    assert first_thursday(2011, 9) == date(2011, 9, 1)
    assert first_thursday(2012, 7) == date(2012, 7, 5)
    assert last_thursday(2012, 6) == date(2012, 6, 28)
    assert last_thursday(2011, 8) == date(2011, 8, 25)
    assert last_thursday(2024, 2) == date(2024, 2, 29)


def test_season_year_is_read_from_the_name():
    assert season_start_year("2011-2012") == 2011
    assert season_start_year("Saison") is None


def _fortnightly_except_last(dates):
    gaps = [(b - a).days for a, b in zip(dates, dates[1:], strict=False)]
    return all(g == 14 for g in gaps[:-1]) and gaps[-1] in (7, 14)


def test_season_runs_from_first_thursday_of_september_to_last_thursday_of_june():
    dates = season_dates(2011)
    assert dates[0] == date(2011, 9, 1) == first_thursday(2011, 9)
    assert dates[-1] == date(2012, 6, 28) == last_thursday(2012, 6)
    assert all(d.weekday() == 3 for d in dates)
    assert _fortnightly_except_last(dates)


def test_a_season_whose_rhythm_lands_on_the_last_thursday_of_june_is_strictly_fortnightly():
    dates = season_dates(2013)
    assert (dates[0], dates[-1]) == (date(2013, 9, 5), date(2014, 6, 26))
    assert {(b - a).days for a, b in zip(dates, dates[1:], strict=False)} == {14}
    assert len(dates) == 22


def test_when_the_rhythm_misses_the_end_date_the_end_date_is_still_the_last_manche():
    dates = season_dates(2011)
    assert dates[-2:] == [date(2012, 6, 21), date(2012, 6, 28)]


def test_option_start_on_last_thursday_of_august():
    dates = season_dates(2011, CalendarOptions(start_in_august=True))
    assert dates[0] == date(2011, 8, 25) == last_thursday(2011, 8)
    assert dates[1] == date(2011, 9, 8)
    assert dates[-1] == date(2012, 6, 28)
    assert all(d.weekday() == 3 for d in dates)
    assert _fortnightly_except_last(dates)


def test_option_end_on_first_thursday_of_july():
    dates = season_dates(2013, CalendarOptions(end_in_july=True))
    assert dates[0] == date(2013, 9, 5)
    assert dates[-1] == date(2014, 7, 3) == first_thursday(2014, 7)
    assert dates[:-1] == season_dates(2013)
    assert _fortnightly_except_last(dates)


def test_both_options_together():
    dates = season_dates(2012, CalendarOptions(start_in_august=True, end_in_july=True))
    assert dates[0] == date(2012, 8, 30)
    assert dates[-1] == date(2013, 7, 4)
    assert _fortnightly_except_last(dates)


def test_manches_start_at_21h_paris_on_both_sides_of_dst():
    starts = season_starts(2011)
    assert all(s.astimezone(PARIS).time() == time(21, 0) for s in starts)
    # Summer time (UTC+2) in September, winter time (UTC+1) in December.
    september = starts[0]
    december = next(s for s in starts if s.month == 12)
    assert september.astimezone(UTC).hour == 19
    assert december.astimezone(UTC).hour == 20


def test_manche_across_the_october_dst_change_keeps_its_local_hour():
    # 30 Oct 2011 clocks went back; the Thursdays before and after both start at 21:00.
    before = manche_start(date(2011, 10, 27))
    after = manche_start(date(2011, 11, 10))
    assert before.utcoffset() == timedelta(hours=2)
    assert after.utcoffset() == timedelta(hours=1)
    # Fourteen days and one hour of real time between two 21:00 starts.
    assert after.astimezone(UTC) - before.astimezone(UTC) == timedelta(days=14, hours=1)


def test_manche_across_the_march_dst_change_keeps_its_local_hour():
    before = manche_start(date(2012, 3, 22))
    after = manche_start(date(2012, 3, 29))
    assert (before.utcoffset(), after.utcoffset()) == (timedelta(hours=1), timedelta(hours=2))
    assert after.astimezone(PARIS).time() == time(21, 0)


def test_a_wall_time_in_the_spring_gap_moves_forward():
    moved = manche_start(date(2012, 3, 25), time(2, 30))
    assert moved.astimezone(PARIS).time() == time(3, 30)


def test_last_minute_is_the_club_day_of_the_manche():
    starts_at = manche_start(date(2012, 1, 12))
    # 23:30 UTC the day before is already 00:30 on the day in Paris.
    assert is_last_minute(datetime(2012, 1, 11, 23, 30, tzinfo=UTC), starts_at)
    assert not is_last_minute(datetime(2012, 1, 11, 22, 30, tzinfo=UTC), starts_at)
    assert local_date(datetime(2012, 1, 11, 23, 30, tzinfo=UTC)) == date(2012, 1, 12)


def test_full_is_derived_from_five_seated_players():
    assert fill_state("open", 5) == "full"
    assert fill_state("planned", 5) == "full"
    assert fill_state("open", 4) == "open"
    assert fill_state("cancelled", 5) == "cancelled"
    assert fill_state("played", 4) == "played"

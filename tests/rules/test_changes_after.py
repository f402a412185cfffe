"""``changes_after``: what the engine computes at one instant it computes at every
instant until then, whatever the season (the site keeps a computation that long)."""

from datetime import timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from league.rules import changes_after, compute_season

from .test_oracle_agreement import SEASONS_HEALTH_CHECKS, seasons, to_engine_season

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=SEASONS_HEALTH_CHECKS)


def instants(season: dict) -> list:
    """The season's own instants (starts, posts, rejections) and those a week and two weeks
    later (the delays after the last start, and after a rejection past it)."""
    moments = []
    for manche in season["manches"]:
        moments.append(manche["starts_at"])
        for cr in manche["comptes_rendus"]:
            moments += [cr["posted_at"], cr["rejected_at"] or cr["posted_at"]]
    return [m + timedelta(days=days) for m in moments for days in (0, 7, 14)]


@SETTINGS
@given(seasons(), st.data())
def test_a_computation_holds_until_the_next_change(case, data):
    """From a moment near any of the season's own (before or after a start, a post, a
    rejection, or the delays that follow them) to the instant ``changes_after`` names,
    the engine computes the same result."""
    season, _end = case
    engine = to_engine_season(season)
    near = data.draw(st.sampled_from(instants(season)))
    computed_at = near + timedelta(minutes=data.draw(st.integers(-60 * 24 * 3, 60 * 24 * 3)), seconds=30)
    result = compute_season(engine, now=computed_at)
    change = changes_after(engine, result, computed_at)
    if change is None:
        moments = [computed_at + timedelta(days=400)]
    else:
        assert change > computed_at
        share = data.draw(st.floats(0, 1, exclude_max=True))
        just_before = change - timedelta(microseconds=1)
        # A share close to 1 rounds to the whole span, at the change itself.
        moments = [min(computed_at + (change - computed_at) * share, just_before), just_before]
    for later in moments:
        assert compute_season(engine, now=later) == result, (computed_at, change, later)

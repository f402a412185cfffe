"""One change, one recomputation; readers never wait for it; the cache only saves time.

Counts (recomputations, bytes), never timings: the timed targets are in
``bench/bench_scaling.py``.
"""

import pickle
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.core.cache import cache
from django.urls import reverse

from config.local_cache import kept_as_is
from league import revision_cache, rules
from league.models import Season
from league.rules.adjustments import CR_RETARD
from league.selectors.engine import current_revision, refresh, season_input
from league.services.revision import invalidate
from reports.selectors.readings import season_standings
from tests.support.engine import season_result
from tests.support.members import make_member
from tests.support.seasongen import AFTER_THE_SEASON, START, load_season

#: Before their first deadline. (Once reached, a deadline without a
#: compte-rendu is a −0.5 per vainqueur (§5.4): a season where nobody ever
#: posts one has, by the rule, a number of maluses quadratic in its manches.)
BEFORE = datetime(2030, 8, 1, 12, 0, tzinfo=ZoneInfo("Europe/Paris"))

pytestmark = pytest.mark.usefixtures("after_the_generated_season")


def page_urls(season: Season, player: str) -> list[str]:
    return [
        reverse("reports:standings", args=[season.name]),
        reverse("reports:player", args=[player]),
        reverse("reports:api_standings", args=[season.name]),
        reverse("reports:palmares"),
        reverse("league:manche_detail", args=[season.name, 1]),
        reverse("league:cr_list", args=[season.name]),
        reverse("league:season_detail", args=[season.name]),
        reverse("league:calendar", args=[season.name]),
    ]


def test_one_change_makes_exactly_one_recomputation(client, small_season, season_computations):
    """Every page after a change reads the one new result: the engine runs once per change."""
    urls = page_urls(small_season, "p000")
    for url in urls:
        assert client.get(url).status_code == 200
    assert len(season_computations) == 1
    for url in urls:  # warm: nothing recomputed
        client.get(url)
    assert len(season_computations) == 1
    invalidate(small_season)
    for url in urls * 2:
        assert client.get(url).status_code == 200
    assert len(season_computations) == 2


def test_a_member_outside_the_season_reads_its_one_computation(client, small_season, season_computations):
    """What is made for each player of the season (his goals, his line, his record) is
    not made for a member who played none of its manches, nor for an unknown name: his
    pages read the season's one computation, which says there is no such reading, instead
    of computing the season again at every view."""
    client.force_login(make_member("zoe", display_name="Zoé"))
    urls = [
        *page_urls(small_season, "zoe"),
        reverse("reports:projections", args=[small_season.name]),
        reverse("reports:standings_explanation", args=[small_season.name, "zoe"]),
    ]
    for url in urls * 2:
        assert client.get(url).status_code in (200, 404)
    assert len(season_computations) == 1


def test_a_reading_the_last_computation_did_not_make_is_none_until_the_next_change():
    """A name made at one revision and not at the next (a line gone with the results it
    came from) is None once the next is stored, not computed again at every view."""
    computations = []

    def computing(*names):
        def compute():
            computations.append(names)
            readings = {name: name.upper() for name in ("played", *names)}
            return {**readings, "names": frozenset(readings)}, None

        return compute

    def read(revision, name, compute):
        return revision_cache.reading(7, revision, name, now=BEFORE, compute=compute, made_with="names")

    assert read(1, "line:zoe", computing("line:zoe")) == "LINE:ZOE"
    assert read(2, "played", computing()) == "PLAYED"
    assert read(2, "line:zoe", computing()) is None
    assert read(2, "line:yann", computing()) is None
    assert len(computations) == 2


def test_a_reading_made_but_no_longer_in_the_cache_is_computed_again():
    """A cache full of other things may drop one reading and keep its siblings: the
    reading is made again, not taken for one its computation does not make."""
    computations = []

    def compute():
        computations.append(1)
        readings = {"played": "PLAYED", "line:zoe": "LINE:ZOE"}
        return {**readings, "names": frozenset(readings)}, None

    def read(name):
        return revision_cache.reading(7, 1, name, now=BEFORE, compute=compute, made_with="names")

    assert read("line:zoe") == "LINE:ZOE"
    cache.delete(revision_cache.key(7, "line:zoe"))
    assert read("line:zoe") == "LINE:ZOE"
    assert len(computations) == 2


def test_a_result_does_not_expire_while_its_revision_stands(small_season, season_computations):
    """No time-based expiry: with every deadline reached, a result computed a year ago still stands."""
    first = season_standings(small_season, now=AFTER_THE_SEASON)
    again = season_standings(small_season, now=AFTER_THE_SEASON.replace(year=2032))
    assert len(season_computations) == 1
    assert again.lines == first.lines


def test_the_engine_result_itself_is_never_written_to_the_cache(client, small_season):
    """Only what the pages read is kept: the whole result of a big season was the
    largest entry, written after each computation and read back to make the reports."""
    assert client.get(reverse("reports:standings", args=[small_season.name])).status_code == 200
    kept = [
        value if kept_as_is(value) else pickle.loads(value)  # noqa: S301 (this test's own cache)
        for value in cache._cache.values()
    ]
    assert any(isinstance(entry, revision_cache.Entry) for entry in kept)
    assert not [
        entry
        for entry in kept
        if isinstance(entry, revision_cache.Entry) and isinstance(entry.value, rules.SeasonResult)
    ]


def test_a_recomputation_makes_the_reports_readings_in_the_same_pass(small_season, season_computations):
    """After a change the worker's one computation leaves every page's reading, the reports' included."""
    refresh(small_season.pk, AFTER_THE_SEASON)
    assert len(season_computations) == 1
    names = ["played", "manche:1", "reports:standings", "reports:details", "reports:player:p000"]
    kept = revision_cache.read_many(small_season.pk, small_season.revision, names, now=AFTER_THE_SEASON)
    assert sorted(kept) == sorted(names)


def test_each_computation_of_a_season_is_logged_once(client, small_season, caplog):
    """What the stampede benchmark counts: one line per computation, whichever reading asked for it."""
    with caplog.at_level("INFO", logger="league.selectors.engine"):
        for url in page_urls(small_season, "p000"):
            client.get(url)
    computed = [r for r in caplog.records if "computed with its readings in" in r.getMessage()]
    assert len(computed) == 1
    assert computed[0].getMessage().startswith(f"season {small_season.pk}: ")


def test_a_computation_logs_where_its_time_went(client, small_season, caplog):
    """Reading the season, the engine, the digests, then storing: the worker's log
    (and the scaling benchmark) says which part a slow recomputation spent its time in."""
    with caplog.at_level("INFO", logger="league"):
        client.get(reverse("reports:standings", args=[small_season.name]))
    (computed,) = [r for r in caplog.records if "computed with its readings in" in r.getMessage()]
    _pk, total, *parts = computed.args
    assert "reading the season" in computed.getMessage() and "the digests" in computed.getMessage()
    assert len(parts) == 3 and all(part >= 0 for part in parts) and sum(parts) <= total + 1e-6
    (stored,) = [r for r in caplog.records if ": reports:standings recomputed in" in r.getMessage()]
    *_names, whole, storing = stored.args
    assert 0 <= storing <= whole and whole >= total


def test_readers_get_the_previous_result_while_another_process_recomputes(
    client, small_season, season_computations
):
    url = reverse("reports:api_standings", args=[small_season.name])
    before = client.get(url).json()
    assert len(season_computations) == 1
    Season.objects.filter(pk=small_season.pk).update(params={"place_points": [5, 3, 1, 0, -2]})
    invalidate(small_season)
    revision = current_revision(small_season)
    # Another process is recomputing the new revision: it holds the locks.
    for name in ("reports:api", "reports:standings", "played"):
        assert cache.add(revision_cache._lock_key(small_season.pk, name, revision), "another process")
    assert client.get(url).json() == before  # served at once, not recomputed here
    assert len(season_computations) == 1
    cache.clear()  # that process finished (and its locks are gone)
    after = client.get(url).json()
    assert after["standings"] != before["standings"]
    assert len(season_computations) == 2


def test_pages_answer_when_the_cache_fails(client, small_season, settings, season_computations):
    """Redis down: every page is computed and served all the same."""
    expected = season_result(small_season, now=AFTER_THE_SEASON).standings
    settings.CACHES = {"default": {"BACKEND": "tests.perf.failing_cache.FailingCache"}}
    for url in page_urls(small_season, "p000"):
        response = client.get(url)
        assert response.status_code == 200, url
    document = client.get(reverse("reports:api_standings", args=[small_season.name])).json()
    assert [row["player"] for row in document["standings"]] == [row.player for row in expected]


def cached_bytes(season: Season) -> int:
    """Bytes the local-memory cache holds after every reading of ``season`` was made."""
    from reports.selectors.readings import standings_with_details

    cache.clear()
    standings, details = standings_with_details(season, now=BEFORE)
    assert standings.lines and details.progression
    return cache.pickled_size()


def test_cached_bytes_grow_linearly_with_the_number_of_manches(db):
    """4× more manches, at most 4.5× more bytes cached (deadlines were quadratic: 16×)."""
    small = load_season(name="2030-2031", players=40, manches_per_player=16, donnes=4, seed=1, start=START)
    large = load_season(
        name="2031-2032",
        players=80,
        manches_per_player=32,
        donnes=4,
        seed=2,
        start=START,
        username_prefix="q",
    )
    assert small.manches.count() * 4 == large.manches.count() == 512
    growth = cached_bytes(large) / cached_bytes(small)
    assert growth <= 4.5, growth


def test_the_manche_page_reads_the_cached_outcome_instead_of_scoring_the_sheet(
    client, small_season, monkeypatch
):
    """The ranking is the season's cached outcome; the sheet is scored once per
    revision (for the night's point flow, kept with the page's rendering), not on each view."""
    result = season_result(small_season, now=AFTER_THE_SEASON)
    vainqueur = result.manches[1].vainqueurs[0]
    scored = []
    score_sheet = rules.score_sheet

    def counting(*args, **kwargs):
        scored.append(args)
        return score_sheet(*args, **kwargs)

    monkeypatch.setattr(rules, "score_sheet", counting)
    from accounts.models import User

    url = reverse("league:manche_detail", args=[small_season.name, 1])
    for _ in range(3):  # rendered from the cached outcome, then the rendering itself is kept
        response = client.get(url)
        assert response.status_code == 200
        page = response.content.decode()
        assert f"<strong>{User.objects.get(username=vainqueur)}</strong>" in page
        assert page.count('class="table-success"') == 1
        assert reverse("reports:player", args=[vainqueur]) in page
    assert len(scored) == 1


def late_maluses(season: Season) -> int:
    result = rules.compute_season(season_input(season), now=AFTER_THE_SEASON)
    return sum(
        a.kind == CR_RETARD for adjustments in result.adjustments_by_player.values() for a in adjustments
    )


def test_a_generated_season_whose_vainqueurs_post_on_time_has_no_late_malus(db):
    """The benchmarks' seasons are a club's: with every compte-rendu posted, no
    retard malus (without them §5.4 gives a number quadratic in the manches)."""
    posted = load_season(name="2030-2031", players=10, manches_per_player=4, seed=3, comptes_rendus=True)
    silent = load_season(name="2031-2032", players=10, manches_per_player=4, seed=3, username_prefix="q")
    assert late_maluses(posted) == 0
    assert late_maluses(silent) > 8  # 8 manches: 7 + 6 + … deadlines missed

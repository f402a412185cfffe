"""After a change nobody waits: the season is recomputed once, on commit, and
until then every reader gets the previous result, marked as being updated.

Counts (recomputations, which result a reader got, the mark), never timings:
the timed figures are in ``bench/bench_stampede.py``.
"""

import pytest
from django.urls import reverse

from league import revision_cache
from league.models import Season
from league.selectors.engine import current_revision
from league.services.revision import invalidate
from reports.selectors.cache import reading_name
from tests.support.seasongen import AFTER_THE_SEASON, START, load_season

MARK = 'id="updating"'

pytestmark = pytest.mark.usefixtures("after_the_generated_season")


@pytest.fixture
def season(db):
    return load_season(name="2030-2031", players=10, manches_per_player=4, seed=3, start=START)


@pytest.fixture
def worker(monkeypatch):
    """A shared cache (as Redis is) and a worker that has not run yet: what was queued."""
    queued = []
    monkeypatch.setattr(revision_cache, "shared", lambda: True)
    monkeypatch.setattr(revision_cache, "_dispatcher", [lambda pk, revision: queued.append((pk, revision))])
    return queued


@pytest.fixture
def rendered(monkeypatch):
    """The templates the standings view renders, by name, as it renders them."""
    from reports.views import standings as standings_views

    names = []
    render = standings_views.render_to_string
    monkeypatch.setattr(
        standings_views, "render_to_string", lambda *a, **k: names.append(a[0]) or render(*a, **k)
    )
    return names


def change_the_rules(season: Season) -> None:
    """A write that changes the classification (the place points), as a service makes it."""
    Season.objects.filter(pk=season.pk).update(params={"place_points": [5, 3, 1, 0, -2]})
    invalidate(season)


def first_line(client, season) -> dict:
    document = client.get(reverse("reports:api_standings", args=[season.name])).json()
    return document["standings"][0]


def test_a_change_recomputes_the_season_once_when_it_commits(
    client, season, season_computations, django_capture_on_commit_callbacks
):
    """Embedded setup (a cache of this process): the writer's request recomputes after its commit."""
    before = first_line(client, season)
    assert len(season_computations) == 1
    with django_capture_on_commit_callbacks(execute=True):
        change_the_rules(season)
    assert len(season_computations) == 2  # on commit, before any reader came
    standings = reverse("reports:standings", args=[season.name])
    for _ in range(3):
        response = client.get(standings)
        assert response.status_code == 200
        assert MARK not in response.content.decode()
    assert first_line(client, season) != before
    assert len(season_computations) == 2


def test_readers_get_the_previous_result_marked_as_being_updated_until_the_worker_ran(
    client, season, season_computations, worker, django_capture_on_commit_callbacks
):
    standings = reverse("reports:standings", args=[season.name])
    player = reverse("reports:player", args=["p000"])
    before = first_line(client, season)
    assert MARK not in client.get(standings).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        change_the_rules(season)
    revision = current_revision(season)
    assert worker == [(season.pk, revision)]  # queued once, on commit
    for _ in range(4):  # four readers meanwhile: the previous result, said to be updating, nothing computed
        assert first_line(client, season) == before
        for url in (standings, player):
            response = client.get(url)
            assert response.status_code == 200
            assert MARK in response.content.decode(), url
    assert len(season_computations) == 1
    assert worker == [(season.pk, revision)]  # the readers queued nothing more

    revision_cache.recompute(season.pk, revision, now=AFTER_THE_SEASON)  # the worker runs the task
    assert len(season_computations) == 2
    rendered = [reading_name("standings-html", language, "rank") for language in ("fr", "en")]
    assert set(revision_cache.read_many(season.pk, revision, rendered, now=AFTER_THE_SEASON)) == set(rendered)
    assert first_line(client, season) != before
    for url in (standings, player):
        assert MARK not in client.get(url).content.decode()
    assert len(season_computations) == 2


def test_the_recomputation_runs_once_even_when_queued_twice(season, season_computations, worker):
    from reports.selectors.readings import season_standings

    season_standings(season, now=AFTER_THE_SEASON)
    change_the_rules(season)
    revision = current_revision(season)
    revision_cache.recompute(season.pk, revision, now=AFTER_THE_SEASON)
    revision_cache.recompute(season.pk, revision, now=AFTER_THE_SEASON)
    assert len(season_computations) == 2


def test_a_season_never_computed_is_computed_inline_once(client, season, season_computations, worker):
    """No previous result to show: the first reader computes it (under the lock), unmarked."""
    response = client.get(reverse("reports:standings", args=[season.name]))
    assert response.status_code == 200
    assert MARK not in response.content.decode()
    assert len(season_computations) == 1
    assert worker == []


def test_a_season_the_engine_refuses_is_not_computed_again_on_every_page(client, season, season_computations):
    from league.models import Donne

    donne = Donne.objects.filter(manche__season=season, kind="contract").order_by("pk").first()
    Donne.objects.filter(pk=donne.pk).update(bouts=3, points=10)  # no deal gives that
    invalidate(season)
    manche = reverse("league:manche_detail", args=[season.name, donne.manche.number])
    for _ in range(3):
        assert client.get(manche).status_code == 200
    assert len(season_computations) == 1


def test_a_slow_worker_still_keeps_readers_from_rendering_pages_nobody_keeps(
    client, season, season_computations, worker, django_capture_on_commit_callbacks, rendered
):
    """A recomputation waiting minutes behind others (a busy worker at idle priority): readers
    go on serving the previous page, and none renders one from the previous readings."""
    import time_machine

    standings = reverse("reports:standings", args=[season.name])
    client.get(standings)
    rendered.clear()  # the first reader's rendering: the season had none yet
    with django_capture_on_commit_callbacks(execute=True):
        change_the_rules(season)
    for minutes in (1, 3, 10):
        with time_machine.travel(AFTER_THE_SEASON + revision_cache.LOCK_TIMEOUT * minutes / 2, tick=False):
            assert MARK in client.get(standings).content.decode()
    assert "reports/_standings_fragment.html" not in rendered
    assert len(season_computations) == 1
    assert len(worker) == 1  # scheduled once


def test_a_reader_between_the_commit_and_the_queueing_renders_no_page_of_his_own(
    client, season, season_computations, worker, django_capture_on_commit_callbacks, rendered
):
    """The change is saved, its recomputation not queued yet (the writer's commit hook
    runs next): a reader then already finds the new revision, and gets the previous page
    as every later reader does, instead of rendering one from the previous readings; he
    leaves the queueing to the hook (queueing it, he paid the broker's connection)."""
    standings = reverse("reports:standings", args=[season.name])
    client.get(standings)
    rendered.clear()  # the first reader's rendering: the season had none yet
    with django_capture_on_commit_callbacks(execute=False) as on_commit:
        change_the_rules(season)
    assert MARK in client.get(standings).content.decode()
    assert "reports/_standings_fragment.html" not in rendered
    assert worker == []
    for callback in on_commit:
        callback()
    assert worker == [(season.pk, current_revision(season))]  # by the commit hook, once
    assert len(season_computations) == 1


def test_a_change_whose_commit_hook_never_ran_is_queued_by_the_next_reader(
    client, season, season_computations, worker, django_capture_on_commit_callbacks
):
    """The writer's process died between its commit and its hook: a reader past the
    grace the hook had queues the recomputation himself, once."""
    import time_machine

    standings = reverse("reports:standings", args=[season.name])
    client.get(standings)
    with time_machine.travel(AFTER_THE_SEASON, tick=False) as clock:
        with django_capture_on_commit_callbacks(execute=False):
            change_the_rules(season)  # its hook is dropped
        clock.shift(revision_cache.ANNOUNCE_GRACE / 2)
        assert MARK in client.get(standings).content.decode()
        assert worker == []
        clock.shift(revision_cache.ANNOUNCE_GRACE)
        assert MARK in client.get(standings).content.decode()
        assert MARK in client.get(standings).content.decode()
    assert worker == [(season.pk, current_revision(season))]
    assert len(season_computations) == 1

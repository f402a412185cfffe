"""The fixtures every test folder shares: the one place they are defined.

People: ``president`` (ben, holds the office and presides the season),
``capitaine`` (bruno, keeps the sheet of the manche he is given),
``player`` (anne, an ordinary member), ``members`` (six more) and
``others`` (the rest of the ``manche``'s table); ``make_user`` for anyone
else. Anonymous visitors are the client without a login.

The club: ``season`` (2025-2026, open), ``open_manche`` (open for
registrations, ten days ahead), ``manche`` (played at five on ``NIGHT``, the
seats drawn), ``world`` (a row of every kind, for the URL-wide checks) and
generated seasons (``small_season``, ``larger_season``, ``closed_season``).
They are built with the one builder of each row, ``make_season`` and
``make_manche`` (tests/support/seasons.py); the helpers test modules use are
imported by name from tests/support/.

No test may depend on the real date: a club built around "now" under a
fixed season name runs at ``IN_SEASON`` (the ``in_season_clock`` fixture;
a module asks for it with ``pytestmark = pytest.mark.usefixtures("in_season_clock")``).
``make test-clock`` runs the whole suite at awkward moments to prove it
(tests/shifted_clock.py). Celery tasks run in-process (``eager_tasks``).
"""

import pickle
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.utils import timezone

from config.env import cache_config
from tests.support.members import make_member
from tests.support.seasongen import AFTER_THE_SEASON, load_season
from tests.support.seasons import make_manche, make_season, seat, thursday_21h
from tests.support.world import build_world

# A Wednesday morning of the 2025-2026 season.
IN_SEASON = datetime(2025, 11, 19, 10, 0, tzinfo=ZoneInfo("Europe/Paris"))


@pytest.fixture(autouse=True)
def _fast_and_isolated(settings, tmp_path):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.CACHES = {"default": cache_config("locmem://")}  # the embedded default
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.SEASON_EXPORT_DIR = tmp_path / "exports"
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _cached_values_left_as_stored(monkeypatch):
    """The embedded cache hands out the readings it holds, not copies (``config.local_cache``):
    a test fails when anything it ran changed one after it was stored."""
    from django.core.cache.backends.base import DEFAULT_TIMEOUT

    from config.local_cache import SharedObjectsLocMemCache, kept_as_is

    stored: list[tuple[str, object, bytes]] = []
    keep = SharedObjectsLocMemCache._set

    def _set(self, key, value, timeout=DEFAULT_TIMEOUT):
        if kept_as_is(value):
            stored.append((key, value, pickle.dumps(value)))
        keep(self, key, value, timeout)

    monkeypatch.setattr(SharedObjectsLocMemCache, "_set", _set)
    yield
    changed = [key for key, value, pickled in stored if pickle.dumps(value) != pickled]
    assert not changed, f"cached values changed after they were stored: {changed}"


@pytest.fixture(autouse=True)
def eager_tasks(request):
    """Celery tasks run in-process as soon as they are queued, as a worker would, never into the
    development broker; the Celery app, for a test that changes how. Tests marked ``real_broker``
    talk to a real worker instead."""
    from config.celery import app

    if "real_broker" in request.keywords:
        yield app
        return
    previous = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager, app.conf.task_eager_propagates = True, True
    yield app
    app.conf.task_always_eager, app.conf.task_eager_propagates = previous


@pytest.fixture
def in_season_clock():
    """The whole test at ``IN_SEASON``, time flowing on from there: a season named 2025-2026,
    "ten days ahead", the next Thursday and a session's age agree whatever the real date."""
    with time_machine.travel(IN_SEASON, tick=True):
        yield IN_SEASON


@pytest.fixture
def after_the_generated_season():
    """The whole test at ``AFTER_THE_SEASON``, the clock stopped: every manche of a
    generated season played and every deadline reached, whatever the real date."""
    with time_machine.travel(AFTER_THE_SEASON, tick=False):
        yield AFTER_THE_SEASON


@pytest.fixture
def make_user(db):
    """``make_member`` (tests/support/members.py), with the database."""
    return make_member


@pytest.fixture
def president(make_user):
    from accounts.services.offices import presidency_hand_over

    user = make_user("ben", display_name="Benoît")
    presidency_hand_over(by=None, to=user, now=timezone.now())
    return user


@pytest.fixture
def player(make_user):
    return make_user("anne", display_name="Anne")


@pytest.fixture
def capitaine(make_user):
    return make_user("bruno", display_name="Bruno")


def pytest_collection_modifyitems(config, items):
    """Tests that need real services skip, with the reason, when run on the embedded defaults."""
    import os

    from django.conf import settings

    if not settings.configured:  # the rules engine's tests run without Django
        return

    vendor_is_pg = "postgresql" in settings.DATABASES["default"]["ENGINE"]
    broker_is_real = settings.CELERY_BROKER_URL.startswith(("redis://", "amqp://"))
    real = os.environ.get("REAL_SERVICES") == "1"
    for item in items:
        if "postgres" in item.keywords and not vendor_is_pg:
            item.add_marker(pytest.mark.skip(reason="needs PostgreSQL (DATABASE_URL=postgres://…)"))
        if "real_broker" in item.keywords and not broker_is_real:
            item.add_marker(pytest.mark.skip(reason="needs a real broker (CELERY_BROKER_URL=redis://…)"))
        if "browser" in item.keywords and not real:
            item.add_marker(pytest.mark.skip(reason="browser journeys run in the real-services pass"))


# The club: members, a season, its manches.


@pytest.fixture
def members(make_user):
    """Six more ordinary members: claire, david, emile, fanny, gilles, hugo."""
    return [make_user(name) for name in ["claire", "david", "emile", "fanny", "gilles", "hugo"]]


@pytest.fixture
def others(make_user):
    """The other three at the ``manche``'s table: fifi, eric, gege."""
    return [make_user("fifi", display_name="Fifi"), make_user("eric", display_name="Éric"), make_user("gege")]


@pytest.fixture
def season(president):
    """The 2025-2026 season, open, presided by ben, its manches chez Ben."""
    return make_season(president=president, default_location="Chez Ben")


@pytest.fixture
def open_manche(season, capitaine):
    """Manche 1, open for registrations, a Thursday at 21:00 at least ten days ahead; bruno keeps its sheet.

    Its modules run at ``IN_SEASON`` (``pytest.mark.usefixtures("in_season_clock")``)."""
    return make_manche(season, 1, starts_at=thursday_21h(), capitaine=capitaine)


@pytest.fixture
def manche(season, capitaine, player, others):
    """Manche 1 on ``NIGHT`` (tests/support/seasons.py), at five, the seats drawn: bruno (its
    capitaine), anne, fifi, eric, gege in playing order. ben presides and does not play."""
    return seat(make_manche(season, 1, capitaine=capitaine), [capitaine, player, *others])


@pytest.fixture
def world(make_user):
    """A small season with a row of every kind, to aim every URL at (tests/support/world.py)."""
    return build_world(make_user)


# Generated seasons (tests/support/seasongen.py), one manche a day from its START:
# the same pages must cost the same number of queries on the small and the larger one.


@pytest.fixture
def small_season(db):
    """10 players × 4 manches: 8 played manches of 20 donnes."""
    return load_season(name="2030-2031", players=10, manches_per_player=4, seed=3)


@pytest.fixture
def larger_season(db):
    """40 players × 10 manches: 80 played manches."""
    return load_season(name="2031-2032", players=40, manches_per_player=10, seed=4, username_prefix="q")


@pytest.fixture
def closed_season(db):
    """A closed season of 10 players × 4 manches, named the year before ``small_season``."""
    return load_season(name="2029-2030", players=10, manches_per_player=4, seed=5, closed=True)


@pytest.fixture
def season_computations(monkeypatch):
    """The seasons the engine computed (each ``compute_season`` call), to count recomputations."""
    from league import rules

    calls = []
    compute = rules.compute_season

    def counting(season, *, now):
        calls.append(season.name)
        return compute(season, now=now)

    monkeypatch.setattr(rules, "compute_season", counting)
    return calls


@pytest.fixture
def collector_running():
    """Python's cycle collector on for the test, then as it was (what pauses it must give it back)."""
    import gc

    was = gc.isenabled()
    gc.enable()
    yield
    (gc.enable if was else gc.disable)()


@pytest.fixture
def collector_at_each_call(collector_running, monkeypatch):
    """``watch(owner, name)``: a list that gets, at each call of ``owner.name``, whether
    the cycle collector was running (for what must pause it, with it running before)."""
    import gc

    def watch(owner, name: str) -> list[bool]:
        seen = []
        original = getattr(owner, name)

        def watched(*args, **kwargs):
            seen.append(gc.isenabled())
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, name, watched)
        return seen

    return watch

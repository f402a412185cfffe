"""Settings are read from the environment; a bad value stops the start-up."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import cache_config, env_bool, env_int, env_list, env_seconds, env_str


@pytest.mark.parametrize("raw", ["1", "true", "TRUE", "yes", "on", " True "])
def test_env_bool_reads_true_words(monkeypatch, raw):
    monkeypatch.setenv("FLAG", raw)
    assert env_bool("FLAG", False) is True


@pytest.mark.parametrize("raw", ["0", "false", "no", "off", ""])
def test_env_bool_reads_false_words(monkeypatch, raw):
    monkeypatch.setenv("FLAG", raw)
    assert env_bool("FLAG", True) is False


@pytest.mark.parametrize("raw", ["flase", "2", "oui", "maybe"])
def test_env_bool_raises_on_garbage(monkeypatch, raw):
    monkeypatch.setenv("FLAG", raw)
    with pytest.raises(ImproperlyConfigured, match="FLAG"):
        env_bool("FLAG", False)


def test_env_bool_default_when_unset(monkeypatch):
    monkeypatch.delenv("FLAG", raising=False)
    assert env_bool("FLAG", True) is True


def test_env_int_parses_and_raises_on_garbage(monkeypatch):
    monkeypatch.setenv("N", "42")
    assert env_int("N", 1) == 42
    monkeypatch.setenv("N", "")
    assert env_int("N", 7) == 7
    monkeypatch.setenv("N", "quarante")
    with pytest.raises(ImproperlyConfigured, match="N must be an integer"):
        env_int("N", 1)


def test_env_seconds_takes_none_for_no_limit(monkeypatch):
    """``DB_CONN_MAX_AGE=none`` keeps a connection for the process's life (Django's None)."""
    monkeypatch.setenv("AGE", "none")
    assert env_seconds("AGE", 0) is None
    monkeypatch.setenv("AGE", "60")
    assert env_seconds("AGE", 0) == 60
    monkeypatch.delenv("AGE")
    assert env_seconds("AGE", 0) == 0
    monkeypatch.setenv("AGE", "forever")
    with pytest.raises(ImproperlyConfigured, match="AGE must be a number of seconds or none"):
        env_seconds("AGE", 0)


def test_env_list_and_str(monkeypatch):
    monkeypatch.setenv("HOSTS", "a.example, b.example,,")
    assert env_list("HOSTS", []) == ["a.example", "b.example"]
    monkeypatch.delenv("HOSTS")
    assert env_list("HOSTS", ["x"]) == ["x"]
    monkeypatch.setenv("NAME", "Tarot")
    assert env_str("NAME", "d") == "Tarot"


def test_cache_config_locmem():
    assert cache_config("locmem://")["BACKEND"] == "config.local_cache.SharedObjectsLocMemCache"


@pytest.mark.parametrize("url", ["redis://127.0.0.1:6379/1", "rediss://cache.example:6380/0"])
def test_cache_config_redis(url):
    assert cache_config(url) == {"BACKEND": "config.redis_cache.ReusedClientsRedisCache", "LOCATION": url}


def test_cache_config_dummy():
    assert cache_config("dummy://")["BACKEND"].endswith("DummyCache")


@pytest.mark.parametrize("url", ["memcached://x", "redis", "", "locmem:/"])
def test_cache_config_raises_on_garbage(url):
    with pytest.raises(ImproperlyConfigured, match="CACHE_URL"):
        cache_config(url)


def test_invitation_validity_is_a_setting():
    from django.conf import settings

    assert isinstance(settings.INVITATION_VALID_DAYS, int) and settings.INVITATION_VALID_DAYS > 0


def test_database_connections_are_health_checked_before_reuse(settings):
    """Persistent connections (``DB_CONN_MAX_AGE``) are checked before each request reuses one."""
    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True


def test_the_embedded_cache_holds_a_whole_season():
    """The local-memory default keeps a season of thousands of manches (its backend's default is 300 entries)."""
    assert cache_config("locmem://")["OPTIONS"]["MAX_ENTRIES"] >= 6400 * 2

"""With a cache every process shares, a member's session is read from it, not from the
database; the cache only saves time: failing, it costs the query again, not the page; and
signing out ends the session in the cache too."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

PASSWORD = "une-longue-phrase-de-passe"


@pytest.fixture
def cached_sessions(settings):
    settings.SESSION_ENGINE = "accounts.sessions"


@pytest.fixture
def signed_in(client, player, cached_sessions):
    player.set_password(PASSWORD)
    player.save()
    assert (
        client.post(reverse("accounts:login"), {"username": "anne", "password": PASSWORD}).status_code == 302
    )
    return client


def _session_reads(client) -> tuple[int, bool]:
    """How many queries of the profile page read the session table, and whether it answered."""
    with CaptureQueriesContext(connection) as captured:
        response = client.get(reverse("accounts:profile"))
    reads = sum(1 for q in captured.captured_queries if 'FROM "django_session"' in q["sql"])
    return reads, response.status_code == 200


@pytest.mark.django_db
def test_a_members_page_reads_his_session_from_the_cache(signed_in):
    assert _session_reads(signed_in) == (0, True)


@pytest.mark.django_db
def test_a_session_missing_from_the_cache_is_read_from_the_database_then_kept(signed_in):
    from django.core.cache import cache

    cache.clear()
    assert _session_reads(signed_in) == (1, True)
    assert _session_reads(signed_in) == (0, True)


@pytest.mark.django_db
def test_a_failing_cache_costs_the_query_not_the_page(signed_in, settings):
    settings.CACHES = {"default": {"BACKEND": "tests.perf.failing_cache.FailingCache"}}
    reads, answered = _session_reads(signed_in)
    assert answered and reads >= 1
    assert signed_in.get(reverse("accounts:profile")).context["user"].username == "anne"


@pytest.mark.django_db
def test_signing_out_ends_the_session_in_the_cache_too(signed_in):
    cookie = signed_in.cookies["sessionid"].value
    assert signed_in.post(reverse("accounts:logout")).status_code == 302
    signed_in.cookies["sessionid"] = cookie  # the old cookie, replayed
    response = signed_in.get(reverse("accounts:profile"))
    assert response.status_code == 302 and reverse("accounts:login") in response["Location"]

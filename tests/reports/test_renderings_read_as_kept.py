"""A page's rendering kept per revision (the standings' shared part, the API's JSON, the goals
of Ce qu'il me faut) is read as the object kept, not unpickled at each view: nobody changes it."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from league import revision_cache
from reports.selectors.cache import reading_name


@pytest.mark.parametrize(
    ("page", "reading"),
    [
        ("reports:standings", reading_name("standings-html", "fr", "rank")),
        ("reports:api_standings", reading_name("api")),
        ("reports:projections", reading_name("projections-html", "fr")),
    ],
)
def test_a_kept_rendering_is_read_as_the_object_kept(client, small_season, page, reading):
    assert client.get(reverse(page, args=[small_season.name])).status_code == 200
    key = revision_cache.key(small_season.pk, reading)
    entry = cache.get(key)
    assert entry.cache_as_is
    assert cache.get(key).value is entry.value

"""Pages that only read answer a POST without changing anything, for visitors and members alike."""

import pytest

from tests.support.world import changed_tables, snapshot

from .helpers import names, url_for
from .urlmap import OPEN, TOKEN


@pytest.mark.parametrize("name", names(lambda a: not a.writes))
@pytest.mark.parametrize("who", ["anonymous", "member"])
def test_post_to_a_read_page_changes_nothing(client, world, name, who):
    if who == "member":
        client.force_login(world.claire)
    url = url_for(world, name)
    before = snapshot()
    response = client.post(url, {})
    assert response.status_code < 500
    assert changed_tables(before, snapshot()) == []


@pytest.mark.parametrize("name", names(lambda a: a.anonymous == OPEN and not a.writes))
def test_public_page_answers_an_anonymous_visitor(client, world, name):
    response = client.get(url_for(world, name))
    assert response.status_code in (200, 301, 302), f"{name}: anonymous GET got {response.status_code}"


@pytest.mark.parametrize("name", names(lambda a: a.anonymous == TOKEN))
def test_token_url_with_a_wrong_token_changes_nothing(client, world, name):
    url = url_for(world, name)
    before = snapshot()
    get = client.get(url)
    post = client.post(url, {"new_password1": "Xx-long-enough-1", "new_password2": "Xx-long-enough-1"})
    assert get.status_code < 500 and post.status_code < 500
    assert changed_tables(before, snapshot()) == []

"""An ordinary member (no office, no role in the manche) gets 403 on restricted pages, and nothing changes."""

import pytest

from tests.support.world import changed_tables, snapshot

from .helpers import names, url_for
from .urlmap import FORBIDDEN, REFUSED


@pytest.mark.parametrize("name", names(lambda a: a.member in (FORBIDDEN, REFUSED) and a.writes))
def test_member_without_the_right_is_refused_on_post_and_nothing_changes(client, world, name):
    from .urlmap import CLASSIFIED

    client.force_login(world.claire)
    url = url_for(world, name)
    before = snapshot()
    response = client.post(url, {})
    if CLASSIFIED[name].member == REFUSED and response.status_code == 302:
        assert response["Location"] != url
    else:
        assert response.status_code == 403, f"{name}: POST by an ordinary member got {response.status_code}"
    assert changed_tables(before, snapshot()) == []


@pytest.mark.parametrize("name", names(lambda a: a.member == FORBIDDEN))
def test_member_without_the_right_gets_403_on_get(client, world, name):
    client.force_login(world.claire)
    response = client.get(url_for(world, name))
    assert response.status_code in (403, 405), f"{name}: GET by an ordinary member got {response.status_code}"

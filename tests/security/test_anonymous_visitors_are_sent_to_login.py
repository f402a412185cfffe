"""Anonymous visitors cannot write anything: every write URL sends them to the sign-in page."""

import pytest

from tests.support.world import changed_tables, snapshot

from .helpers import is_login_redirect, names, url_for
from .urlmap import LOGIN


@pytest.mark.parametrize("name", names(lambda a: a.anonymous == LOGIN and a.writes))
def test_anonymous_post_to_a_write_url_goes_to_login_and_changes_nothing(client, world, name):
    url = url_for(world, name)
    before = snapshot()
    response = client.post(url, {})
    assert is_login_redirect(response), f"{name}: anonymous POST got {response.status_code}"
    assert changed_tables(before, snapshot()) == []


@pytest.mark.parametrize("name", names(lambda a: a.anonymous == LOGIN))
def test_anonymous_get_of_a_members_page_goes_to_login(client, world, name):
    response = client.get(url_for(world, name))
    # A POST-only endpoint may answer 405 before asking who is there.
    assert is_login_redirect(response) or response.status_code == 405, (
        f"{name}: anonymous GET got {response.status_code}"
    )

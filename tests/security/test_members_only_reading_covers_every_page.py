"""With MEMBERS_ONLY_READING on, no page of the league or the reports shows anything to a visitor.

Only what a visitor needs to get in stays open: signing in, password reset,
joining, invitations (and the secret-link calendar feed, a token URL). The
public season feeds, which a calendar app cannot sign in to, may answer 404
instead of the sign-in page.
"""

import pytest

from .helpers import is_login_redirect, names, url_for
from .urlmap import OPEN

ALWAYS_OPEN = ("accounts:", "set_language")


@pytest.mark.parametrize("name", names(lambda a: a.anonymous == OPEN and not a.writes))
def test_public_pages_ask_visitors_to_sign_in_when_reading_is_for_members(client, world, settings, name):
    settings.MEMBERS_ONLY_READING = True
    response = client.get(url_for(world, name))
    if name.startswith(ALWAYS_OPEN):
        assert response.status_code in (200, 302)
        assert not is_login_redirect(response) or name.startswith("accounts:")
    elif name.startswith("feeds:"):
        assert is_login_redirect(response) or response.status_code in (403, 404)
    else:
        assert is_login_redirect(response), f"{name} answered {response.status_code} to a visitor"


@pytest.mark.parametrize("name", names(lambda a: a.anonymous == OPEN and not a.writes))
def test_members_still_read_every_page(client, world, settings, name):
    settings.MEMBERS_ONLY_READING = True
    client.force_login(world.claire)
    response = client.get(url_for(world, name))
    assert response.status_code in (200, 301, 302) and not is_login_redirect(response)

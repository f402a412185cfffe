"""A member who changes his shown name sees it on every cached page at once.

The standings and manche pages (as the season's and the calendar) are rendered once per
revision; a new name is not a new result, so the rename itself renders
them again (``league.services.revision.invalidate_seasons_of``).
"""

import pytest
from django.urls import reverse

from league.models import Season, Seat
from tests.support.seasongen import START, load_season

pytestmark = pytest.mark.usefixtures("after_the_generated_season")


@pytest.fixture
def season(db):
    return load_season(name="2030-2031", players=10, manches_per_player=4, seed=5, start=START)


def pages_of(season: Season, manche) -> list[str]:
    """The standings and the manche's page: both show the player's name, both are cached."""
    return [reverse("reports:standings", args=[season.name]), manche.get_absolute_url()]


def test_a_renamed_member_shows_under_his_new_name_on_every_cached_page(
    client, season, django_capture_on_commit_callbacks
):
    seat = Seat.objects.select_related("player", "manche").filter(manche__season=season).first()
    player, manche = seat.player, seat.manche
    for page in pages_of(season, manche):  # rendered and cached under the old name
        assert player.display_name in client.get(page).content.decode()

    client.force_login(player)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            reverse("accounts:profile"),
            {"display_name": "Zébulon le Renommé", "email": player.email, "notify_deadlines": "on"},
        )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    client.logout()

    for page in pages_of(season, manche):
        html = client.get(page).content.decode()
        assert "Zébulon le Renommé" in html, page

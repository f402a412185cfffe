"""The rating across seasons on the site: the palmarès' table, the explaining page,
each player's chart; recomputed from history when a result changes."""

from django.urls import reverse

from league.models import Donne, Manche
from league.rules import rating
from league.services.revision import invalidate
from reports.selectors.readings import club_ratings
from tests.support.engine import season_result


def test_the_palmares_lists_the_best_rated_players_and_links_the_explanation(client, small_season):
    html = client.get(reverse("reports:palmares")).content.decode()
    assert 'id="club-ratings"' in html
    assert reverse("reports:ratings") in html
    assert html.count('<tr data-player="') == 10  # the ten players, highest first


def test_the_ratings_page_states_the_constants_and_lists_everyone(client, small_season, closed_season):
    html = client.get(reverse("reports:ratings")).content.decode()
    assert f"Chacun commence à {int(rating.INITIAL)}." in html
    assert html.count('<tr data-player="') == 10  # the same ten players played both seasons


def test_ratings_carry_over_from_one_season_to_the_next(client, small_season, closed_season):
    """The closed season 2029-2030 is played first; its players start 2030-2031 where they ended."""
    ratings = club_ratings(now=small_season.manches.last().starts_at)
    assert any(
        {c.season for c in changes} == {"2029-2030", "2030-2031"} for changes in ratings.history.values()
    )
    for changes in ratings.history.values():
        seasons = [c.season for c in changes]
        assert seasons == sorted(seasons)
        for earlier, later in zip(changes, changes[1:], strict=False):
            assert later.before == earlier.after


def test_the_player_page_shows_his_rating_through_time(client, small_season):
    player = Manche.objects.get(season=small_season, number=1).seats.first().player
    html = client.get(reverse("reports:player", args=[player.username])).content.decode()
    assert 'id="rating"' in html
    assert "<svg" in html.split('id="rating"')[1]
    # The chart draws the gap to the starting rating: its axis says so, next to a rating of 1500-odd.
    assert f"écart à la cote de départ, {int(rating.INITIAL)} (le 0 de son axe)" in html


def test_a_corrected_result_changes_the_ratings_once_invalidated(client, small_season):
    now = small_season.manches.last().starts_at
    before = club_ratings(now=now).current
    manche = Manche.objects.get(season=small_season, number=1)
    last = manche.seats.get(
        player__username=season_result(small_season, now=now).manches[1].ranking[-1].player
    )
    first = Donne.objects.filter(manche=manche).order_by("index").first()
    # the last of the night takes a garde contre with every point: he ends first
    Donne.objects.filter(pk=first.pk).update(
        kind="contract", contract="garde_contre", taker=last.player, bouts=3, points=91, partner=None
    )
    assert club_ratings(now=now).current == before  # still the cached reading
    invalidate(small_season)
    small_season.refresh_from_db()
    assert club_ratings(now=now).current != before


def test_the_palmares_lists_the_longest_streaks_each_linking_to_its_last_manche(client, small_season):
    html = client.get(reverse("reports:palmares")).content.decode()
    section = html.split('id="longest-streaks"')[1].split("</section>")[0]
    assert "Dans les 2 premiers" in section
    assert reverse("league:manche_detail", args=[small_season.name, 1]).rsplit("/", 2)[0] in section


def test_the_player_page_shows_his_streaks_and_head_to_head(client, small_season):
    player = Manche.objects.get(season=small_season, number=1).seats.first().player
    html = client.get(reverse("reports:player", args=[player.username])).content.decode()
    assert 'id="streaks"' in html and 'id="head-to-head"' in html
    table = html.split('id="head-to-head"')[1].split("</table>")[0]
    assert table.count("<tr>") >= 2  # the header and at least one opponent

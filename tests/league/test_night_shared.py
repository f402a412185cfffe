"""The night, shared: the result image of a played manche and its Open Graph tags."""

import io

import pytest
from django.urls import reverse
from PIL import Image

from league.models import Manche
from league.selectors.sheet import sheet_state
from league.share_image import HEIGHT, WIDTH, night_card, render_png
from tests.support.sheet import add, close, contract


@pytest.fixture
def played(manche, capitaine, player, others):
    """Anne wins two gardes alone with one bout; Éric's garde with Gege falls."""
    add(manche, capitaine, contract(player, points=55, bouts=1))
    add(manche, capitaine, contract(others[1], partner=others[2], points=45, bouts=1))
    add(manche, capitaine, contract(player, points=60, bouts=1))
    close(manche, capitaine)
    return Manche.objects.select_related("season").get(pk=manche.pk)


def _url(m, name="league:share_image"):
    return reverse(name, kwargs={"season_name": m.season.name, "number": m.number})


def test_the_card_tells_the_ranking_with_jetons_place_points_and_bonuses(played):
    card = night_card(sheet_state(played))
    assert card.title == "Manche 1 · 2025-2026"
    first, *_middle, last = card.lines
    assert (first.place, first.name, first.jetons, first.place_points, first.vainqueur) == (
        "1",
        "Anne",
        "+460",
        "3",
        True,
    )
    assert first.bonuses == ("+1 seul positif", "+0,5 bouts sur prise")
    assert (last.place, last.name, last.jetons, last.place_points, last.bonuses) == (
        "5",
        "Éric",
        "−210",
        "−1",
        ("+0,5 défensif",),
    )
    assert sum(int(line.jetons.replace("−", "-")) for line in card.lines) == 0


def test_the_highlight_is_the_donne_that_moved_the_most_jetons(played):
    """Anne's second garde: 280 jetons to her (the pot of the fallen garde included)."""
    assert night_card(sheet_state(played)).highlight == "Donne 3 : Garde · Anne · gagnée (280 jetons)"


def test_the_image_is_a_large_preview_png_with_the_vainqueur_row_marked(client, played):
    response = client.get(_url(played))
    assert response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    assert image.format == "PNG" and image.size == (WIDTH, HEIGHT) == (1200, 630)
    assert image.getpixel((40, 200)) == (209, 231, 221)  # the vainqueur's line
    assert image.getpixel((40, 260)) == (255, 255, 255)  # the others' lines are not


def test_a_different_ranking_draws_a_different_image(played):
    card = night_card(sheet_state(played))
    swapped = card.__class__(card.title, card.subtitle, tuple(reversed(card.lines)), card.highlight)
    assert render_png(card) != render_png(swapped)


def test_the_manche_page_carries_the_open_graph_tags(client, played):
    html = client.get(_url(played, "league:manche_detail")).content.decode()
    assert f'<meta property="og:image" content="http://testserver{_url(played)}">' in html
    assert '<meta property="og:image:width" content="1200">' in html
    assert "Vainqueur\u00a0: Anne" in html  # a no-break space before the colon


def test_a_night_not_yet_played_has_no_image(client, manche):
    assert client.get(_url(manche)).status_code == 404
    assert "og:image" not in client.get(_url(manche, "league:manche_detail")).content.decode()


def test_the_image_is_drawn_once_per_revision_and_an_application_holding_it_gets_304(
    client, played, monkeypatch
):
    import league.share_image as share_image

    drawn = []
    draw = share_image.render_png
    monkeypatch.setattr(share_image, "render_png", lambda card: drawn.append(card) or draw(card))
    first = client.get(_url(played))
    second = client.get(_url(played))
    assert len(drawn) == 1
    assert second.content == first.content == draw(night_card(sheet_state(played)))  # byte for byte
    assert first["ETag"] == second["ETag"] and first["ETag"].startswith('"')
    held = client.get(_url(played), headers={"if-none-match": first["ETag"]})
    assert held.status_code == 304 and held.content == b"" and held["ETag"] == first["ETag"]
    assert len(drawn) == 1


def test_a_corrected_result_of_the_manche_draws_a_new_image_with_a_new_etag(
    client, played, player, president
):
    """Anne's first garde is corrected into a fall."""
    from django.utils import timezone

    from league.services import sheet as services

    before = client.get(_url(played))
    fresh = Manche.objects.get(pk=played.pk)
    services.donne_correct(
        manche=fresh,
        index=1,
        data=contract(player, points=30, bouts=1),
        by=president,
        seen_version=fresh.sheet_version,
        now=timezone.now(),
    )
    after = client.get(_url(played))
    fresh = Manche.objects.select_related("season").get(pk=played.pk)
    assert after.content != before.content
    assert after.content == render_png(night_card(sheet_state(fresh)))
    assert after["ETag"] != before["ETag"]
    assert client.get(_url(played), headers={"if-none-match": before["ETag"]}).status_code == 200

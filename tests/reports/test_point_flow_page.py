"""The manche page shows the night's point flow (who took jetons from whom), computed from its sheet."""

from django.urls import reverse

from league import rules
from league.selectors.sheet import sheet_state


def test_the_manche_page_lists_the_nights_point_flow(client, small_season):
    manche = small_season.manches.get(number=1)
    html = client.get(reverse("league:manche_detail", args=[small_season.name, 1])).content.decode()
    section = html.split('id="point-flow"')[1].split("</details>")[0]
    biggest = rules.point_flow(sheet_state(manche).sheet)[0]
    payer = manche.seats.get(player__username=biggest.payer).player.display_name
    assert f"{payer} → " in section
    assert f"<strong>{round(biggest.amount)}</strong>" in section

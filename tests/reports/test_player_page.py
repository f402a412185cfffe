"""A player's page: his seasons, ranks and titles, and his statistics, all from the engine."""

import re
from collections import Counter
from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from league.models import CompteRendu, Manche
from tests.support.engine import season_result


def engine_view(season, player):
    result = season_result(season, now=timezone.now())
    entries = [(n, e) for n, o in result.manches.items() for e in o.ranking if e.player == player]
    wins = sum(player in o.vainqueurs for o in result.manches.values())
    row = next(r for r in result.standings if r.player == player)
    return result, entries, wins, row


def test_seasons_with_final_rank_and_title(client, small_season, closed_season):
    _result, _entries, _wins, row = engine_view(closed_season, "p003")
    html = client.get(reverse("reports:player", args=["p003"])).content.decode()
    table = re.search(r'<table[^>]*id="seasons".*?</table>', html, re.S).group(0)
    assert small_season.name in table and closed_season.name in table
    closed_line = re.search(rf"<tr>\s*<td><a[^>]*>{closed_season.name}</a>.*?</tr>", table, re.S).group(0)
    assert f"{row.rank}" in closed_line
    if row.title:
        assert "Champion" in closed_line


def test_champion_titles_are_listed_on_top(client, closed_season):
    result = season_result(closed_season, now=timezone.now())
    champion = next(r.player for r in result.standings if r.title == "champion")
    html = client.get(reverse("reports:player", args=[champion])).content.decode()
    assert re.search(r'id="titles".*?Champion du Monde', html, re.S)


def test_manches_wins_and_places(client, small_season):
    _result, entries, wins, _row = engine_view(small_season, "p001")
    html = client.get(reverse("reports:player", args=["p001"])).content.decode()
    summary = re.search(r'id="summary".*?</div>\s*</div>\s*</div>\s*</div>', html, re.S).group(0)
    numbers = re.findall(r'<div class="fs-3">([^<]+)</div>', summary)
    assert numbers[0] == str(len(entries))
    assert numbers[1] == str(wins)
    places = Counter(e.place for _n, e in entries)
    table = re.search(r'id="places".*?</table>', html, re.S).group(0)
    counts = re.findall(r'<td class="text-end w-25">(\d+)</td>', table)
    assert [int(c) for c in counts] == [places.get(p, 0) for p in range(1, 6)]
    # Each place named as French writes it: « la 1re place », then 2e…
    assert re.findall(r'<th scope="row" class="w-25">([^<]+)</th>', table) == ["1re", "2e", "3e", "4e", "5e"]


def test_prises_by_contract_with_success_rate(client, small_season):
    result, entries, _wins, _row = engine_view(small_season, "p001")
    taken = Counter()
    won = Counter()
    for n, _e in entries:
        stats = result.manches[n].sheet.stats["p001"]
        taken.update(stats.contracts)
        won.update(stats.contracts_won)
    html = client.get(reverse("reports:player", args=["p001"])).content.decode()
    table = re.search(r'id="contracts".*?</table>', html, re.S).group(0)
    garde = re.search(r"<td>Garde</td><td[^>]*>(\d+)</td><td[^>]*>(\d+)</td><td[^>]*>([^<]+)</td>", table)
    assert (int(garde.group(1)), int(garde.group(2))) == (taken["garde"], won["garde"])
    assert garde.group(3) == f"{round(won['garde'] * 100 / taken['garde'])} %"


def test_best_and_worst_manche(client, small_season):
    _result, entries, _wins, _row = engine_view(small_season, "p001")
    best = max(entries, key=lambda x: x[1].score)
    worst = min(entries, key=lambda x: x[1].score)
    html = client.get(reverse("reports:player", args=["p001"])).content.decode()
    block = re.search(r'id="best-worst".*?</ul>', html, re.S).group(0)
    assert reverse("league:manche_detail", args=[small_season.name, best[0]]) in block
    assert reverse("league:manche_detail", args=[small_season.name, worst[0]]) in block


def test_comptes_rendus_written_are_counted(client, small_season):
    author = User.objects.get(username="p001")
    manche = Manche.objects.filter(season=small_season, seats__player=author).first()
    for status in ("accepted", "accepted", "rejected"):
        CompteRendu.objects.create(
            manche=manche,
            author=author,
            text="…",
            posted_at=manche.starts_at + timedelta(hours=2),
            status=status,
            rejected_at=manche.starts_at + timedelta(hours=3) if status == "rejected" else None,
        )
    html = client.get(reverse("reports:player", args=["p001"])).content.decode()
    assert re.search(r"Comptes-rendus écrits\u00a0: <strong>3</strong>", html)
    assert "2 acceptés, 1 non conformes" in html


def test_jetons_per_manche_chart_has_a_bar_per_manche(client, small_season, closed_season):
    _result, entries, _wins, _row = engine_view(closed_season, "p001")
    html = client.get(
        reverse("reports:player", args=["p001"]) + f"?saison={closed_season.name}"
    ).content.decode()
    svg = re.search(r'<section class="mt-3" id="jetons">.*?</svg>', html, re.S).group(0)
    assert len(re.findall(r"<rect ", svg)) == len(entries)


def test_a_member_without_manche_has_an_empty_state(client, player):
    response = client.get(reverse("reports:player", args=[player.username]))
    assert response.status_code == 200
    assert "Pas encore de manche jouée" in response.content.decode()


def test_unknown_player_is_404(client, db):
    assert client.get(reverse("reports:player", args=["nobody"])).status_code == 404

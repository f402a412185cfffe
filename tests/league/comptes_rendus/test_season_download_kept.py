"""The season's download is written once and served again until the season changes or a
compte-rendu deadline the engine had not counted passes; it is always what the export says
as of the moment of the download."""

import json

import pytest
import time_machine
from django.urls import reverse

import league.services.season_download as downloads
from league.models import Season
from league.services.transfer import dump, export_season
from league.tagged import Tagged
from tests.support.seasons import paris

START, NEXT = paris(2025, 10, 2, 21), paris(2025, 10, 16, 21)
DURING, AFTER_NEXT = paris(2025, 10, 5, 18), paris(2025, 10, 17, 12)


@pytest.fixture
def made(monkeypatch):
    """Each moment the document was made."""
    moments = []
    make = downloads.export.export_document_until

    def counted(season, *, now):
        moments.append(now)
        return make(season, now=now)

    monkeypatch.setattr(downloads.export, "export_document_until", counted)
    return moments


@pytest.fixture
def season_played(season, played, manche_at):
    """Manche 1 played (anne won it, her compte-rendu due before manche 2), manche 2 planned."""
    played(1, START)
    manche_at(2, NEXT)
    return season


def download(client, season) -> str:
    response = client.get(reverse("league:season_export", args=[season.name]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="saison-{season.name}.json"'
    return b"".join(response.streaming_content).decode("utf-8")


def exported(season, now) -> str:
    return dump(export_season(season=Season.objects.get(pk=season.pk), now=now))


def standings_downloaded_at(client, president, season, moments, column: str) -> list[dict]:
    """The President downloads the season at each of ``moments`` (each download what the export
    says at that instant): each player's ``column`` of its standings, download by download."""
    columns = []
    for moment in moments:
        with time_machine.travel(moment, tick=False):
            client.force_login(president)
            text = download(client, season)
            assert text == exported(season, moment)
        columns.append({row["player"]: row[column] for row in json.loads(text)["standings"]})
    return columns


def test_a_second_download_of_an_unchanged_season_is_the_document_written_at_the_first(
    client, president, season_played, made
):
    with time_machine.travel(DURING, tick=False):
        client.force_login(president)
        first = download(client, season_played)
        second = download(client, season_played)
        assert first == second == exported(season_played, DURING)
    assert len(made) == 1


def test_a_change_to_the_season_gives_the_new_document_and_forgets_the_old(
    client, president, season_played, players, post, made, settings
):
    with time_machine.travel(DURING, tick=False):
        client.force_login(president)
        before = download(client, season_played)
        post(season_played.manches.get(number=1), players["anne"], DURING, text="Quelle soirée !")
        after = download(client, season_played)
        assert after == exported(season_played, DURING)
    assert after != before and "Quelle soirée" in after
    assert len(made) == 2
    assert len(list(settings.SEASON_EXPORT_DIR.glob("*.json"))) == 1


def test_a_deadline_passing_gives_the_document_as_of_the_download(client, president, season_played, made):
    """Anne's compte-rendu of manche 1 was due before manche 2: past it, her late malus counts."""
    with time_machine.travel(DURING, tick=False):
        client.force_login(president)
        on_time = json.loads(download(client, season_played))
    with time_machine.travel(AFTER_NEXT, tick=False):
        late = download(client, season_played)
        assert late == exported(season_played, AFTER_NEXT)
    malus = {row["player"]: row["malus"] for row in json.loads(late)["standings"]}
    assert malus["anne"] > 0
    assert {row["player"]: row["malus"] for row in on_time["standings"]}["anne"] == 0
    assert len(made) == 2


def test_a_file_that_is_not_a_document_of_the_season_is_never_served(
    client, president, season_played, settings
):
    settings.SEASON_EXPORT_DIR.mkdir(parents=True)
    (settings.SEASON_EXPORT_DIR / f"{season_played.pk}-{season_played.revision}-x-y.json").write_text("{}")
    with time_machine.travel(DURING, tick=False):
        client.force_login(president)
        assert download(client, season_played) == exported(season_played, DURING)


def test_a_corrected_donne_gives_the_new_document(client, president, small_season, made):
    """A result changed through the sheet's service (the President swaps a donne's taker and
    partner after the close): the next download is the season as corrected."""
    from league.models import Donne
    from league.services.sheet import donne_correct

    moment = paris(2030, 10, 1, 12)  # every deadline of the generated season passed
    donne = (
        Donne.objects.filter(manche__season=small_season, kind=Donne.Kind.CONTRACT, partner__isnull=False)
        .select_related("manche__season", "taker", "partner")
        .order_by("manche__number", "index")
        .first()
    )
    with time_machine.travel(moment, tick=False):
        client.force_login(president)
        before = download(client, small_season)
        manche = donne.manche
        donne_correct(
            manche=manche,
            index=donne.index,
            data={
                "kind": "contract",
                "taker": donne.partner.username,
                "contract": donne.contract,
                "partner": donne.taker.username,
                "bouts": donne.bouts,
                "points": donne.points,
                "petit_au_bout": donne.petit_au_bout,
                "poignees": donne.poignees,
                "miseres": donne.miseres,
                "penalties": donne.penalties,
            },
            by=president,
            seen_version=manche.sheet_version,
            now=moment,
        )
        after = download(client, small_season)
        assert after == exported(small_season, moment)
    assert after != before
    assert len(made) == 2


def test_a_rejection_window_closing_after_the_last_start_gives_the_document_as_of_the_download(
    client, president, rejected_after_the_last_start, made
):
    malus = standings_downloaded_at(
        client,
        president,
        rejected_after_the_last_start,
        [paris(2025, 10, 25, 12), paris(2025, 11, 4, 12)],
        "malus",
    )
    assert (malus[0]["anne"], malus[1]["anne"]) == (0, 0.5)
    assert len(made) == 2


def test_a_compte_rendu_dated_after_the_download_counts_from_its_own_date(
    client, president, replaced_on_the_tenth, made
):
    bonus = standings_downloaded_at(
        client, president, replaced_on_the_tenth, [paris(2025, 10, 8, 12), paris(2025, 10, 12, 12)], "bonus"
    )
    assert bonus[1]["bruno"] == bonus[0]["bruno"] + 0.5
    assert len(made) == 2


def test_a_client_holding_the_document_is_answered_304_until_it_changes(
    client, president, season_played, players, post, made
):
    """The ETag is the digest of the bytes: a backup script asking again with it gets no
    bytes while the document is the same, and the new document once it changed."""
    url = reverse("league:season_export", args=[season_played.name])
    with time_machine.travel(DURING, tick=False):
        client.force_login(president)
        first = client.get(url)
        body = b"".join(first.streaming_content)
        assert first["ETag"] == Tagged.of(body).etag
        assert first["Cache-Control"] == "private, no-cache"
        held = client.get(url, headers={"If-None-Match": first["ETag"]})
        assert held.status_code == 304 and held.content == b""
        assert held["ETag"] == first["ETag"]
        post(season_played.manches.get(number=1), players["anne"], DURING, text="Quelle soirée !")
        changed = client.get(url, headers={"If-None-Match": first["ETag"]})
        assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
        assert b"".join(changed.streaming_content) == exported(season_played, DURING).encode("utf-8")
    assert len(made) == 2


def test_only_the_seasons_officers_download_it_and_nothing_is_made_for_the_others(
    client, season_played, players, made, settings
):
    url = reverse("league:season_export", args=[season_played.name])
    with time_machine.travel(DURING, tick=False):
        assert client.get(url).status_code == 302  # anonymous: to the login page
        client.force_login(players["anne"])
        assert client.get(url).status_code == 403
    assert made == []
    assert not list(settings.SEASON_EXPORT_DIR.glob("*"))


def test_a_document_another_download_removes_as_it_is_written_is_still_served_whole(
    client, president, season_played, monkeypatch
):
    """Two downloads computing the season at once each remove the other's file once theirs
    is in place: the one whose file goes just after it was written still sends all of it."""
    forget = downloads._forget_others

    def and_the_other_download_removes_it(directory, season, kept):
        forget(directory, season, kept)
        kept.unlink()

    monkeypatch.setattr(downloads, "_forget_others", and_the_other_download_removes_it)
    with time_machine.travel(DURING, tick=False):
        client.force_login(president)
        assert download(client, season_played) == exported(season_played, DURING)

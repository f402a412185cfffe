"""The President's import page (upload → summary → confirm) and the season download."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from league.models import Manche, Season
from league.services.transfer import dump, export_season, import_season
from tests.support.seasons import make_season


def upload(client, document, *, replace=False, name="saison.json"):
    data = document if isinstance(document, bytes) else json.dumps(document, ensure_ascii=False).encode()
    payload = {"step": "check", "file": SimpleUploadedFile(name, data, content_type="application/json")}
    if replace:
        payload["replace"] = "on"
    return client.post(reverse("league:season_import"), payload)


@pytest.fixture
def pending_dir(settings, tmp_path):
    settings.SEASON_IMPORT_DIR = str(tmp_path / "imports")
    return tmp_path / "imports"


@pytest.mark.django_db
def test_only_the_president_may_import(client, player):
    url = reverse("league:season_import")
    assert client.get(url).status_code == 302  # anonymous: to the login page
    client.force_login(player)
    assert client.get(url).status_code == 403


@pytest.mark.django_db
def test_upload_shows_a_summary_then_confirm_imports(client, president, example_doc, pending_dir):
    client.force_login(president)
    page = client.get(reverse("league:season_import"))
    assert page.status_code == 200 and "Vérifier le fichier" in page.content.decode()
    response = upload(client, example_doc)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Importer la saison 2011-2012" in html
    assert (
        "anne (Anne), bruno (Bruno), eric (Éric), fifi (Philippe)" in html
    )  # ben is the President's own account
    assert not Season.objects.exists()  # nothing written before the confirmation
    token = client.session["league.season_import"]["token"]
    assert (pending_dir / f"{token}.json").exists()
    done = client.post(reverse("league:season_import"), {"step": "confirm", "token": token})
    assert done.status_code == 302
    season = Season.objects.get(name="2011-2012")
    assert Manche.objects.filter(season=season).count() == 4
    assert not (pending_dir / f"{token}.json").exists()
    assert "league.season_import" not in client.session


@pytest.mark.django_db
def test_a_bad_file_lists_every_problem_and_imports_nothing(client, president, example_doc, pending_dir):
    client.force_login(president)
    example_doc["manches"][0]["donnes"][0]["bouts"] = 4
    example_doc["manches"][0]["colour"] = "rouge"
    response = upload(client, example_doc)
    html = response.content.decode()
    assert response.status_code == 422
    assert "<code>manches[0].colour</code>" in html
    assert (
        "<code>manches[0].donnes[0].bouts</code>" not in html
    )  # a manche with a problem of shape is not scored
    assert "rien n&#x27;a été importé" in html or "rien n'a été importé" in html
    assert not Season.objects.exists()


@pytest.mark.django_db
def test_not_json_is_reported(client, president, pending_dir):
    client.force_login(president)
    response = upload(client, b"pas du json")
    assert response.status_code == 422
    assert "<code>$</code>" in response.content.decode()


@pytest.mark.django_db
def test_an_existing_season_needs_the_replace_box(client, president, example_doc, now, pending_dir):
    import_season(document=example_doc, now=now)
    client.force_login(president)
    refused = upload(client, example_doc)
    assert refused.status_code == 422 and "<code>season.name</code>" in refused.content.decode()
    accepted = upload(client, example_doc, replace=True)
    assert "sera <strong>remplacée</strong>" in accepted.content.decode()
    token = client.session["league.season_import"]["token"]
    assert (
        client.post(reverse("league:season_import"), {"step": "confirm", "token": token}).status_code == 302
    )


@pytest.mark.django_db
def test_confirm_needs_the_token_of_this_session(client, president, example_doc, pending_dir):
    client.force_login(president)
    upload(client, example_doc)
    response = client.post(
        reverse("league:season_import"), {"step": "confirm", "token": "forged"}, follow=True
    )
    assert "plus en attente" in response.content.decode()
    assert not Season.objects.exists()


@pytest.mark.django_db
def test_cancel_forgets_the_upload(client, president, example_doc, pending_dir):
    client.force_login(president)
    upload(client, example_doc)
    token = client.session["league.season_import"]["token"]
    client.post(reverse("league:season_import"), {"step": "cancel"})
    assert not (pending_dir / f"{token}.json").exists()
    assert not Season.objects.exists()


@pytest.mark.django_db
def test_download_is_the_export(client, president, example_doc, now):
    import_season(document=example_doc, now=now)
    client.force_login(president)
    url = reverse("league:season_export", args=["2011-2012"])
    assert url == "/saisons/2011-2012/export.json"
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert 'filename="saison-2011-2012.json"' in response["Content-Disposition"]
    body = b"".join(response.streaming_content).decode("utf-8")
    expected = json.loads(dump(export_season(season=Season.objects.get(), now=now)))
    downloaded = json.loads(body)
    assert {k: v for k, v in downloaded.items() if k != "manches"} == {
        k: v for k, v in expected.items() if k != "manches"
    }
    assert [m["number"] for m in downloaded["manches"]] == [1, 2, 3, 4]


@pytest.mark.django_db
def test_download_is_for_officers_only(client, player, example_doc, now):
    import_season(document=example_doc, now=now)
    url = reverse("league:season_export", args=["2011-2012"])
    assert client.get(url).status_code == 302
    client.force_login(player)
    assert client.get(url).status_code == 403
    assert client.get(reverse("league:season_export", args=["1999-2000"])).status_code == 404


@pytest.mark.django_db
def test_bad_json_is_said_in_french_with_where_and_what(client, president, pending_dir):
    """Not Python's "Expecting value: line 1 column 1": the line, the column and the problem, in French."""
    client.force_login(president)
    html = upload(client, b'{"format": "tarot-league-season",\n  "version": }').content.decode()
    assert "JSON invalide, ligne 2, colonne 14" in html
    assert "une valeur manque" in html
    assert "Expecting" not in html


@pytest.mark.django_db
def test_an_existing_season_points_to_the_replace_box_and_a_closed_one_reads_close(
    client, president, example_doc, pending_dir
):
    client.force_login(president)
    make_season("2011-2012", state=Season.State.CLOSED)
    html = upload(client, example_doc).content.decode()
    assert "cochez « Remplacer la saison de même nom »" in html
    page = client.get(reverse("league:season_import")).content.decode()
    assert '<span class="badge bg-secondary">Close</span>' in page and "Fermer<" not in page


@pytest.mark.django_db
def test_the_summary_names_existing_members_by_their_display_name(
    client, president, make_user, example_doc, pending_dir
):
    """The existing players (and the first-season notes) read “Annso, Benoît”, by name, not the logins “ben, anne”."""
    make_user("anne", display_name="Annso", first_season="2010-2011")
    client.force_login(president)
    html = upload(client, example_doc).content.decode()
    existing = html.split("Joueurs existants", 1)[1].split("</dd>", 1)[0]
    assert "<strong>2</strong>" in existing and "Annso, Benoît</span>" in existing
    assert "Annso : le fichier déclare 2011-2012, le site garde 2010-2011" in html.replace("\u202f", " ")


def test_the_summary_lists_players_in_the_order_of_their_names():
    """Éric between Denis and Zoé, as the member list orders them, whatever the file's order."""
    from league.services.transfer import ImportSummary

    summary = ImportSummary(
        name="2011-2012",
        ruleset="tarot-biere",
        exists=False,
        closed=False,
        players_new=["zoe", "eric", "denis"],
        players_existing=["z", "e", "d"],
        names={"zoe": "Zoé", "eric": "Éric", "denis": "Denis"},
        member_names={"z": "Zoé", "e": "Éric", "d": "denis"},
    )
    assert summary.new_players_named == ["denis (Denis)", "eric (Éric)", "zoe (Zoé)"]
    assert summary.existing_players_named == ["denis", "Éric", "Zoé"]

# ruff: noqa: F811  (fixtures imported from sheet_fixtures)
"""The sheet page: watched by anyone, filled by the capitaine in a few taps, refreshed with htmx."""

from django.urls import reverse
from django.utils.html import escape

from league import rules
from league.models import Donne, Manche
from tests.support.sheet import add, contract, manche, others, post_donne_fields, season  # noqa: F401

HTMX = {"HTTP_HX_REQUEST": "true"}
TABLE = ("bruno", "anne", "fifi", "eric", "gege")


def engine_explanation(data):
    from django.utils.translation import gettext

    ruleset = rules.ruleset_for("tarot-biere", "2011-2012", {})
    donne = rules.ContractDonne(
        dealer="bruno",
        taker=data["taker"],
        contract=data["contract"],
        partner=data["partner"],
        bouts=data["bouts"],
        points=rules.to_decimal(data["points"]),
    )
    return [m.render(gettext) for m in rules.score_donne(ruleset, TABLE, donne).explanation]


def url(manche, name="league:sheet", **extra):
    return reverse(name, kwargs={"season_name": manche.season.name, "number": manche.number, **extra})


def test_anyone_can_watch_the_sheet_with_its_totals_pot_and_next_dealer(client, manche, capitaine, player):
    add(manche, capitaine, contract(capitaine, "garde", partner=player, bouts=2, points=49))
    response = client.get(url(manche))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="board"' in html and "every 10s" in html
    assert "+100" in html and "−50" in html
    assert "Pot : 0" in html
    assert "Donneur : Anne" in html  # bruno dealt the first donne
    assert 'id="editor"' not in html  # watchers get no form


def test_the_capitaine_gets_the_entry_form(client, manche, capitaine):
    client.force_login(capitaine)
    html = client.get(url(manche)).content.decode()
    assert 'id="editor"' in html
    assert f'name="sheet_version" value="{manche.sheet_version}"' in html
    assert "Valider la donne" in html


def test_a_donne_entered_with_htmx_answers_with_the_scores_and_new_totals(client, manche, capitaine, player):
    client.force_login(capitaine)
    body = post_donne_fields(0, contract(capitaine, "garde", partner=player, bouts=2, points="49,5"))
    response = client.post(url(manche, "league:sheet_donne_add"), body, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Donne 1 enregistrée" in html
    assert "+100" in html  # bruno's new total
    assert "formule" in html
    for line in engine_explanation(contract(capitaine, "garde", partner=player, bouts=2, points="49.5")):
        assert escape(line) in html  # the engine's own formula, line by line
    assert "<html" not in html  # a partial, not the whole page
    donne = Donne.objects.get()
    assert str(donne.points) == "49.5"
    assert Manche.objects.get(pk=manche.pk).sheet_version == 1


def test_without_htmx_a_donne_redirects_back_to_the_sheet(client, manche, capitaine):
    client.force_login(capitaine)
    body = post_donne_fields(0, contract(capitaine, points=60))
    response = client.post(url(manche, "league:sheet_donne_add"), body)
    assert response.status_code == 302 and response.url == url(manche)
    assert Donne.objects.count() == 1


def test_bad_input_shows_the_engines_message_next_to_the_field_and_saves_nothing(client, manche, capitaine):
    client.force_login(capitaine)
    body = post_donne_fields(0, contract(capitaine, bouts=3, points=10))
    response = client.post(url(manche, "league:sheet_donne_add"), body, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "trois bouts valent à eux seuls 13,5 points" in html
    assert 'id="id_points"' in html and "is-invalid" in html
    assert not Donne.objects.exists()


def test_a_missing_contract_is_asked_for(client, manche, capitaine):
    client.force_login(capitaine)
    body = post_donne_fields(0, contract(capitaine, contract="", points=50))
    html = client.post(url(manche, "league:sheet_donne_add"), body, **HTMX).content.decode()
    assert "Choisissez le contrat" in html
    assert not Donne.objects.exists()


def test_watchers_poll_the_board_which_answers_204_while_nothing_changed(client, manche, capitaine):
    board = url(manche, "league:sheet_board")
    assert client.get(board, {"v": 0}).status_code == 204
    add(manche, capitaine, contract(capitaine, points=60))
    response = client.get(board, {"v": 0})
    assert response.status_code == 200
    assert 'id="board"' in response.content.decode()
    assert "?v=1" in response.content.decode()


def test_the_last_donne_can_be_corrected(client, manche, capitaine, player):
    add(manche, capitaine, contract(capitaine, points=60))
    client.force_login(capitaine)
    edit = url(manche, "league:sheet_donne_edit", index=1)
    form_html = client.get(edit, **HTMX).content.decode()
    assert "Corriger la donne 1" in form_html and 'value="60"' in form_html
    body = post_donne_fields(1, contract(player, "garde_sans", bouts=1, points=40))
    response = client.post(edit, body, **HTMX)
    assert "Donne 1 corrigée" in response.content.decode()
    donne = Donne.objects.get()
    assert donne.taker == player and donne.contract == "garde_sans" and donne.bouts == 1


def test_the_last_donne_can_be_deleted(client, manche, capitaine):
    add(manche, capitaine, contract(capitaine, points=60))
    add(manche, capitaine, contract(capitaine, points=30))
    client.force_login(capitaine)
    version = Manche.objects.get(pk=manche.pk).sheet_version
    response = client.post(
        url(manche, "league:sheet_donne_delete", index=2), {"sheet_version": version}, **HTMX
    )
    assert "Donne 2 supprimée" in response.content.decode()
    assert list(Donne.objects.values_list("index", flat=True)) == [1]


def test_only_the_last_donne_can_be_deleted(client, manche, capitaine):
    add(manche, capitaine, contract(capitaine, points=60))
    add(manche, capitaine, contract(capitaine, points=30))
    client.force_login(capitaine)
    version = Manche.objects.get(pk=manche.pk).sheet_version
    response = client.post(
        url(manche, "league:sheet_donne_delete", index=1), {"sheet_version": version}, **HTMX
    )
    assert "Seule la dernière donne" in response.content.decode()
    assert Donne.objects.count() == 2


def test_the_capitaine_may_correct_only_the_last_donne_the_president_any(
    client, manche, capitaine, president
):
    add(manche, capitaine, contract(capitaine, points=60))
    add(manche, capitaine, contract(capitaine, points=30))
    version = Manche.objects.get(pk=manche.pk).sheet_version
    body = post_donne_fields(version, contract(capitaine, points=70))
    client.force_login(capitaine)
    html = client.post(url(manche, "league:sheet_donne_edit", index=1), body, **HTMX).content.decode()
    assert "Seule la dernière donne peut être corrigée" in html
    assert Donne.objects.get(index=1).points == 60
    client.force_login(president)
    client.post(url(manche, "league:sheet_donne_edit", index=1), body, **HTMX)
    assert Donne.objects.get(index=1).points == 70


def test_the_sheet_form_fits_a_phone_with_big_tap_targets(client, manche, capitaine):
    client.force_login(capitaine)
    html = client.get(url(manche)).content.decode()
    assert 'name="viewport" content="width=device-width' in html
    assert html.count("btn-tap") >= 15  # contract, preneur, appelé, bouts, petit au bout buttons
    assert 'inputmode="decimal"' in html
    assert "sticky-bottom" in html  # the submit button stays under the thumb


def test_each_donne_line_names_its_players(client, manche, capitaine, player):
    data = contract(
        capitaine,
        "garde",
        partner=player,
        points=49,
        poignees=[{"player": "bruno", "level": "double"}],
        penalties=[{"player": "eric", "amount": 10, "reason": "chien regardé"}],
    )
    add(manche, capitaine, data)
    html = client.get(url(manche)).content.decode()
    assert "Bruno avec Anne" in html
    assert "poignée double (Bruno)" in html
    assert "pénalité 10 (Éric)" in html


def test_a_cancelled_manche_has_a_read_only_sheet(client, manche, capitaine, president):
    Manche.objects.filter(pk=manche.pk).update(status=Manche.Status.CANCELLED)
    client.force_login(president)
    html = client.get(url(manche)).content.decode()
    assert 'id="editor"' not in html
    response = client.post(
        url(manche, "league:sheet_donne_add"), post_donne_fields(0, contract(capitaine, points=60))
    )
    assert "annulée" in response.content.decode()
    assert not Donne.objects.exists()

"""The sheet page: watched by anyone, filled by the capitaine in a few taps, refreshed with htmx."""

import re
from datetime import timedelta
from decimal import Decimal

import time_machine
from django.urls import reverse
from django.utils.html import escape

from league import rules
from league.models import Donne, Manche
from tests.support.sheet import add, contract, post_donne_fields, totals

HTMX = {"HTTP_HX_REQUEST": "true"}
POT = re.compile(r'id="pot">Pot : (\d+)<')
TABLE = ("bruno", "anne", "fifi", "eric", "gege")


def engine_explanation(data, users):
    """The engine's own lines for ``data``, players named as the sheet names them (display names)."""
    from league.selectors.sheet import render

    ruleset = rules.ruleset_for("tarot-biere", "2025-2026", {})  # the ``season`` fixture's rules
    donne = rules.ContractDonne(
        dealer="bruno",
        taker=data["taker"],
        contract=data["contract"],
        partner=data["partner"],
        bouts=data["bouts"],
        points=rules.to_decimal(data["points"]),
    )
    return [render(m, users) for m in rules.score_donne(ruleset, TABLE, donne).explanation]


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
    users = {u.username: u for u in (capitaine, player)}
    for line in engine_explanation(
        contract(capitaine, "garde", partner=player, bouts=2, points="49.5"), users
    ):
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
    assert "bouts et points : chaque bout vaut 4,5" in html
    assert 'id="id_points"' in html and "is-invalid" in html
    assert not Donne.objects.exists()


def test_in_english_the_engines_message_names_its_rule_in_english(client, manche, capitaine):
    """The rule a refusal names reads English on the English site, its domain words kept:
    "bouts and points", "misère game", not "bouts et points", "jouer la misère"."""
    from tests.support.sheet import misere

    client.force_login(capitaine)
    client.cookies["django_language"] = "en"
    url_add = url(manche, "league:sheet_donne_add")
    html = client.post(url_add, post_donne_fields(0, contract(capitaine, bouts=3, points=10)), **HTMX)
    assert "bouts and points: each bout is worth 4.5" in html.content.decode()
    body = post_donne_fields(0, misere(dict.fromkeys(TABLE, 80)))
    html = client.post(url_add, body, **HTMX).content.decode()
    assert "misère game: the chien (3 cards) is set aside" in html
    assert "jouer la" not in html and " et points" not in html
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


def test_corriger_brings_the_correction_form_into_view_and_then_what_it_answered(client, manche, capitaine):
    """The form opens where the sheet puts it (after a long board once the manche is played):
    the link goes to its anchor, and swapped in by htmx it is scrolled to; sent, the page shows
    the first alert of the answer (« Donne 1 corrigée. ») or else the form and its errors."""
    add(manche, capitaine, contract(capitaine, points=60))
    client.force_login(capitaine)
    edit = url(manche, "league:sheet_donne_edit", index=1)
    link = re.search(
        rf'<a [^>]*href="{re.escape(edit)}#editor"[^>]*>corriger</a>',
        client.get(url(manche)).content.decode(),
    )
    assert link and 'hx-swap="innerHTML show:#editor:top"' in link.group(0)
    swap = re.compile(
        r'<form method="post" action="([^"]+)" hx-post="[^"]+" hx-target="#sheet" hx-swap="([^"]+)"'
    )
    assert swap.findall(client.get(edit, **HTMX).content.decode()) == [
        (edit, "innerHTML show:#sheet>.alert,#editor:top")
    ]
    adding = url(manche, "league:sheet_donne_add")  # the next donne's form stays where it is
    assert swap.findall(client.get(url(manche)).content.decode()) == [(adding, "innerHTML")]


def test_the_correction_form_writes_card_points_in_the_readers_notation(client, manche, capitaine, player):
    """Prefilled as the sheet writes them (``46,5`` in French), read back as typed, comma or point."""
    add(manche, capitaine, contract(capitaine, partner=player, points=46.5))
    client.force_login(capitaine)
    edit = url(manche, "league:sheet_donne_edit", index=1)

    def corrected(version, typed, bouts):
        body = post_donne_fields(version, contract(capitaine, partner=player, bouts=bouts, points=typed))
        assert client.post(edit, body, **HTMX).status_code == 200
        donne = Donne.objects.get()
        return donne.points, donne.bouts

    assert 'name="points" id="id_points" value="46,5"' in client.get(edit).content.decode()
    assert corrected(1, "46,5", 3) == (Decimal("46.5"), 3)  # sent back as prefilled
    client.cookies["django_language"] = "en"
    assert 'name="points" id="id_points" value="46.5"' in client.get(edit).content.decode()
    assert corrected(2, "47.5", 2) == (Decimal("47.5"), 2)


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


def test_before_closing_the_capitaine_deletes_any_donne_and_the_later_ones_move_up(client, manche, capitaine):
    """The capitaine may delete any donne before closing; the pot and the later donnes are re-scored."""
    add(manche, capitaine, contract(capitaine, points=30))  # a fall: the pot fills
    add(manche, capitaine, contract(capitaine, points=60))
    add(manche, capitaine, contract(capitaine, points=45))
    client.force_login(capitaine)
    version = Manche.objects.get(pk=manche.pk).sheet_version
    response = client.post(
        url(manche, "league:sheet_donne_delete", index=1), {"sheet_version": version}, **HTMX
    )
    assert "Donne 1 supprimée" in response.content.decode()
    assert list(Donne.objects.order_by("index").values_list("index", "points")) == [(1, 60), (2, 45)]
    assert 'id="pot">Pot : 0<' in client.get(url(manche)).content.decode()
    assert Donne.history.filter(history_type="-").count() == 1


def test_before_closing_the_capitaine_corrects_any_donne_not_only_the_last(client, manche, capitaine):
    """Any donne, corrected by the capitaine before closing; the engine recomputes the pot after it."""
    add(manche, capitaine, contract(capitaine, points=30))  # a fall: the pot fills
    add(manche, capitaine, contract(capitaine, points=35))  # a second fall
    pot_before = POT.search(client.get(url(manche)).content.decode()).group(1)
    version = Manche.objects.get(pk=manche.pk).sheet_version
    body = post_donne_fields(version, contract(capitaine, points=70))
    client.force_login(capitaine)
    html = client.post(url(manche, "league:sheet_donne_edit", index=1), body, **HTMX).content.decode()
    assert "Donne 1 corrigée" in html
    assert Donne.objects.get(index=1).points == 70
    assert 0 < int(POT.search(html).group(1)) < int(pot_before)  # one fall left in the pot
    assert Donne.history.filter(index=1, history_type="~").exists()


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


def test_sheet_texts_formulas_and_errors_name_players_by_their_display_names(
    client, manche, capitaine, player
):
    """People read "le preneur Bruno", never the login "bruno": in the formula and in the errors."""
    capitaine.display_name, player.display_name = "Bruno le Grand", "Anne-Sophie"
    capitaine.save()
    player.save()
    client.force_login(capitaine)
    bad = post_donne_fields(0, contract(capitaine, "garde", partner=capitaine, bouts=2, points="50"))
    error = client.post(url(manche, "league:sheet_donne_add"), bad, **HTMX).content.decode()
    assert escape("ne peut pas être le preneur (Bruno le Grand)") in error
    body = post_donne_fields(0, contract(capitaine, "garde", partner=player, bouts=2, points="50"))
    html = client.post(url(manche, "league:sheet_donne_add"), body, **HTMX).content.decode()
    assert "le preneur Bruno le Grand marque" in html and escape("appelé Anne-Sophie marque") in html
    assert "preneur bruno" not in html and "appelé anne " not in html


def test_throwing_ones_hand_pays_each_other_player_from_the_sheet(client, manche, capitaine, player):
    """Seed 000: « 40 points à chacun des joueurs adverses et 60 points au pot » —
    the capitaine enters both halves of the penalty on the sheet, and Σ jetons + pot stays 0."""
    client.force_login(capitaine)
    data = contract(
        capitaine,
        "garde",
        partner=player,
        bouts=2,
        points=49,
        penalties=[{"player": "gege", "amount": 60, "reason": "main jetée", "to_each_player": 40}],
    )
    response = client.post(url(manche, "league:sheet_donne_add"), post_donne_fields(0, data), **HTMX)
    assert response.status_code == 200
    donne = Donne.objects.get()
    assert donne.penalties == [{"player": "gege", "amount": 60, "reason": "main jetée", "to_each_player": 40}]
    without = {"bruno": 100, "anne": 50, "fifi": -50, "eric": -50, "gege": -50}
    scores, pot = totals(manche)
    assert scores["gege"] == without["gege"] - 60 - 4 * 40
    assert scores["fifi"] == scores["eric"] == without["fifi"] + 40
    # The 60 went into the pot while the donne was played; the attaque, winning, takes it with the pot.
    assert scores["bruno"] + scores["anne"] == without["bruno"] + without["anne"] + 2 * 40 + 60
    assert sum(scores.values()) + pot == 0


def test_what_a_penalty_pays_each_player_cannot_be_negative(client, manche, capitaine):
    client.force_login(capitaine)
    body = post_donne_fields(0, contract(capitaine, points=60))
    body["penalty_each_gege"] = "-40"
    html = client.post(url(manche, "league:sheet_donne_add"), body, **HTMX).content.decode()
    assert "is-invalid" in html
    assert not Donne.objects.exists()


def test_before_its_day_the_sheet_says_when_it_opens_and_offers_no_form(client, manche, capitaine):
    """The capitaine who opens next week's sheet is told so; on the night he gets the form."""
    client.force_login(capitaine)
    with time_machine.travel(manche.starts_at - timedelta(days=7), tick=False):
        before = client.get(url(manche)).content.decode()
    with time_machine.travel(manche.starts_at - timedelta(hours=2), tick=False):
        on_the_day = client.get(url(manche)).content.decode()
    assert "La feuille s'ouvre le jour de la manche, le jeudi 18 septembre" in before
    assert 'name="sheet_version"' not in before
    assert "La feuille s'ouvre" not in on_the_day
    assert 'name="sheet_version"' in on_the_day

"""Quick results: a night kept on paper, entered as each player's final line; same checks, same publication."""

import re
from datetime import timedelta

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from league.models import Manche, QuickResult, SentNotification
from league.selectors.sheet import results_wait_until, sheet_state
from league.services import sheet as services
from tests.support.seasons import make_manche, seat
from tests.support.sheet import add, contract

LINES = {
    "bruno": (230, 3, 5, 2),
    "anne": (-20, 2, 1, 1),
    "fifi": (-60, 1, 2, 0),
    "eric": (-70, 0, 0, 0),
    "gege": (-80, 2, 2, 2),
}


def url(manche, name="league:quick_results"):
    return reverse(name, kwargs={"season_name": manche.season.name, "number": manche.number})


def body(manche, lines):
    data = {"sheet_version": Manche.objects.get(pk=manche.pk).sheet_version}
    for player, (score, prises, bouts, won) in lines.items():
        data.update(
            {
                f"score_{player}": score,
                f"prises_{player}": prises,
                f"bouts_{player}": bouts,
                f"prises_won_{player}": won,
            }
        )
    return data


def rows(lines):
    return [
        {"player": p, "score": s, "prises": pr, "bouts": b, "prises_won": w}
        for p, (s, pr, b, w) in lines.items()
    ]


def test_quick_results_publish_the_ranking(client, manche, capitaine):
    client.force_login(capitaine)
    response = client.post(url(manche), body(manche, LINES))
    assert response.status_code == 302
    m = Manche.objects.get(pk=manche.pk)
    assert m.status == Manche.Status.PLAYED and m.closed_by == capitaine
    assert QuickResult.objects.filter(manche=manche).count() == 5
    state = sheet_state(m)
    assert [line.entry.player for line in state.ranking] == ["bruno", "anne", "fifi", "eric", "gege"]
    assert state.ranking[0].entry.prises == 3
    assert SentNotification.objects.get().recipient == capitaine
    html = client.get(url(manche, "league:manche_detail")).content.decode()
    assert "+230" in html and "feuille papier" in html


def test_quick_results_must_sum_to_zero(client, manche, capitaine):
    client.force_login(capitaine)
    lines = {**LINES, "gege": (-70, 2, 2, 2)}
    response = client.post(url(manche), body(manche, lines))
    assert response.status_code == 200
    assert "somme nulle" in response.content.decode()
    assert not QuickResult.objects.exists()
    assert Manche.objects.get(pk=manche.pk).status == Manche.Status.OPEN


def test_more_prises_won_than_prises_is_refused_next_to_the_field(client, manche, capitaine):
    client.force_login(capitaine)
    lines = {**LINES, "eric": (-70, 0, 0, 1)}
    response = client.post(url(manche), body(manche, lines))
    html = response.content.decode()
    assert "ne peut pas dépasser les" in html
    form = response.context["form"]
    assert form.errors.get("prises_won_eric")
    assert not QuickResult.objects.exists()


def test_a_refusal_is_listed_above_the_table_which_a_phone_scrolls_sideways(client, manche, capitaine):
    """The last column of twenty fields is out of a phone's sight: the top names the field."""
    client.force_login(capitaine)
    lines = {**LINES, "eric": (-70, 0, 0, 1)}
    html = client.post(url(manche), body(manche, lines)).content.decode()
    summary = html[html.index("error-summary") : html.index("</ul>", html.index("error-summary"))]
    assert html.index("error-summary") < html.index('name="score_bruno"')
    assert "Les résultats ne sont pas enregistrés" in summary
    assert '<a class="alert-link" href="#id_prises_won_eric">Gagnées (Éric)</a>' in summary
    assert "ne peut pas dépasser les" in summary


def test_bouts_sur_prise_comes_from_the_quick_lines(manche, capitaine):
    m = Manche.objects.select_related("season").get(pk=manche.pk)
    services.quick_results_set(manche=m, rows=rows(LINES), by=capitaine, seen_version=0, now=timezone.now())
    state = sheet_state(Manche.objects.get(pk=manche.pk))
    bonuses = {line.entry.player: [b[0] for b in line.bonuses] for line in state.ranking}
    # gege: 2 bouts over 2 prises, both won = 1.0 with 2 prises; anne: 1/2 = 0.5, the lowest.
    assert "bouts_sur_prise" in bonuses["anne"]


def test_a_sheet_with_donnes_takes_no_quick_results(manche, capitaine):
    add(manche, capitaine, contract(capitaine, points=60))
    m = Manche.objects.select_related("season").get(pk=manche.pk)
    with pytest.raises(ValidationError):
        services.quick_results_set(
            manche=m, rows=rows(LINES), by=capitaine, seen_version=m.sheet_version, now=timezone.now()
        )
    assert not QuickResult.objects.exists()


def test_after_publication_only_the_president_corrects_quick_results(client, manche, capitaine, president):
    client.force_login(capitaine)
    client.post(url(manche), body(manche, LINES))
    lines = {**LINES, "bruno": (220, 3, 5, 2), "eric": (-60, 0, 0, 0)}
    assert client.post(url(manche), body(manche, lines)).status_code == 403
    assert QuickResult.objects.get(player__username="bruno").score == 230
    client.force_login(president)
    assert client.post(url(manche), body(manche, lines)).status_code == 302
    assert QuickResult.objects.get(player__username="bruno").score == 220
    assert QuickResult.objects.get(player__username="eric").score == -60


def test_quick_results_of_a_manche_at_four_rank_the_absent_last(season, capitaine, player, others, make_user):
    fifi, eric, gege = others
    m = seat(make_manche(season, 3, capitaine=capitaine), [capitaine, player, fifi, eric], absent=gege)
    lines = {"bruno": (100, 2, 3, 2), "anne": (-20, 1, 1, 0), "fifi": (-30, 0, 0, 0), "eric": (-50, 1, 1, 1)}
    m = Manche.objects.select_related("season").get(pk=m.pk)
    services.quick_results_set(manche=m, rows=rows(lines), by=capitaine, seen_version=0, now=timezone.now())
    state = sheet_state(Manche.objects.get(pk=m.pk))
    last = state.ranking[-1].entry
    assert (last.player, last.score, last.place, last.absent) == ("gege", 0, 5, True)
    assert len(state.ranking) == 5


def test_quick_results_wait_for_the_night_but_a_past_night_goes_through(manche, capitaine):
    """Publishing results before the manche starts is refused; history of a
    past night, entered weeks later, is accepted."""
    with pytest.raises(ValidationError):
        services.quick_results_set(
            manche=manche,
            rows=rows(LINES),
            by=capitaine,
            seen_version=0,
            now=manche.starts_at - timedelta(minutes=1),
        )
    assert not QuickResult.objects.exists()
    services.quick_results_set(
        manche=manche,
        rows=rows(LINES),
        by=capitaine,
        seen_version=0,
        now=manche.starts_at + timedelta(days=40),
    )
    assert Manche.objects.get(pk=manche.pk).status == Manche.Status.PLAYED


def test_the_form_shows_the_results_saved_and_after_a_correction_the_new_ones(
    client, manche, capitaine, president
):
    """Each field holds its player's saved line, and the sheet's version to send back; a
    correction shows at the next view (the unbound form is kept per what it shows)."""

    def shown():
        html = client.get(url(manche)).content.decode()
        values = dict(re.findall(r'name="(\w+)" id="id_\w+" value="(-?\d*)"', html))
        return values, re.search(r'name="sheet_version" value="(\d+)"', html).group(1)

    client.force_login(capitaine)
    client.post(url(manche), body(manche, LINES))
    client.force_login(president)
    values, version = shown()
    assert (values["score_bruno"], values["prises_won_gege"], values["bouts_anne"]) == ("230", "2", "1")
    assert version == str(Manche.objects.get(pk=manche.pk).sheet_version)
    client.post(url(manche), body(manche, {**LINES, "bruno": (220, 3, 5, 2), "eric": (-60, 0, 0, 0)}))
    values, version = shown()
    assert (values["score_bruno"], values["score_eric"]) == ("220", "-60")
    assert version == str(Manche.objects.get(pk=manche.pk).sheet_version)


def test_results_wait_for_the_start_and_not_once_played(manche):
    """One condition for the pages and the services: before its start a manche's results wait, from it they don't."""
    assert results_wait_until(manche, manche.starts_at - timedelta(minutes=1)) == manche.starts_at
    assert results_wait_until(manche, manche.starts_at) is None
    manche.status = Manche.Status.PLAYED
    assert results_wait_until(manche, manche.starts_at - timedelta(days=1)) is None


def test_quick_results_are_not_offered_before_the_start_but_say_from_when(client, manche, capitaine):
    """Before the start, the manche page and its sheet show the entry point disabled, with the
    moment it opens, and no link to the form; from the start they link to it."""
    client.force_login(capitaine)
    pages = (url(manche, "league:manche_detail"), url(manche, "league:sheet"))
    with time_machine.travel(manche.starts_at - timedelta(days=2), tick=False):
        before = [client.get(page).content.decode() for page in pages]
    with time_machine.travel(manche.starts_at + timedelta(minutes=5), tick=False):
        after = [client.get(page).content.decode() for page in pages]
    for html in before:
        assert f'href="{url(manche)}"' not in html
        assert "À partir du début de la manche, le jeudi 18 septembre à 21:00." in html
    for html in after:
        assert f'href="{url(manche)}"' in html and "À partir du début de la manche" not in html


def test_the_quick_results_form_before_the_start_says_so_at_once(client, manche, capitaine):
    """Opened directly before the start, the form is not shown to be filled in for nothing:
    the reader is sent to the sheet with the moment it opens; what is sent then is not saved."""
    client.force_login(capitaine)
    with time_machine.travel(manche.starts_at - timedelta(days=2), tick=False):
        response = client.get(url(manche), follow=True)
        posted = client.post(url(manche), body(manche, LINES))
    assert response.redirect_chain == [(url(manche, "league:sheet"), 302)]
    html = response.content.decode()
    assert (
        "Les résultats rapides se saisissent à partir du début de la manche, le jeudi 18 septembre à 21:00."
        in html
    )
    assert 'name="score_bruno"' not in html
    assert posted.status_code == 302 and posted.url == url(manche, "league:sheet")
    assert not QuickResult.objects.exists()
    assert Manche.objects.get(pk=manche.pk).status == Manche.Status.OPEN
    with time_machine.travel(manche.starts_at + timedelta(minutes=5), tick=False):
        assert 'name="score_bruno"' in client.get(url(manche)).content.decode()

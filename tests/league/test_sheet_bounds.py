"""Numbers on the score sheet stay within what a club can mean; every refusal is a message on the page.

Bounds (``league.limits``): a quick-result score within ±100,000, a
penalty within ±10,000, its reason 100 characters. A form that does not say
which version of the sheet it modifies is refused with a message too.
"""

import pytest

from league.limits import PENALTY_MAX, SCORE_MAX
from league.models import Donne, Manche, QuickResult
from tests.support.sheet import contract, post_donne_fields

from .test_quick_results import LINES, body, url

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.mark.parametrize("score", [2**31, 10**9, -(10**9), SCORE_MAX + 1])
def test_a_quick_result_score_beyond_the_bound_is_refused_with_a_message(client, manche, capitaine, score):
    client.force_login(capitaine)
    data = body(manche, LINES)
    data["score_bruno"] = score
    response = client.post(url(manche), data)
    assert response.status_code == 200
    assert f"{SCORE_MAX}" in response.content.decode().replace("\u202f", "").replace("\xa0", "")
    assert not QuickResult.objects.exists()


def test_a_penalty_beyond_the_bound_is_refused_with_a_message(client, manche, capitaine):
    client.force_login(capitaine)
    data = contract(capitaine, points=60)
    data["penalties"] = [{"player": "anne", "amount": 10**12, "reason": "x"}]
    response = client.post(url(manche, "league:sheet_donne_add"), post_donne_fields(0, data), **HTMX)
    assert response.status_code == 200
    assert f"{PENALTY_MAX}" in response.content.decode().replace("\u202f", "").replace("\xa0", "")
    assert not Donne.objects.exists()


def test_a_penalty_reason_over_100_characters_is_refused_with_a_message(client, manche, capitaine):
    client.force_login(capitaine)
    data = contract(capitaine, points=60)
    data["penalties"] = [{"player": "anne", "amount": 10, "reason": "r" * 101}]
    response = client.post(url(manche, "league:sheet_donne_add"), post_donne_fields(0, data), **HTMX)
    assert "100 caractères" in response.content.decode()
    assert not Donne.objects.exists()


@pytest.mark.parametrize("version", [None, "abc", "1e400"])
def test_a_missing_or_garbled_sheet_version_is_refused_with_a_message(client, manche, capitaine, version):
    client.force_login(capitaine)
    fields = post_donne_fields(0, contract(capitaine, points=60))
    if version is None:
        del fields["sheet_version"]
    else:
        fields["sheet_version"] = version
    response = client.post(url(manche, "league:sheet_donne_add"), fields, **HTMX)
    assert "quelle version de la feuille" in response.content.decode()
    assert not Donne.objects.exists()
    assert Manche.objects.get(pk=manche.pk).sheet_version == 0

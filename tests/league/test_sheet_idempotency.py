"""A donne entered on the phone is saved once, however many times it is sent.

The phone gives each donne an id (a UUID) before sending it; the server
keeps it with the donne, unique on the sheet, and a resend under the same id
— a double tap, a retry after the answer was lost, even a resend racing the
first — answers with the donne already saved instead of adding a second.
"""

import threading
import uuid

import pytest
from django.db import IntegrityError, connection, transaction
from django.urls import reverse
from django.utils import timezone

from league.models import Donne, Manche
from league.services import sheet as services
from tests.support.seasons import make_manche, seat
from tests.support.sheet import contract, post_donne_fields

HTMX = {"HTTP_HX_REQUEST": "true"}


def _add(manche, data, *, by, version, client_id):
    fresh = Manche.objects.select_related("season").get(pk=manche.pk)
    return services.donne_add(
        manche=fresh, data=data, by=by, seen_version=version, now=timezone.now(), client_id=client_id
    )


def test_a_resent_donne_is_not_saved_twice(manche, capitaine):
    """A resend under the same id returns the donne already saved and changes nothing."""
    key = uuid.uuid4()
    first = _add(manche, contract(capitaine, points=60), by=capitaine, version=0, client_id=key)
    again = _add(manche, contract(capitaine, points=60), by=capitaine, version=0, client_id=key)
    assert (first.replayed, again.replayed) == (False, True)
    assert again.pk == first.pk
    assert Donne.objects.filter(manche=manche).count() == 1
    assert Manche.objects.get(pk=manche.pk).sheet_version == 1


def test_a_retry_after_a_lost_answer_is_not_refused_as_stale(manche, capitaine, player):
    """The first send was saved but its answer lost; the retry names the old version and still succeeds."""
    key = uuid.uuid4()
    _add(manche, contract(capitaine, points=60), by=capitaine, version=0, client_id=key)
    _add(manche, contract(player, points=30), by=capitaine, version=1, client_id=uuid.uuid4())
    retried = _add(manche, contract(capitaine, points=60), by=capitaine, version=0, client_id=key)
    assert retried.replayed and retried.index == 1
    assert list(Donne.objects.filter(manche=manche).values_list("index", flat=True)) == [1, 2]


def test_a_new_id_against_an_old_version_is_still_refused(manche, capitaine, player):
    """The key only recognises the same donne: another one entered against an old version is stale."""
    _add(manche, contract(capitaine, points=60), by=capitaine, version=0, client_id=uuid.uuid4())
    with pytest.raises(services.StaleSheet):
        _add(manche, contract(player, points=60), by=capitaine, version=0, client_id=uuid.uuid4())
    assert Donne.objects.filter(manche=manche).count() == 1


def test_the_key_is_unique_per_sheet_only(season, manche, capitaine, player, others):
    """Two sheets never share a donne: the same id on another manche is another donne."""
    other = seat(make_manche(season, 2, capitaine=capitaine), [capitaine, player, *others])
    key = uuid.uuid4()
    a = _add(manche, contract(capitaine, points=60), by=capitaine, version=0, client_id=key)
    b = _add(other, contract(capitaine, points=60), by=capitaine, version=0, client_id=key)
    assert a.pk != b.pk and not b.replayed


def test_the_database_refuses_a_second_donne_with_the_same_key(manche, capitaine):
    key = uuid.uuid4()
    _add(manche, contract(capitaine, points=60), by=capitaine, version=0, client_id=key)
    with pytest.raises(IntegrityError), transaction.atomic():
        Donne.objects.create(manche=manche, index=2, client_id=key)


def test_donnes_without_a_key_are_all_kept(manche, capitaine):
    """Sheets entered without the phone's script (or imported) have no key: never merged."""
    _add(manche, contract(capitaine, points=60), by=capitaine, version=0, client_id=None)
    _add(manche, contract(capitaine, points=60), by=capitaine, version=1, client_id=None)
    assert Donne.objects.filter(manche=manche, client_id__isnull=True).count() == 2


def test_a_double_tap_on_the_form_saves_one_donne(client, manche, capitaine, player):
    url = reverse("league:sheet_donne_add", kwargs={"season_name": manche.season.name, "number": 1})
    body = {**post_donne_fields(0, contract(player, points=60)), "client_id": str(uuid.uuid4())}
    client.force_login(capitaine)
    client.post(url, body, **HTMX)
    response = client.post(url, body, **HTMX)
    assert "Donne 1 déjà enregistrée" in response.content.decode()
    assert Donne.objects.filter(manche=manche).count() == 1


def _sync(client, manche, body):
    url = reverse(
        "league:sheet_donne_sync", kwargs={"season_name": manche.season.name, "number": manche.number}
    )
    return client.post(url, body, HTTP_ACCEPT="application/json")


def test_the_queue_endpoint_saves_once_and_says_so(client, manche, capitaine, player):
    client.force_login(capitaine)
    body = {**post_donne_fields(0, contract(player, points=60)), "client_id": str(uuid.uuid4())}
    first, again = _sync(client, manche, body).json(), _sync(client, manche, body).json()
    assert (first["status"], first["index"], first["replayed"], first["version"]) == ("saved", 1, False, 1)
    assert (again["status"], again["index"], again["replayed"], again["version"]) == ("saved", 1, True, 1)
    assert Donne.objects.filter(manche=manche).count() == 1


def test_the_queue_endpoint_reports_a_sheet_changed_elsewhere(client, manche, capitaine, player):
    client.force_login(capitaine)
    _sync(
        client, manche, {**post_donne_fields(0, contract(player, points=60)), "client_id": str(uuid.uuid4())}
    )
    response = _sync(
        client,
        manche,
        {**post_donne_fields(0, contract(capitaine, points=70)), "client_id": str(uuid.uuid4())},
    )
    assert response.status_code == 409
    assert response.json()["status"] == "stale" and response.json()["version"] == 1
    assert Donne.objects.filter(manche=manche).count() == 1


def test_the_queue_endpoint_returns_the_engines_messages_by_field(client, manche, capitaine, player):
    """Points beyond 91 are the engine's to refuse: the message names the field and nothing is saved."""
    client.force_login(capitaine)
    body = {**post_donne_fields(0, contract(player, points=95)), "client_id": str(uuid.uuid4())}
    response = _sync(client, manche, body)
    assert response.status_code == 422
    errors = response.json()["errors"]
    assert any(e.startswith("Points de l'attaque\u00a0:") for e in errors), errors
    assert not Donne.objects.filter(manche=manche).exists()


def test_the_queue_endpoint_needs_the_key(client, manche, capitaine, player):
    client.force_login(capitaine)
    response = _sync(client, manche, post_donne_fields(0, contract(player, points=60)))
    assert response.status_code == 422
    assert not Donne.objects.exists()


def test_an_ordinary_member_cannot_send_to_the_queue(client, manche, make_user, player):
    client.force_login(make_user("zoe"))
    body = {**post_donne_fields(0, contract(player, points=60)), "client_id": str(uuid.uuid4())}
    assert _sync(client, manche, body).status_code == 403
    assert not Donne.objects.exists()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_simultaneous_sends_of_the_same_donne_save_it_once(season, capitaine, player, others):
    """Four sends of one donne racing on PostgreSQL: one donne, and every send answered with it."""
    m = seat(make_manche(season, 9, capitaine=capitaine), [capitaine, player, *others])
    key = uuid.uuid4()
    barrier = threading.Barrier(4)
    answers, failures = [], []

    def send():
        try:
            fresh = Manche.objects.select_related("season").get(pk=m.pk)
            barrier.wait(timeout=10)
            donne = services.donne_add(
                manche=fresh,
                data=contract(player, points=60),
                by=capitaine,
                seen_version=0,
                now=timezone.now(),
                client_id=key,
            )
            answers.append((donne.pk, donne.replayed))
        except Exception as exc:  # noqa: BLE001 — any failure is the test's failure
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert failures == []
    assert len({pk for pk, _replayed in answers}) == 1
    assert sorted(replayed for _pk, replayed in answers) == [False, True, True, True]
    assert Donne.objects.filter(manche=m).count() == 1
    assert Manche.objects.get(pk=m.pk).sheet_version == 1

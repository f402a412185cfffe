"""Two devices on one sheet: the second write of the same version is refused, never silently lost."""

import threading

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from league.models import Donne, Manche
from league.services import sheet as services
from tests.support.seasons import make_manche, seat
from tests.support.sheet import contract, post_donne_fields

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_a_write_against_an_old_version_is_refused_and_changes_nothing(manche, capitaine, player):
    seen = Manche.objects.get(pk=manche.pk)
    first = Manche.objects.select_related("season").get(pk=manche.pk)
    services.donne_add(
        manche=first, data=contract(capitaine, points=60), by=capitaine, seen_version=0, now=timezone.now()
    )
    with pytest.raises(services.StaleSheet):
        services.donne_add(
            manche=seen, data=contract(player, points=60), by=player, seen_version=0, now=timezone.now()
        )
    assert list(Donne.objects.values_list("taker__username", flat=True)) == ["bruno"]
    assert Manche.objects.get(pk=manche.pk).sheet_version == 1


def test_a_stale_correction_or_deletion_is_refused(manche, capitaine):
    m = Manche.objects.select_related("season").get(pk=manche.pk)
    services.donne_add(
        manche=m, data=contract(capitaine, points=60), by=capitaine, seen_version=0, now=timezone.now()
    )
    with pytest.raises(services.StaleSheet):
        services.donne_correct(
            manche=m,
            index=1,
            data=contract(capitaine, points=20),
            by=capitaine,
            seen_version=0,
            now=timezone.now(),
        )
    with pytest.raises(services.StaleSheet):
        services.donne_delete(manche=m, index=1, by=capitaine, seen_version=0, now=timezone.now())
    with pytest.raises(services.StaleSheet):
        services.manche_close(manche=m, by=capitaine, seen_version=0, now=timezone.now())
    assert Donne.objects.get().points == 60


def test_the_second_device_is_told_and_shown_the_current_sheet_with_its_input_kept(
    client, manche, capitaine, president, player
):
    url = reverse(
        "league:sheet_donne_add", kwargs={"season_name": manche.season.name, "number": manche.number}
    )
    # The President's phone and the capitaine's both show version 0.
    client.force_login(president)
    client.post(url, post_donne_fields(0, contract(player, "garde", points=60)), **HTMX)
    client.force_login(capitaine)
    response = client.post(url, post_donne_fields(0, contract(capitaine, "garde_sans", points=70)), **HTMX)
    html = response.content.decode()
    assert "modifiée entre-temps sur un autre appareil" in html
    assert "n&#x27;a pas été enregistrée" in html or "n'a pas été enregistrée" in html
    assert 'id="donne-1"' in html  # the President's donne, now on the sheet
    assert 'name="sheet_version" value="1"' in html  # the form is re-armed against the current version
    assert 'value="garde_sans" autocomplete="off" checked' in html  # what he typed is still there
    assert Donne.objects.count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_submits_of_the_same_version_save_exactly_one(season, capitaine, player, others):
    m = seat(make_manche(season, 7, capitaine=capitaine), [capitaine, player, *others])
    barrier = threading.Barrier(2)
    outcomes = []

    def submit(taker):
        try:
            fresh = Manche.objects.select_related("season").get(pk=m.pk)
            barrier.wait(timeout=10)
            services.donne_add(
                manche=fresh,
                data=contract(taker, points=60),
                by=capitaine,
                seen_version=0,
                now=timezone.now(),
            )
            outcomes.append("saved")
        except services.StaleSheet:
            outcomes.append("stale")
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(name,)) for name in ("bruno", "anne")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(outcomes) == ["saved", "stale"]
    assert Donne.objects.filter(manche=m).count() == 1
    assert Manche.objects.get(pk=m.pk).sheet_version == 1

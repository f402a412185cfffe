"""The season's computation reads every donne as its sheet shows it: the same players, the same
poignées, misères, penalties and misère points, whichever way the rows are fetched."""

from decimal import Decimal

from django.db.models import F

from league import rules
from league.models import Donne, Manche
from league.selectors.engine import season_input
from league.selectors.sheet import engine_donne
from tests.support.seasongen import load_season


def test_every_donne_of_the_season_reaches_the_engine_as_entered(db):
    season = load_season(players=10, manches_per_player=6, donnes=20, seed=11)
    donnes = Donne.objects.filter(manche__season=season).select_related("dealer", "taker", "partner")
    assert donnes.exclude(poignees=[]).exists() and donnes.exclude(penalties=[]).exists()
    assert donnes.filter(kind=Donne.Kind.MISERE).exists() and donnes.exclude(miseres=[]).exists()
    numbers = dict(Manche.objects.filter(season=season).values_list("pk", "number"))
    expected = {}
    for donne in donnes.order_by("manche_id", "index"):
        expected.setdefault(numbers[donne.manche_id], []).append(engine_donne(donne))
    read = {m.number: list(m.donnes) for m in season_input(season).manches if m.donnes}
    assert read == expected


def test_card_points_reach_the_engine_as_the_field_reads_them(db):
    """Whole and half points alike, with the field's one decimal place (``41.0``, not ``41``)."""
    season = load_season(players=10, manches_per_player=6, donnes=20, seed=11)
    stored = {}
    for number, points in (
        Donne.objects.filter(manche__season=season, kind=Donne.Kind.CONTRACT)
        .order_by("manche_id", "index")
        .values_list("manche__number", "points")
    ):
        stored.setdefault(number, []).append(str(points))
    read = {
        m.number: [str(d.points) for d in m.donnes if isinstance(d, rules.ContractDonne)]
        for m in season_input(season).manches
        if m.donnes
    }
    assert read == stored
    every = [p for points in stored.values() for p in points]
    assert any(p.endswith(".0") for p in every) and any(p.endswith(".5") for p in every)
    contracts = [
        d for m in season_input(season).manches for d in m.donnes or () if isinstance(d, rules.ContractDonne)
    ]
    assert all(isinstance(d.points, Decimal) for d in contracts if d.points is not None)


def test_donnes_reach_the_engine_in_the_order_of_the_sheet_not_of_their_rows(db):
    """A donne inserted into a sheet after others were saved is a later row with an
    earlier place: the engine reads the sheet's order (its ``index``)."""
    season = load_season(players=10, manches_per_player=6, donnes=20, seed=11)
    manche = Manche.objects.filter(season=season, donnes__isnull=False).order_by("number").first()
    rows = list(Donne.objects.filter(manche=manche).order_by("index"))
    Donne.objects.filter(manche=manche).update(index=F("index") + 1000)  # clear of the unique places
    for place, donne in enumerate(reversed(rows)):  # the first row saved is now the last donne
        Donne.objects.filter(pk=donne.pk).update(index=place)
    expected = [engine_donne(d) for d in Donne.objects.filter(manche=manche).order_by("index")]
    assert expected != [engine_donne(d) for d in Donne.objects.filter(manche=manche).order_by("pk")]
    (read,) = [m.donnes for m in season_input(season).manches if m.number == manche.number]
    assert list(read) == expected

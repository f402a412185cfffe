"""The season's computation reads every donne as its sheet shows it: the same players, the same
poignées, misères, penalties and misère points, whichever way the rows are fetched."""

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

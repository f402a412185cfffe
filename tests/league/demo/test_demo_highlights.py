"""The demo's comptes-rendus tell a night's moments once each."""

from types import SimpleNamespace

from league.demo.simulator import highlights


def _donne(taker: str) -> dict:
    return {"kind": "contract", "taker": taker, "partner": None, "contract": "garde"}


def test_the_pot_is_told_once_at_its_highest():
    donnes = [_donne("anne"), _donne("bruno"), _donne("carole")]
    results = [
        SimpleNamespace(scores={d["taker"]: 10 * k}, pot_after=pot)
        for k, (d, pot) in enumerate(zip(donnes, (160, 180, 170), strict=True))
    ]
    moments = highlights(donnes, results, {})
    told = [m for m in moments if "pot" in m]
    assert told == ["Le pot est monté jusqu'à 180 jetons."]

"""Every bonus and malus is explained the way the rulebook words it, with the player's numbers.

The rulebook (§ "Les bonus offensifs", "Les bonus défensifs", "Les autres
bonus", "Les malus") says, e.g., "un bonus de 0,5 point est attribué … au
troisième si son score est supérieur ou égal au score du vainqueur - 60%".
The explanation under the classification says the same of the player:
"3e place avec un score de …, au moins le score du vainqueur (210) moins 60 %,
soit 84 : +0,5" — in French with a decimal comma and a true minus, in
English in full.
"""

from datetime import timedelta

import pytest
from django.utils import translation

from league.rules import (
    CompteRenduRecord,
    MancheInput,
    PlayerInfo,
    QuickResult,
    SeasonInput,
    compte_rendu_adjustments,
    compute_season,
    explain_player,
    manche_bonuses,
    rank_manche,
    ruleset_for,
)
from league.wording import message_text
from tests.rules.helpers import FIVE, paris

TB = ruleset_for("tarot-biere", "2011-2012")
# A June manche, the next one in June, the one after in July: juin and juillet must read apart.
M1, M2, M3 = paris(2011, 6, 2, 21), paris(2011, 6, 16, 21), paris(2011, 7, 7, 21)
AFTER = paris(2011, 8, 1, 12)


def shown(message, lang: str) -> str:
    with translation.override(lang):
        return message_text(message)


def bonus_reasons(results: dict, kind: str) -> list:
    """``results``: {player: (score, prises, bouts, prises won)}; the reasons of one kind of bonus."""
    stats = {p: QuickResult(p, *values) for p, values in results.items()}
    ranking = rank_manche(TB, FIVE, None, {p: s.score for p, s in stats.items()}, stats)
    return [a.reason for a in manche_bonuses(TB, ranking, 1) if a.kind == kind]


def cr_reasons(crs, *, kind: str, deadlines=(M2, M3), player="ben", deadline_manches=None) -> list:
    found = compte_rendu_adjustments(
        TB,
        number=1,
        vainqueurs=("ben",),
        participants=FIVE,
        deadlines=deadlines,
        comptes_rendus=tuple(crs),
        now=AFTER,
        deadline_manches={M2: 2, M3: 3} if deadline_manches is None else deadline_manches,
    )
    return [a.reason for a in found if a.kind == kind and a.player == player]


# Les bonus offensifs --------------------------------------------------------------


def test_seul_positif_says_the_vainqueur_finished_alone_above_zero():
    scores = {"ben": 200, "fifi": 0, "anne": -50, "bruno": -50, "eric": -100}
    (reason,) = bonus_reasons({p: (s, 0, 0, 0) for p, s in scores.items()}, "seul_positif")
    assert shown(reason, "fr") == (
        "Seul positif : vainqueur avec un score de 200, tous les autres à 0 ou moins : +1"
    )
    assert shown(reason, "en") == (
        "Seul positif: winner with a score of 200, every other player at 0 or below: +1"
    )


def test_bouts_sur_prise_gives_the_average_and_says_it_is_the_lowest_and_at_most_one():
    (reason,) = bonus_reasons(
        {
            "ben": (100, 2, 1, 1),
            "fifi": (50, 3, 6, 2),
            "anne": (-50, 0, 0, 0),
            "bruno": (-50, 0, 0, 0),
            "eric": (-50, 0, 0, 0),
        },
        "bouts_sur_prise",
    )
    assert shown(reason, "fr") == (
        "Bouts sur prise : 1 bout en 2 prises (1 gagnée), soit une moyenne de 0,5, "
        "la plus faible de la manche et inférieure ou égale à 1 : +0,5"
    )
    assert shown(reason, "en") == (
        "Bouts sur prise: 1 bout in 2 prises (1 won), an average of 0.5, "
        "the lowest of the manche and at most 1: +0.5"
    )


def test_bouts_sur_prise_counts_as_each_language_counts():
    """French says "0 bout", English "0 bouts"; an average of 2/3 reads to the hundredth."""
    (reason,) = bonus_reasons(
        {
            "ben": (100, 3, 2, 1),
            "fifi": (50, 1, 3, 1),
            "anne": (-50, 0, 0, 0),
            "bruno": (-50, 0, 0, 0),
            "eric": (-50, 0, 0, 0),
        },
        "bouts_sur_prise",
    )
    assert "2 bouts en 3 prises (1 gagnée), soit une moyenne de 0,67" in shown(reason, "fr")
    (zero,) = bonus_reasons(
        {
            "ben": (100, 1, 0, 1),
            "fifi": (50, 0, 0, 0),
            "anne": (-50, 0, 0, 0),
            "bruno": (-50, 0, 0, 0),
            "eric": (-50, 0, 0, 0),
        },
        "bouts_sur_prise",
    )
    assert "0 bout en 1 prise (1 gagnée), soit une moyenne de 0," in shown(zero, "fr")
    assert "0 bouts in 1 prise (1 won), an average of 0," in shown(zero, "en")


# Les bonus défensifs ----------------------------------------------------------------


def test_defensif_says_the_vainqueurs_score_minus_the_percentage_of_the_place():
    """4th place with −20 against a vainqueur at 210: 210 − 110 % = −21, reached."""
    (reason,) = bonus_reasons(
        {
            "ben": (210, 0, 0, 0),
            "fifi": (30, 0, 0, 0),
            "anne": (0, 0, 0, 0),
            "bruno": (-20, 0, 0, 0),
            "eric": (-220, 0, 0, 0),
        },
        "defensif",
    )
    assert shown(reason, "fr") == (
        "Bonus défensif : 4e place avec un score de −20, au moins le score du vainqueur (210) "
        "moins 110\u00a0%, soit −21 : +0,5"
    )
    assert shown(reason, "en") == (
        "Défensif: 4th place with a score of −20, at least the winner's score (210) minus 110%, that is −21: +0.5"
    )


@pytest.mark.parametrize(
    ("scores", "french", "english"),
    [
        ((450, 380, -200, -300, -330), "2e place avec un score de 380", "2nd place with a score of 380"),
        ((200, 100, 80, -180, -200), "3e place avec un score de 80", "3rd place with a score of 80"),
        ((100, 50, 40, -40, -150), "5e place avec un score de −150", None),
        ((100, 20, -30, -40, -50), "5e place avec un score de −50", "5th place with a score of −50"),
    ],
)
def test_defensif_names_the_place_as_the_rulebook_does(scores, french, english):
    """2e: vainqueur − 20 %, 3e: − 60 %, 4e: − 110 %, 5e: − 160 % (−150 is below 100 − 160 % = −60)."""
    reasons = bonus_reasons({p: (s, 0, 0, 0) for p, s in zip(FIVE, scores, strict=True)}, "defensif")
    in_french = [shown(r, "fr") for r in reasons]
    in_english = [shown(r, "en") for r in reasons]
    if english is None:
        assert not any(french in r for r in in_french)
        return
    assert any(r.startswith("Bonus défensif : " + french) for r in in_french), in_french
    assert any(r.startswith("Défensif: " + english) for r in in_english), in_english


# Les malus : compte-rendu en retard ---------------------------------------------------


def test_late_compte_rendu_names_the_next_manche_and_its_start_in_the_readers_notation():
    reasons = cr_reasons([], kind="cr_retard")
    assert [shown(r, "fr") for r in reasons] == [
        "Compte-rendu en retard : aucun posté avant le début de la manche 2, le 16 juin 2011 à 21:00 : −0,5",
        "Compte-rendu en retard : aucun posté avant le début de la manche 3, le 7 juil. 2011 à 21:00 : −0,5",
    ]
    assert [shown(r, "en") for r in reasons] == [
        "Late compte-rendu: none posted before the start of manche 2 (June 16, 2011, 21:00): −0.5",
        "Late compte-rendu: none posted before the start of manche 3 (July 7, 2011, 21:00): −0.5",
    ]


def test_late_compte_rendu_of_the_last_manche_names_its_deadline():
    # No later manche: 14 days after the manche, on the club's wall clock.
    (reason,) = cr_reasons([], kind="cr_retard", deadlines=(M1 + timedelta(days=14),), deadline_manches={})
    assert shown(reason, "fr") == (
        "Compte-rendu en retard : aucun posté avant l'échéance du 16 juin 2011 à 21:00 : −0,5"
    )
    assert (
        shown(reason, "en") == "Late compte-rendu: none posted by the deadline of June 16, 2011, 21:00: −0.5"
    )


# Les malus et les autres bonus : compte-rendu non conforme, remplacement ------------------


def posted(author, when, status="accepted", rejected_at=None):
    return CompteRenduRecord(author, when, status, rejected_at)


REJECTED = posted("ben", paris(2011, 6, 3, 12), "rejected", paris(2011, 6, 20, 10))


def test_non_conforme_says_the_vainqueur_did_not_react_in_time():
    (reason,) = cr_reasons([REJECTED], kind="cr_non_conforme")
    assert shown(reason, "fr") == (
        "Compte-rendu non conforme, rejeté le 20 juin 2011 à 10:00 : le vainqueur n'a pas réagi à temps, "
        "aucune version corrigée acceptée avant le 7 juil. 2011 à 21:00 : −0,5"
    )
    assert shown(reason, "en") == (
        "Compte-rendu not up to standard (rejected June 20, 2011, 10:00): the winner did not react in time, "
        "no accepted revision before July 7, 2011, 21:00: −0.5"
    )


def test_non_conforme_when_another_participant_wrote_an_acceptable_one_first():
    crs = [REJECTED, posted("fifi", paris(2011, 6, 22, 18, 30))]
    (reason,) = cr_reasons(crs, kind="cr_non_conforme")
    assert shown(reason, "fr") == (
        "Compte-rendu non conforme, rejeté le 20 juin 2011 à 10:00 : un autre participant en a posté "
        "un acceptable avant la version corrigée du vainqueur : −0,5"
    )
    assert shown(reason, "en") == (
        "Compte-rendu not up to standard (rejected June 20, 2011, 10:00): another participant's acceptable one "
        "came before the winner's revision: −0.5"
    )


def test_replacement_compte_rendu_says_it_was_the_first_acceptable_one():
    crs = [REJECTED, posted("fifi", paris(2011, 6, 22, 18, 30))]
    (reason,) = cr_reasons(crs, kind="cr_remplacement", player="fifi")
    assert shown(reason, "fr") == (
        "Compte-rendu de remplacement : le premier acceptable après le rejet de celui du vainqueur "
        "(le 20 juin 2011 à 10:00), posté le 22 juin 2011 à 18:30 : +0,5"
    )
    assert shown(reason, "en") == (
        "Replacement compte-rendu: the first acceptable one after the winner's was rejected "
        "(June 20, 2011, 10:00), posted June 22, 2011, 18:30: +0.5"
    )


# Les malus : participation, and the lines of the total --------------------------------------


PLAYERS = {p: PlayerInfo(p, p.capitalize(), "2008-2009") for p in (*FIVE, "zoe")}


def closed_season(*manches):
    return compute_season(SeasonInput("2011-2012", TB, PLAYERS, tuple(manches), None, True, ()), now=AFTER)


def manche(number, scores, *, absent=None):
    """Manche ``number`` a week after the previous one; the vainqueur posts the next day."""
    starts = M1 + timedelta(days=7 * (number - 1))
    table = tuple(scores)
    results = tuple(QuickResult(p, s) for p, s in scores.items())
    best = max(scores.values())
    crs = tuple(posted(p, starts + timedelta(days=1)) for p in table if scores[p] == best)
    return MancheInput(number, starts, "played", table, absent, None, results, None, crs)


def explanation(result, player, lang):
    with translation.override(lang):
        return [message_text(m) for m in explain_player(result, player)]


def test_participation_says_the_manches_played_of_those_required_and_one_per_missing_manche():
    result = closed_season(manche(1, {"ben": 300, "fifi": 100, "anne": 0, "bruno": -150, "eric": -250}))
    assert "Participation : 1 manche jouée sur les 10 requises, −1 par manche manquante : −9" in explanation(
        result, "ben", "fr"
    )
    assert "Participation: 1 manche played of the 10 required, −1 per missing manche: −9" in explanation(
        result, "ben", "en"
    )


def test_a_manche_line_gives_the_place_the_score_and_the_place_points():
    result = closed_season(manche(1, {"ben": 300, "fifi": 100, "anne": 0, "bruno": -150, "eric": -250}))
    assert explanation(result, "eric", "fr")[0] == (
        "Manche 1 : 5e place avec un score de −250, points de place : −1"
    )
    assert (
        explanation(result, "eric", "en")[0] == "Manche 1: 5th place with a score of −250, place points: −1"
    )
    assert (
        explanation(result, "ben", "fr")[0]
        == "Manche 1 : 1re place avec un score de 300, points de place : 3"
    )


def test_the_absent_of_a_manche_at_four_is_fifth_with_a_score_of_zero():
    result = closed_season(manche(1, {"ben": 300, "fifi": 100, "anne": -150, "bruno": -250}, absent="eric"))
    assert explanation(result, "eric", "fr")[0] == (
        "Manche 1 : absence (partie à 4), 5e place avec un score de 0, points de place : −1"
    )
    assert explanation(result, "eric", "en")[0] == (
        "Manche 1: absence (played at 4), 5th place with a score of 0, place points: −1"
    )


def test_the_total_line_divides_the_points_by_the_manches_plus_one():
    """ "10 points / (3 manches + 1) = 10/4 = 2,5": "=" when exact to the hundredth, else "≈" and two decimals."""
    first = manche(1, {"ben": 300, "fifi": 100, "anne": 0, "bruno": -150, "eric": -250})
    # anne: 3rd, 1 place point, −9 participation: −8 over 2 manches' worth
    assert explanation(closed_season(first), "anne", "fr")[-1] == (
        "Points cumulés : 1 de place + 0 de bonus − 9 de malus = −8 ; points moyens : −8 ÷ (1 manche + 1) = −4"
    )
    assert explanation(closed_season(first), "anne", "en")[-1] == (
        "Total points: 1 from places + 0 bonus − 9 malus = −8; average points: −8 ÷ (1 manche + 1) = −4"
    )
    second = manche(2, {"ben": -100, "fifi": 200, "anne": 0, "bruno": -50, "eric": -50})
    # fifi: 2 + 3 place points, +1 seul positif in manche 2, −8 participation: −2 over 3
    result = closed_season(first, second)
    assert explanation(result, "fifi", "fr")[-1] == (
        "Points cumulés : 5 de place + 1 de bonus − 8 de malus = −2 ; points moyens : −2 ÷ (2 manches + 1) ≈ −0,67"
    )
    assert explanation(result, "fifi", "en")[-1] == (
        "Total points: 5 from places + 1 bonus − 8 malus = −2; average points: −2 ÷ (2 manches + 1) ≈ −0.67"
    )

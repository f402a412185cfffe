"""§5 The season classification, titles and §6 accessits; season validation."""

from datetime import timedelta
from decimal import Decimal
from fractions import Fraction

import pytest

from league.rules import (
    Award,
    CompteRenduRecord,
    InvalidInput,
    MancheInput,
    PlayerInfo,
    QuickResult,
    SeasonInput,
    compute_season,
    explain_player,
    ruleset_for,
    validate_season,
)

from .helpers import FIVE, FOUR, contract, fields, paris

NAMES = {"ben": "Benoît", "fifi": "Fifi", "anne": "Anne", "bruno": "Bruno", "eric": "Eric", "zoe": "Zoé"}
PLAYERS = {
    p: PlayerInfo(p, name, "2011-2012" if p in ("eric", "zoe") else "2008-2009") for p, name in NAMES.items()
}
NOW = paris(2012, 7, 1, 12)


def start(n):
    return paris(2011, 9, 1, 21) + timedelta(days=14 * (n - 1))


def quick(n, scores, *, table=None, absent=None, status="played", crs=None, order=None, prises=None):
    """A manche in the quick form; by default the vainqueur posts on time."""
    table = tuple(table or scores)
    prises = prises or {}
    results = tuple(QuickResult(p, scores[p], *prises.get(p, (0, 0, 0))) for p in table)
    if crs is None:
        best = max(scores.values())
        crs = tuple(
            CompteRenduRecord(p, start(n) + timedelta(days=1), "accepted") for p in table if scores[p] == best
        )
    return MancheInput(n, start(n), status, table, absent, None, results, order, tuple(crs))


def season(*manches, closed=False, name="2011-2012", awards=(), president=None, params=None):
    rs = ruleset_for("tarot-biere", name, params)
    return SeasonInput(name, rs, PLAYERS, tuple(manches), president, closed, tuple(awards))


def row(result, player):
    return next(r for r in result.standings if r.player == player)


S1 = {"ben": 300, "fifi": 100, "anne": 0, "bruno": -150, "eric": -250}


def test_points_are_place_points_plus_bonus_minus_malus_and_average_over_manches_plus_one():
    result = compute_season(season(quick(1, S1), quick(2, S1)), now=NOW)
    ben = row(result, "ben")
    assert (ben.manches, ben.place_points, ben.bonus, ben.malus) == (2, 6, 0, 0)
    assert ben.points == 6 and ben.average == Fraction(6, 3)
    fifi = row(result, "fifi")
    # défensifs? W = 300: fifi 100 < 240; anne 0 < 120; bruno −150 < −30; eric −250 ≥ −180? no
    assert fifi.points == 4 and fifi.average == Fraction(4, 3)


def test_rank_by_average_with_shared_ranks_1_2_2_4():
    m1 = quick(1, {"ben": 300, "fifi": 50, "anne": 50, "bruno": -150, "eric": -250})
    result = compute_season(season(m1), now=NOW)
    assert [(r.player, r.rank, r.tied) for r in result.standings] == [
        ("ben", 1, False),
        ("anne", 2, True),  # same average: name order, Anne before Fifi
        ("fifi", 2, True),
        ("bruno", 4, False),
        ("eric", 5, False),
    ]
    assert [r.title for r in result.standings] == ["champion", "vice_champion", "vice_champion", None, None]


def test_equal_averages_more_manches_first_then_name():
    # zoe: 1 manche, 3 points → 3/2; ben: 3 manches, 3 + 3 + 0 points → 6/4
    m1 = quick(1, {"ben": 300, "fifi": 100, "anne": 0, "bruno": -150, "eric": -250})
    m2 = quick(2, {"ben": 300, "fifi": 100, "anne": 0, "bruno": -150, "eric": -250})
    m3 = quick(3, {"zoe": 300, "fifi": 100, "anne": 0, "ben": -150, "bruno": -250})
    result = compute_season(season(m1, m2, m3), now=NOW)
    ben, zoe = row(result, "ben"), row(result, "zoe")
    assert ben.average == zoe.average == Fraction(3, 2)
    assert ben.rank == zoe.rank
    order = [r.player for r in result.standings]
    assert order.index("ben") < order.index("zoe")


def test_tied_champions_share_the_title_and_rank_three_is_vice_vice():
    m1 = quick(1, {"ben": 200, "fifi": 200, "anne": 0, "bruno": -150, "eric": -250})
    result = compute_season(season(m1), now=NOW)
    assert [(r.player, r.rank, r.title) for r in result.standings[:3]] == [
        ("ben", 1, "champion"),
        ("fifi", 1, "champion"),
        ("anne", 3, "vice_vice_champion"),
    ]


def test_the_absent_player_counts_a_manche_and_is_classified():
    m1 = quick(1, {"ben": 100, "fifi": 50, "anne": -50, "bruno": -100}, absent="eric")
    result = compute_season(season(m1), now=NOW)
    eric = row(result, "eric")
    assert (eric.manches, eric.place_points, eric.points, eric.average) == (1, -1, -1, Fraction(-1, 2))


def test_only_players_with_a_played_manche_are_classified():
    planned = MancheInput(2, start(2), "planned", ("zoe", "fifi", "anne", "bruno", "eric"))
    cancelled = MancheInput(3, start(3), "cancelled", ("zoe", "fifi", "anne", "bruno", "eric"))
    result = compute_season(season(quick(1, S1), planned, cancelled), now=NOW)
    assert {r.player for r in result.standings} == set(FIVE)
    assert list(result.manches) == [1]


def test_participation_malus_only_when_closed():
    s = season(quick(1, S1), quick(2, S1))
    open_result = compute_season(s, now=NOW)
    assert row(open_result, "ben").malus == 0
    assert open_result.provisional_participation["ben"] == Decimal(-8)
    if_closed = {r.player: r for r in open_result.standings_if_closed}
    assert (if_closed["ben"].malus, if_closed["ben"].points) == (8, -2)
    closed = compute_season(season(quick(1, S1), quick(2, S1), closed=True), now=NOW)
    ben = row(closed, "ben")
    assert (ben.malus, ben.points, ben.average) == (8, -2, Fraction(-2, 3))
    assert closed.standings == closed.standings_if_closed
    assert [a.kind for a in closed.adjustments_by_player["ben"]] == ["participation"]
    assert closed.adjustments_by_player["ben"][0].manche is None


def test_participation_threshold_is_a_param():
    s = season(quick(1, S1), quick(2, S1), closed=True, params={"min_manches": 2})
    assert row(compute_season(s, now=NOW), "ben").malus == 0


def test_manche_adjustments_enter_the_points():
    # ben alone positive (+1); fifi took 2 prises with 1 bout and won one (+0.5)
    scores = {"ben": 300, "fifi": -20, "anne": -30, "bruno": -100, "eric": -150}
    m1 = quick(1, scores, prises={"fifi": (2, 1, 1)}, crs=())
    result = compute_season(season(m1), now=NOW)
    kinds = [(a.player, a.kind, a.value) for a in result.manches[1].adjustments]
    assert ("ben", "seul_positif", Decimal(1)) in kinds
    assert ("fifi", "bouts_sur_prise", Decimal("0.5")) in kinds
    assert ("ben", "cr_retard", Decimal("-0.5")) in kinds  # last manche: 14 days, no compte-rendu
    ben = row(result, "ben")
    assert (ben.place_points, ben.bonus, ben.malus, ben.points) == (3, 1, Decimal("0.5"), Decimal("3.5"))


def test_later_manches_are_the_deadlines_and_cancelled_ones_are_not():
    m1 = quick(1, S1, crs=())
    cancelled = MancheInput(2, start(2), "cancelled", FIVE)
    m3 = quick(3, S1)
    planned = MancheInput(4, start(4), "planned", FIVE)
    result = compute_season(season(m1, cancelled, m3, planned), now=start(4) + timedelta(hours=1))
    assert result.manches[1].deadlines == (start(3), start(4))
    late = [a for a in result.manches[1].adjustments if a.kind == "cr_retard"]
    assert len(late) == 2
    assert "start of manche 3" in str(late[0].reason)


def test_an_extra_manche_is_a_deadline_whatever_its_number():
    extra = MancheInput(99, start(1) + timedelta(days=7), "planned", FIVE)
    result = compute_season(
        season(quick(1, S1, crs=()), quick(2, S1), extra), now=start(1) + timedelta(days=8)
    )
    assert result.manches[1].deadlines == (extra.starts_at, start(2))
    assert [a.kind for a in result.manches[1].adjustments if a.player == "ben"] == ["cr_retard"]


def test_a_manche_with_the_full_sheet():
    donnes = (
        contract("ben", partner="anne", kind="garde", bouts=2, points=49, dealer="ben"),
        contract("fifi", kind="garde", bouts=1, points=40, dealer="fifi"),
        contract("bruno", kind="garde", bouts=1, points=55, dealer="anne"),
    )
    m = MancheInput(1, start(1), "played", FIVE, None, donnes, None, None, ())
    result = compute_season(season(m), now=start(1) + timedelta(days=1))
    outcome = result.manches[1]
    assert outcome.sheet is not None and outcome.sheet.pot == 0
    assert sum(e.score for e in outcome.ranking) == 0
    assert {e.player: e.score for e in outcome.ranking} == outcome.sheet.totals
    bruno = next(e for e in outcome.ranking if e.player == "bruno")
    assert (bruno.prises, bruno.bouts, bruno.prises_won) == (1, 1, 1)


# accessits -------------------------------------------------------------------------


def accessits(result):
    return {a.award: (a.players, a.value, a.citation) for a in result.accessits}


def test_accessits_cuillere_aquila_abysses_rookie_and_awards():
    m1 = quick(1, {"ben": 300, "fifi": 100, "anne": 0, "bruno": -150, "eric": -250})
    m2 = quick(2, {"ben": -250, "fifi": 300, "anne": 0, "bruno": -150, "zoe": 100})
    awards = [Award("fair_play", "fifi", "toujours souriant"), Award("truffe", "bruno")]
    result = compute_season(season(m1, m2, awards=awards), now=NOW)
    found = accessits(result)
    assert found["aquila"] == (("ben", "fifi"), 300, None)
    assert found["abysses"] == (("ben", "eric"), -250, None)
    worst = max(r.rank for r in result.standings)
    assert found["cuillere_de_bois"][0] == tuple(
        sorted(r.player for r in result.standings if r.rank == worst)
    )
    assert found["rookie"][0] == ("zoe",)  # zoe (2 points / 2) ranks above eric (−1 / 2)
    assert found["fair_play"] == (("fifi",), None, "toujours souriant")
    assert found["truffe"] == (("bruno",), None, None)
    assert [a.award for a in result.accessits] == [
        "cuillere_de_bois",
        "aquila",
        "abysses",
        "rookie",
        "fair_play",
        "truffe",
    ]


def test_the_absent_player_zero_is_not_a_manche_score_for_the_abysses_or_aquila():
    m1 = quick(1, {"ben": -10, "fifi": -20, "anne": -30, "bruno": 60}, absent="eric")
    found = accessits(compute_season(season(m1), now=NOW))
    assert found["aquila"] == (("bruno",), 60, None)
    assert found["abysses"] == (("anne",), -30, None)


def test_tied_last_share_the_cuillere_de_bois():
    m1 = quick(1, {"ben": 300, "fifi": 100, "anne": 0, "bruno": -200, "eric": -200})
    found = accessits(compute_season(season(m1), now=NOW))
    assert found["cuillere_de_bois"][0] == ("bruno", "eric")


def test_nobody_qualifies_nothing_is_awarded():
    empty = compute_season(season(), now=NOW)
    assert empty.accessits == () and empty.standings == ()


def test_no_rookie_when_nobody_starts_this_season():
    m1 = quick(1, {"ben": 300, "fifi": 100, "anne": 0, "bruno": -150, "eric": -250})
    assert "rookie" not in accessits(compute_season(season(m1, name="2012-2013"), now=NOW))


# explanations -------------------------------------------------------------------------


def test_explanation_lines_let_a_reader_check_the_total():
    scores = {"ben": 300, "fifi": -20, "anne": -30, "bruno": -100, "eric": -150}
    result = compute_season(season(quick(1, scores, crs=()), closed=True), now=NOW)
    lines = [str(m) for m in explain_player(result, "ben")]
    assert lines[0] == "Manche 1: 1st place with a score of 300, place points: 3"
    assert lines[1].startswith("Seul positif: winner with a score of 300") and lines[1].endswith(": +1")
    assert lines[2].startswith("Late compte-rendu: none posted by the deadline of 2011-09-15 21:00")
    assert lines[3] == "Participation: 1 manche played of the 10 required, −1 per missing manche: −9"
    assert lines[-1] == (
        "Total points: 3 from places + 1 bonus − 9.5 malus = -5.5; average points: -5.5 ÷ (1 manche + 1) = -2.75"
    )


# validation -------------------------------------------------------------------------


def problems(s):
    with pytest.raises(InvalidInput) as exc:
        validate_season(s)
    with pytest.raises(InvalidInput):
        compute_season(s, now=NOW)
    return {p.field: str(p.message) for p in exc.value.problems}


def test_donne_problems_carry_the_manche_path():
    donnes = (contract(dealer="ben"), contract(bouts=4, dealer="fifi"))
    m = MancheInput(1, start(1), "played", FIVE, None, donnes, None, None, ())
    assert problems(season(m)) == {"manches[0].donnes[1].bouts": "must be 0..3, got 4"}


def test_closing_a_manche_with_a_non_empty_pot_is_refused():
    m = MancheInput(1, start(1), "played", FIVE, None, (contract(bouts=1, points=40),), None, None, ())
    assert problems(season(m)) == {"manches[0].donnes": "pot must be empty at close, got 110"}


def test_quick_scores_must_sum_to_zero():
    m = quick(1, {"ben": 300, "fifi": 100, "anne": 0, "bruno": -150, "eric": -200})
    assert problems(season(m)) == {"manches[0].results": "scores of a manche must sum to zero, got 50"}


def test_quick_results_prises_and_bouts_must_be_possible():
    m = quick(1, S1, prises={"ben": (1, 4, 2), "fifi": (-1, 0, 0)})
    assert set(problems(season(m))) == {
        "manches[0].results[0].bouts",
        "manches[0].results[0].prises_won",
        "manches[0].results[1].prises",
    }


@pytest.mark.parametrize(
    ("table", "absent", "field"),
    [
        (FOUR, None, "manches[0].absent"),
        (FIVE, "zoe", "manches[0].absent"),
        (("ben", "fifi", "anne"), "eric", "manches[0].table"),
        ((*FIVE, "zoe"), None, "manches[0].table"),
        (FOUR, "ben", "manches[0].absent"),
        (("ben", "fifi", "anne", "bruno", "ben"), None, "manches[0].table[4]"),
        (("ben", "fifi", "anne", "bruno", "xavier"), None, "manches[0].table[4]"),
    ],
)
def test_a_table_of_the_wrong_size_or_with_a_wrong_player_is_refused(table, absent, field):
    m = MancheInput(1, start(1), "played", table, absent, None, (), None, ())
    assert field in problems(season(m))


def test_fft_tables_of_three_four_five_and_no_absent():
    rs = ruleset_for("fft", "2011-2012")
    ok = MancheInput(
        1,
        start(1),
        "played",
        ("ben", "fifi", "anne"),
        None,
        None,
        tuple(QuickResult(p, 0) for p in ("ben", "fifi", "anne")),
    )
    validate_season(SeasonInput("2011-2012", rs, PLAYERS, (ok,)))
    bad = MancheInput(1, start(1), "played", FOUR, "eric", None, tuple(QuickResult(p, 0) for p in FOUR))
    with pytest.raises(InvalidInput) as exc:
        validate_season(SeasonInput("2011-2012", rs, PLAYERS, (bad,)))
    assert fields(exc.value) == ["manches[0].absent"]


def test_a_played_manche_needs_donnes_or_results():
    m = MancheInput(1, start(1), "played", FIVE)
    assert list(problems(season(m))) == ["manches[0].donnes"]


def test_a_compte_rendus_author_rejection_and_status_are_checked():
    crs = (
        CompteRenduRecord("zoe", start(1) + timedelta(days=1), "accepted"),
        CompteRenduRecord("ben", start(1) + timedelta(days=1), "rejected"),
        CompteRenduRecord("ben", start(1) + timedelta(days=1), "rejected", start(1)),
        CompteRenduRecord("ben", start(1) + timedelta(days=1), "published"),
    )
    found = problems(season(quick(1, S1, crs=crs)))
    assert set(found) == {
        "manches[0].comptes_rendus[0].author",
        "manches[0].comptes_rendus[1].rejected_at",
        "manches[0].comptes_rendus[2].rejected_at",
        "manches[0].comptes_rendus[3].status",
    }


def test_the_president_may_not_write_a_replacement():
    """ "Le premier autre participant … dont le compte-rendu est accepté: the
    President may not write it" (rulings §5.5): after the rejection of the
    vainqueur's (ben's) compte-rendu and before his accepted revision."""
    rejected = CompteRenduRecord(
        "ben", start(1) + timedelta(days=1), "rejected", start(1) + timedelta(days=2)
    )
    replacement = CompteRenduRecord("fifi", start(1) + timedelta(days=3), "accepted")
    found = problems(season(quick(1, S1, crs=(rejected, replacement)), president="fifi"))
    assert list(found) == ["manches[0].comptes_rendus[1].author"]
    assert "replacement" in found["manches[0].comptes_rendus[1].author"]
    # as the vainqueur he writes his own
    validate_season(season(quick(1, S1), president="ben"))


def test_a_presidents_post_that_replaces_nothing_is_history():
    """No rejection before it: the post earns and costs nothing, and is accepted."""
    crs = (CompteRenduRecord("fifi", start(1) + timedelta(days=1), "accepted"),)
    validate_season(season(quick(1, S1, crs=crs), president="fifi"))
    result = compute_season(season(quick(1, S1, crs=crs), president="fifi"), now=NOW)
    assert not [a for a in result.manches[1].adjustments if a.player == "fifi" and a.kind.startswith("cr_")]


def test_unknown_players_and_awards():
    m = quick(1, S1)
    s = season(m, awards=[Award("best_dressed", "ben"), Award("truffe", "xavier")], president="xavier")
    assert set(problems(s)) == {"awards[0].award", "awards[1].player", "season.president"}


def test_an_explicit_order_against_the_scores_is_refused():
    m = quick(1, S1, order=("fifi", "ben", "anne", "bruno", "eric"))
    assert list(problems(season(m))) == ["manches[0].order"]


def test_an_explicit_order_for_tied_scores():
    scores = {"ben": 200, "fifi": 200, "anne": 0, "bruno": -150, "eric": -250}
    m = quick(1, scores, order=("fifi", "ben", "anne", "bruno", "eric"))
    result = compute_season(season(m), now=NOW)
    assert result.manches[1].vainqueurs == ("fifi",)
    assert [e.place for e in result.manches[1].ranking] == [1, 2, 3, 4, 5]


def test_duplicate_manche_numbers_and_naive_times():
    from datetime import datetime

    m1 = quick(1, S1)
    m2 = MancheInput(1, datetime(2011, 9, 15, 21), "planned", FIVE)
    assert set(problems(season(m1, m2))) == {"manches[1].number", "manches[1].starts_at"}


def test_every_problem_of_the_season_at_once():
    m1 = quick(1, {"ben": 300, "fifi": 100, "anne": 0, "bruno": -150, "eric": -200})
    donnes = (contract(bouts=4, dealer="fifi"),)
    m2 = MancheInput(2, start(2), "played", FIVE, None, donnes, None, None, ())
    assert set(problems(season(m1, m2))) == {"manches[0].results", "manches[1].donnes[0].bouts"}


def test_results_can_be_pickled_for_the_site_cache():
    import pickle

    donnes = (contract("ben", partner="anne", kind="garde", bouts=2, points=49, dealer="ben"),)
    m = MancheInput(1, start(1), "played", FIVE, None, donnes, None, None, ())
    result = compute_season(season(m, quick(2, S1)), now=NOW)
    again = pickle.loads(pickle.dumps(result))  # noqa: S301 - our own bytes
    assert again.standings == result.standings
    assert again.manches[1].sheet.donnes[0].explanation == result.manches[1].sheet.donnes[0].explanation
    rs = ruleset_for("fft", "2011-2012")
    rs_again = pickle.loads(pickle.dumps(rs))  # noqa: S301 - our own bytes
    assert rs_again == rs and hash(rs_again) == hash(rs)


def test_now_must_be_an_aware_datetime():
    from datetime import datetime

    with pytest.raises(InvalidInput) as exc:
        compute_season(season(quick(1, S1)), now=datetime(2012, 1, 1))
    assert fields(exc.value) == ["now"]


def test_fft_season_without_pot_nor_misere():
    rs = ruleset_for("fft", "2011-2012")
    table = ("ben", "fifi", "anne", "bruno")
    donnes = (contract("ben", kind="garde", bouts=2, points=49, dealer="ben"),)
    m = MancheInput(1, start(1), "played", table, None, donnes, None, None, ())
    result = compute_season(SeasonInput("2011-2012", rs, PLAYERS, (m,)), now=NOW)
    assert result.manches[1].sheet.totals == {"ben": 198, "fifi": -66, "anne": -66, "bruno": -66}
    assert [(e.player, e.place, e.points) for e in result.manches[1].ranking] == [
        ("ben", 1, 3),
        ("fifi", 2, 1),
        ("anne", 2, 1),
        ("bruno", 2, 1),
    ]


def test_compte_rendu_and_sheet_problems_are_reported_together():
    crs = (CompteRenduRecord("zoe", start(1) + timedelta(days=1), "accepted"),)
    donnes = (contract(bouts=4, dealer="fifi"),)
    m = MancheInput(1, start(1), "played", FIVE, None, donnes, None, None, crs)
    assert set(problems(season(m))) == {"manches[0].comptes_rendus[0].author", "manches[0].donnes[0].bouts"}

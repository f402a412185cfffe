"""§5.4 late compte-rendu and §5.5 compte-rendu non conforme."""

from datetime import UTC, timedelta
from decimal import Decimal

import pytest

from league.rules import (
    CompteRenduRecord,
    compte_rendu_adjustments,
    manche_deadlines,
    next_deadline,
    open_deadline,
)

from .helpers import FIVE, paris

M1, M2, M3 = paris(2011, 9, 1, 21), paris(2011, 9, 15, 21), paris(2011, 9, 29, 21)
SECOND = timedelta(seconds=1)
LATER = paris(2012, 6, 30, 12)


def cr(author, posted_at, status="accepted", rejected_at=None):
    return CompteRenduRecord(author, posted_at, status, rejected_at)


def adjust(tb, crs, *, now=LATER, winners=("ben",), deadlines=(M2, M3), participants=FIVE):
    found = compte_rendu_adjustments(
        tb,
        number=1,
        vainqueurs=winners,
        participants=participants,
        deadlines=deadlines,
        comptes_rendus=tuple(crs),
        now=now,
    )
    return [(a.player, a.kind, a.value) for a in found]


LATE = ("ben", "cr_retard", Decimal("-0.5"))


# deadlines ------------------------------------------------------------------


def test_deadlines_are_the_starts_of_the_later_manches_in_order(tb):
    assert manche_deadlines(tb, M1, [M3, M2]) == (M2, M3)


def test_an_extra_manche_inserted_is_a_deadline(tb):
    extra = paris(2011, 9, 8, 21)
    assert manche_deadlines(tb, M1, [M2, extra, M3]) == (extra, M2, M3)


def test_earlier_manches_are_not_deadlines(tb):
    assert manche_deadlines(tb, M2, [M1, M3]) == (M3,)


def test_last_manche_deadline_is_14_days_later_on_the_wall_clock_across_october(tb):
    start = paris(2011, 10, 20, 21)  # CEST, UTC+2
    (deadline,) = manche_deadlines(tb, start, [])
    assert deadline == paris(2011, 11, 3, 21)  # CET, UTC+1: still 21:00 in Paris
    assert deadline.astimezone(UTC) - start.astimezone(UTC) == timedelta(days=14, hours=1)


def test_last_manche_deadline_across_march(tb):
    start = paris(2012, 3, 22, 21)  # CET
    (deadline,) = manche_deadlines(tb, start, [])
    assert deadline == paris(2012, 4, 5, 21)  # CEST
    assert deadline.astimezone(UTC) - start.astimezone(UTC) == timedelta(days=13, hours=23)


def test_last_manche_delay_is_a_param():
    from league.rules import ruleset_for

    rs = ruleset_for("tarot-biere", "2011-2012", {"last_manche_deadline_days": 7})
    assert manche_deadlines(rs, M1, []) == (paris(2011, 9, 8, 21),)


# late -------------------------------------------------------------------------


def test_a_compte_rendu_posted_before_the_deadline_costs_nothing(tb):
    assert adjust(tb, [cr("ben", M2 - SECOND, "pending")]) == []


def test_one_second_late(tb):
    assert adjust(tb, [cr("ben", M2 + SECOND)]) == [LATE]


def test_exactly_at_the_deadline_is_late(tb):
    assert adjust(tb, [cr("ben", M2)]) == [LATE]


def test_late_by_two_manches(tb):
    assert adjust(tb, [cr("ben", M3 + SECOND)]) == [LATE, LATE]
    assert adjust(tb, []) == [LATE, LATE]


def test_a_deadline_not_reached_yet_costs_nothing(tb):
    assert adjust(tb, [], now=M2 - SECOND) == []
    assert adjust(tb, [], now=M2) == [LATE]
    assert adjust(tb, [], now=M3 - SECOND) == [LATE]


def test_a_rejected_compte_rendu_still_counts_as_posted_in_time(tb):
    rejected = cr("ben", M2 - SECOND, "rejected", rejected_at=M2 + timedelta(days=1))
    found = adjust(tb, [rejected], now=M2 + timedelta(days=2))
    assert LATE not in found


def test_late_reason_names_the_deadline_and_the_next_manche(tb):
    (adj,) = compte_rendu_adjustments(
        tb,
        number=1,
        vainqueurs=("ben",),
        participants=FIVE,
        deadlines=(M2,),
        comptes_rendus=(),
        now=LATER,
        deadline_manches={M2: 2},
    )
    assert (
        str(adj.reason)
        == "Late compte-rendu: none posted before the start of manche 2 (2011-09-15 21:00): −0.5"
    )


def test_tied_vainqueurs_each_settled_by_his_own_post(tb):
    found = adjust(tb, [cr("ben", M2 - SECOND, "pending")], winners=("ben", "fifi"))
    assert found == [("fifi", "cr_retard", Decimal("-0.5")), ("fifi", "cr_retard", Decimal("-0.5"))]


def test_tied_vainqueurs_an_accepted_one_of_either_settles_both(tb):
    assert adjust(tb, [cr("ben", M2 - SECOND, "accepted")], winners=("ben", "fifi")) == []


# non conforme -------------------------------------------------------------------

T0 = M1 + timedelta(days=3)  # the President rejects ben's compte-rendu
REJECTED = cr("ben", M1 + timedelta(days=2), "rejected", rejected_at=T0)
NON_CONFORME = ("ben", "cr_non_conforme", Decimal("-0.5"))


def test_vainqueur_reacts_in_time(tb):
    found = adjust(tb, [REJECTED, cr("ben", T0 + timedelta(days=1))])
    assert found == []


def test_a_revision_still_pending_does_not_count_yet(tb):
    found = adjust(tb, [REJECTED, cr("ben", T0 + timedelta(days=1), "pending")], now=M2 + SECOND)
    assert found == [NON_CONFORME]


def test_nothing_yet_while_d_is_not_reached(tb):
    assert adjust(tb, [REJECTED], now=M2 - SECOND) == []
    assert adjust(tb, [REJECTED], now=M2) == [NON_CONFORME]


def test_replacement_accepted_first(tb):
    crs = [REJECTED, cr("anne", T0 + timedelta(hours=1)), cr("ben", T0 + timedelta(hours=2))]
    found = adjust(tb, crs, now=T0 + timedelta(days=1))
    assert found == [NON_CONFORME, ("anne", "cr_remplacement", Decimal("0.5"))]


def test_only_the_first_replacement_scores(tb):
    crs = [REJECTED, cr("fifi", T0 + timedelta(hours=3)), cr("anne", T0 + timedelta(hours=1))]
    assert adjust(tb, crs) == [NON_CONFORME, ("anne", "cr_remplacement", Decimal("0.5"))]


def test_a_rejected_replacement_does_not_score(tb):
    crs = [
        REJECTED,
        cr("anne", T0 + timedelta(hours=1), "rejected", rejected_at=T0 + timedelta(hours=5)),
        cr("fifi", T0 + timedelta(hours=3)),
    ]
    assert adjust(tb, crs) == [NON_CONFORME, ("fifi", "cr_remplacement", Decimal("0.5"))]


def test_a_replacement_posted_after_the_accepted_revision_does_not_score(tb):
    crs = [REJECTED, cr("ben", T0 + timedelta(hours=1)), cr("anne", T0 + timedelta(hours=2))]
    assert adjust(tb, crs) == []


def test_a_rejected_compte_rendu_revised_after_the_deadline_stays_non_conforme(tb):
    crs = [REJECTED, cr("ben", M2 + timedelta(hours=1))]
    found = adjust(tb, crs, now=M2 + timedelta(days=1))
    assert found == [NON_CONFORME]


def test_a_replacement_posted_before_a_late_revision_scores(tb):
    crs = [REJECTED, cr("anne", M2 + timedelta(minutes=1)), cr("ben", M2 + timedelta(hours=1))]
    assert adjust(tb, crs) == [NON_CONFORME, ("anne", "cr_remplacement", Decimal("0.5"))]


def test_compte_rendus_posted_before_t0_do_not_count(tb):
    crs = [cr("anne", T0 - timedelta(hours=1)), REJECTED]
    assert adjust(tb, crs, now=M2 - SECOND) == []


def test_non_conforme_once_per_manche_even_after_several_rejections(tb):
    crs = [
        REJECTED,
        cr("ben", T0 + timedelta(days=1), "rejected", rejected_at=T0 + timedelta(days=2)),
        cr("anne", T0 + timedelta(days=3)),
    ]
    assert adjust(tb, crs) == [NON_CONFORME, ("anne", "cr_remplacement", Decimal("0.5"))]


def test_rejection_after_the_last_deadline_gives_the_last_manche_delay(tb):
    t0 = M3 + timedelta(days=1)
    crs = [cr("ben", M2 - SECOND, "rejected", rejected_at=t0)]
    assert adjust(tb, crs, now=t0 + timedelta(days=13)) == []
    assert adjust(tb, crs, now=t0 + timedelta(days=14)) == [NON_CONFORME]


def test_tied_vainqueurs_a_revision_by_either_counts_for_both(tb):
    crs = [REJECTED, cr("fifi", T0 + timedelta(hours=1))]
    assert adjust(tb, crs, winners=("ben", "fifi")) == []
    crs = [REJECTED, cr("anne", T0 + timedelta(hours=1))]
    found = adjust(tb, crs, winners=("ben", "fifi"))
    assert [a for a in found if a[1] != "cr_retard"] == [
        NON_CONFORME,
        ("fifi", "cr_non_conforme", Decimal("-0.5")),
        ("anne", "cr_remplacement", Decimal("0.5")),
    ]


def test_tied_vainqueurs_a_rejected_one_does_not_settle_the_other_for_lateness(tb):
    found = adjust(tb, [REJECTED, cr("fifi", T0 + timedelta(hours=1))], winners=("ben", "fifi"), now=M2)
    assert found == []
    found = adjust(tb, [REJECTED], winners=("ben", "fifi"), now=M2 - SECOND)
    assert found == []
    found = adjust(tb, [REJECTED], winners=("ben", "fifi"), now=M2)
    assert ("fifi", "cr_retard", Decimal("-0.5")) in found and LATE not in found


def test_the_absent_player_is_no_participant(tb):
    crs = [REJECTED, cr("eric", T0 + timedelta(hours=1))]
    assert adjust(tb, crs, participants=("ben", "fifi", "anne", "bruno"), now=M2 - SECOND) == []


# countdowns ---------------------------------------------------------------------


def test_next_deadline_for_a_vainqueur_who_has_not_posted(tb):
    kw = {"vainqueurs": ("ben",), "deadlines": (M2, M3)}
    assert next_deadline(comptes_rendus=(), now=M1, **kw) == M2
    assert next_deadline(comptes_rendus=(), now=M2, **kw) == M3
    assert next_deadline(comptes_rendus=(cr("ben", M1 + SECOND, "pending"),), now=M1, **kw) is None


@pytest.mark.parametrize(
    ("crs", "now", "expected"),
    [
        ((), M1, ("late", M2)),
        ((REJECTED,), T0 + SECOND, ("non_conforme", M2)),
        ((REJECTED,), M2, None),
        ((REJECTED, cr("ben", T0 + SECOND)), T0 + 2 * SECOND, None),
    ],
)
def test_open_deadline(tb, crs, now, expected):
    found = open_deadline(
        tb, vainqueurs=("ben",), participants=FIVE, deadlines=(M2, M3), comptes_rendus=crs, now=now
    )
    assert (found and (found.kind, found.deadline)) == expected or (found is None and expected is None)


def test_vainqueurs_may_be_given_as_ranking_entries(tb):
    from league.rules import rank_manche

    ranking = rank_manche(tb, FIVE, None, {"ben": 100, "fifi": 100, "anne": 0, "bruno": -100, "eric": -100})
    found = compte_rendu_adjustments(
        tb,
        number=1,
        vainqueurs=[e for e in ranking if e.place == 1],
        participants=FIVE,
        deadlines=(M2,),
        comptes_rendus=(cr("ben", M2 - SECOND, "pending"),),
        now=LATER,
    )
    assert [(a.player, a.kind) for a in found] == [("fifi", "cr_retard")]


def test_a_replacement_posted_after_now_does_not_count_yet(tb):
    """Everything "as of now" is as of now: standings computed for a moment
    before the replacement was posted show neither its +0.5 nor the
    vainqueur's −0.5 (D not reached yet either)."""
    crs = [REJECTED, cr("anne", T0 + timedelta(days=2))]
    assert adjust(tb, crs, now=T0 + timedelta(days=1)) == []
    assert adjust(tb, crs, now=T0 + timedelta(days=3)) == [
        NON_CONFORME,
        ("anne", "cr_remplacement", Decimal("0.5")),
    ]


def test_a_rejection_after_now_is_still_pending_then(tb):
    """Before the President rejected it, the vainqueur's compte-rendu was
    posted in time and nothing is owed."""
    assert adjust(tb, [REJECTED], now=T0 - SECOND) == []
    deadline = open_deadline(
        tb,
        vainqueurs=("ben",),
        participants=FIVE,
        deadlines=(M2, M3),
        comptes_rendus=(REJECTED,),
        now=T0 - SECOND,
    )
    assert deadline is None


def test_a_compte_rendu_posted_after_now_leaves_the_deadline_open(tb):
    """A post dated after ``now`` has not happened yet: the late deadline is still ahead."""
    later_post = cr("ben", M2 - timedelta(hours=1))
    deadline = open_deadline(
        tb, vainqueurs=("ben",), deadlines=(M2, M3), comptes_rendus=(later_post,), now=M1 + timedelta(days=1)
    )
    assert deadline is not None and deadline.kind == "late" and deadline.deadline == M2

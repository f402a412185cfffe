"""Two players taking the last seat at the same moment: one is seated, the other waits (PostgreSQL).

Each player signs up from his own thread, hence his own database
connection, released together by a barrier. The database's unique seat
constraint is what finally decides; the manche row lock only keeps the
waiting list in order, so a second test removes it and checks the outcome
is the same.
"""

import threading

import pytest
from django.db import connection
from django.utils import timezone

from league.models import Manche, Registration
from league.services import registrations
from tests.support.seasons import make_manche, register, thursday_21h

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("in_season_clock"),
]


def race(manche, players, *, barrier=None):
    """Sign ``players`` up at once, one thread each; returns the exceptions raised."""
    barrier = barrier or threading.Barrier(len(players))
    errors = []

    def sign_up(player):
        try:
            barrier.wait(timeout=10)
            registrations.registration_add(by=player, manche=manche, player=player, now=timezone.now())
        except Exception as exc:  # collected for the assertion
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=sign_up, args=(p,)) for p in players]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return errors


def outcome(manche, players):
    rows = {r.player_id: r.seat for r in Registration.objects.filter(manche=manche, player__in=players)}
    return sorted(seat is None for seat in rows.values())


@pytest.mark.parametrize("round_", range(3))
def test_two_players_taking_the_last_seat_at_once_give_one_seated_one_waitlisted(
    round_, season, player, members, capitaine
):
    manche = make_manche(season, 10 + round_, starts_at=thursday_21h())
    register(manche, player, *members[:3])  # four seated, one seat left
    contenders = members[3:5]
    assert race(manche, contenders) == []
    assert outcome(manche, contenders) == [False, True]  # one seated, one waiting
    assert Registration.objects.filter(manche=manche, seat__isnull=False).count() == 5
    assert sorted(
        Registration.objects.filter(manche=manche).exclude(seat=None).values_list("seat", flat=True)
    ) == [
        1,
        2,
        3,
        4,
        5,
    ]


def test_without_the_row_lock_the_seat_constraint_still_gives_one_seat(monkeypatch, season, player, members):
    manche = make_manche(season, 20, starts_at=thursday_21h())
    register(manche, player, *members[:3])
    barrier = threading.Barrier(2)
    inside = threading.Barrier(2)

    def no_lock(m):
        # Both transactions are open before either looks at the seats.
        found = Manche.objects.select_related("season").get(pk=m.pk)
        inside.wait(timeout=10)
        return found

    monkeypatch.setattr(registrations, "_lock", no_lock)
    contenders = members[3:5]
    assert race(manche, contenders, barrier=barrier) == []
    assert outcome(manche, contenders) == [False, True]
    assert Registration.objects.filter(manche=manche, seat__isnull=False).count() == 5

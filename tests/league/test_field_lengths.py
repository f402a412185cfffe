"""What a form allows, the database stores: no write fails on a column too short.

The audit notes (django-simple-history's change reasons) name people and
repeat reasons typed by the President: a jeton draw lists the five display
names (80 characters each allowed), a cancellation its reason (200 allowed).
Each historical row written must pass its own model's field checks, which
is what PostgreSQL enforces (SQLite does not).
"""

import random

import pytest
from django.utils import timezone

from league.models import Manche, Seat
from league.services.calendar import manche_cancel
from league.services.draw import draw_run
from tests.support.seasons import register

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_season_clock")]


def _assert_history_fits(model):
    for record in model.history.exclude(history_change_reason=None):
        record.clean_fields(exclude=["history_user", "history_relation", "id"])


def test_the_draw_of_a_table_of_long_display_names_is_recorded(open_manche, player, members, capitaine):
    table = [r.player for r in register(open_manche, player, *members[:4])]
    for k, user in enumerate(table):
        user.display_name = f"{k}" + "é" * 79  # the longest display name a member may choose
        user.save()
    draw_run(by=capitaine, manche=open_manche, host=table[0], rng=random.Random(1), now=timezone.now())
    assert Seat.objects.filter(manche=open_manche).count() == 5
    _assert_history_fits(Seat)


def test_a_cancellation_reason_of_200_characters_is_recorded(open_manche, president):
    reason = "r" * Manche._meta.get_field("cancelled_reason").max_length
    manche_cancel(by=president, manche=open_manche, reason=reason, now=timezone.now())
    open_manche.refresh_from_db()
    assert open_manche.cancelled_reason == reason
    assert reason in open_manche.history.first().history_change_reason
    _assert_history_fits(Manche)

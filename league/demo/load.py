"""Loading the demo club into the database: the entry point of ``manage.py demo_season``.

:func:`load_demo` creates the members, hands over the presidency, imports
the plan's two season documents through the import service like any other
season, and opens the coming manches and signs players up through the
calendar and registration services, as the President and the players do.
Django is imported inside the functions so the simulator and the plan stay
importable without settings (the tests' random seasons use them).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from .club import CLUB, DEMO_PASSWORD, DEMO_SEED, PRESIDENT, VICE_PRESIDENT
from .plan import DemoPlan, demo_plan


def load_demo(*, seed: int = DEMO_SEED, now: datetime) -> DemoPlan:
    """Create the demo club in the database, through the services real use goes through."""
    from django.contrib.auth.hashers import make_password
    from django.db import transaction

    from accounts.models import User
    from accounts.services.offices import presidency_hand_over, vice_president_designate
    from league.services import transfer

    plan = demo_plan(seed, now=now)
    with transaction.atomic():
        users = {}
        hashed = make_password(DEMO_PASSWORD)  # once: hashing is slow on purpose
        for pid, name, first, *_ in CLUB:
            user = User.objects.create(
                username=pid,
                password=hashed,
                email=f"{pid}@example.org",
                display_name=name,
                first_season=plan.closed["season"]["name"]
                if first == "closed"
                else (first or plan.current["season"]["name"]),
                is_staff=pid == PRESIDENT,
            )
            users[pid] = user
        founded = now - timedelta(days=365 * 3)
        presidency_hand_over(by=None, to=users[PRESIDENT], now=founded)
        vice_president_designate(by=users[PRESIDENT], user=users[VICE_PRESIDENT], now=founded)
        president = users[PRESIDENT]
        transfer.import_season(document=plan.closed, by=president, now=now)
        season = transfer.import_season(document=plan.current, by=president, now=now)
        _open_registrations(plan, season, users, now=now)
    return plan


def _open_registrations(plan: DemoPlan, season, users: dict, *, now: datetime) -> None:
    """Open the next manches and sign players up, the way the President and the players do."""
    from league.models import Manche
    from league.services import calendar
    from league.services.registrations import registration_add

    president = users[PRESIDENT]
    manches = list(Manche.objects.filter(season=season, number__in=plan.open_manches).order_by("number"))
    if not manches:
        return
    opened_at = now - timedelta(days=6)
    calendar.registrations_open(by=president, manches=manches, now=opened_at)
    for manche in manches:
        for k, pid in enumerate(plan.signups.get(manche.number, ())):
            when = opened_at + timedelta(hours=3 + 7 * k)
            registration_add(by=users[pid], manche=manche, player=users[pid], now=when)
        capitaine = plan.capitaines.get(manche.number)
        if capitaine is not None:
            calendar.manche_set_capitaine(
                by=president, manche=manche, capitaine=users[capitaine], now=opened_at
            )

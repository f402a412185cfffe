"""A living demo club, and the simulator the tests' random seasons are built on.

- :mod:`~league.demo.club` the members and the club;
- :mod:`~league.demo.simulator` playing manches (donnes, sheets, comptes-rendus)
  into season documents;
- :mod:`~league.demo.plan` the calendar: a closed season and the one in
  progress, as of ``now``;
- :mod:`~league.demo.load` loading it all into the database (what
  ``manage.py demo_season`` calls).

The names below are the package's public face.
"""

from .club import (
    DEMO_CAPITAINE,
    DEMO_PASSWORD,
    DEMO_PLAYER,
    DEMO_SEED,
    FIRST_NAMES,
    LOCATIONS,
    PARIS,
    PRESIDENT,
)
from .load import load_demo
from .plan import DemoPlan, demo_plan
from .simulator import FEATURES, MancheSpec, document, play_season

__all__ = [
    "DEMO_CAPITAINE",
    "DEMO_PASSWORD",
    "DEMO_PLAYER",
    "DEMO_SEED",
    "FEATURES",
    "FIRST_NAMES",
    "LOCATIONS",
    "PARIS",
    "PRESIDENT",
    "DemoPlan",
    "MancheSpec",
    "demo_plan",
    "document",
    "load_demo",
    "play_season",
]

"""A small season to aim every URL at, and a snapshot of every row to prove nothing changed.

Who is who in the ``world``:

- ``ben`` holds the club's presidency, presides the season and played manche 2;
- ``bruno`` is the capitaine de soirée of manches 1 and 2;
- ``anne`` plays: registered to the open manche 1, vainqueur of the played
  manche 2, author of its compte-rendu;
- ``claire`` is an ordinary member with no office, no registration and no
  role in any manche: the "member without the right" of every check;
- ``david``, ``emile``, ``fanny`` fill the tables; ``gaston`` left the club (inactive).
"""

import pytest


@pytest.fixture(autouse=True)
def season_clock(in_season_clock):
    """The world's season is named 2025-2026 and built around now: every check runs inside it."""
    return in_season_clock

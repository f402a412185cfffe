"""Bounds on the numbers members type or import: what a club can mean, far beyond any real night.

One definition, used by the score sheet's forms and the season import, so a
value the site accepts typed it also accepts imported (and the reverse).
"""

# A player's score for one manche, in points (a night's swing is a few thousand).
SCORE_MAX = 100_000
# A penalty given at the table, in points.
PENALTY_MAX = 10_000
# Prises, bouts and prises won in one manche.
COUNT_MAX = 1_000
# A penalty's reason, in characters.
PENALTY_REASON_MAX = 100

"""Bounds on the numbers members type or import: what a club can mean, far beyond any real night.

One definition, used by the score sheet's forms and the season import, so a
value the site accepts typed it also accepts imported (and the reverse).
Also how large a season an import reads, by where it runs
(:class:`SeasonImportLimits`).
"""

from dataclasses import dataclass

# A player's score for one manche, in points (a night's swing is a few thousand).
SCORE_MAX = 100_000
# A penalty given at the table, in points.
PENALTY_MAX = 10_000
# Prises, bouts and prises won in one manche.
COUNT_MAX = 1_000
# A penalty's reason, in characters.
PENALTY_REASON_MAX = 100


@dataclass(frozen=True)
class SeasonImportLimits:
    """How large a season document an import reads, by where the import runs (None: no limit).

    What a club can mean bounds every import alike (1,000 players, 200
    donnes a manche, manche numbers up to 10,000: ``league/transfer/schema.py``);
    these bound the work one import does.
    """

    #: The document's size, in MB.
    document_mb: int | None = None
    #: Manches in the season.
    manches: int | None = None


#: The President's upload: the document is checked, then written, each within
#: one web request, which a worker must answer before its time limit (gunicorn's
#: 30 s); a season of 2,000 manches takes a few seconds. The operator's command
#: line (``import_season``) answers no request: it reads any size unless
#: ``--max-manches`` sets a limit.
UPLOAD_IMPORT = SeasonImportLimits(document_mb=50, manches=2_000)

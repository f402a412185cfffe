"""The season interchange format (``shared/spec/season-format.md``, version 1).

- :mod:`.parse`: a JSON document → the rows to write and the engine's input,
  or *every* problem found as ``json.path: message`` (unknown keys included);
- :mod:`.build`: the rows written to the database (one transaction, the
  caller's);
- :mod:`.export`: the database → a document, with what the rules engine
  computes added (donne scores and pot, rankings, adjustments, standings,
  accessits).

No rule is computed here: every number comes from :mod:`league.rules`.
"""

FORMAT = "tarot-league-season"
VERSION = 1

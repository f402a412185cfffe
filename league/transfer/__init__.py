"""The season interchange format (``docs/season-format.md``, version 1).

- :mod:`.schema`: the format's shape, declared (pydantic): keys, types,
  bounds, each error named by its path;
- :mod:`.parse`: a JSON document → the rows to write and the engine's input,
  or *every* problem found as ``json.path: message`` (unknown keys included);
- :mod:`.build`: the rows written to the database (one transaction, the
  caller's), through :mod:`.rows` (bulk writes: COPY on PostgreSQL,
  multi-row INSERTs on SQLite);
- :mod:`.export`: the database → a document, with what the rules engine
  computes added (donne scores and pot, rankings, adjustments, standings,
  accessits).

No rule is computed here: every number comes from :mod:`league.rules`.
"""

FORMAT = "tarot-league-season"
VERSION = 1

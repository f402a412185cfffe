"""Writes on league data, one module per area: atomic, keyword-only, ``now`` passed in."""

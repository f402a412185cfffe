"""Writes on accounts and offices, one module per area (the same names as the views)."""

"""The accounts views, one module per area (the same names as the services)."""

"""The accounts' forms, one module per area, as its views and services."""

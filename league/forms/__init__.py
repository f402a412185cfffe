"""The league's forms, one module per area (the same names as the views and services)."""

"""The league's management commands (``commands/``)."""

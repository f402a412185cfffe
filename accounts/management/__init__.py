"""The accounts' management commands (``commands/``)."""

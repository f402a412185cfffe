"""``manage.py`` commands: ``demo_season``, ``import_season``, ``export_season``."""

"""``manage.py`` commands: ``create_president``."""

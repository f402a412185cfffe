"""The reports' pages, one module per page family; ``home`` is wired in ``config/urls.py``."""

from .home import home

__all__ = ["home"]

"""Views of the import/export area."""

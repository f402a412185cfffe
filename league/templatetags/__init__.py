"""Template helpers of the league: ``numbers``, ``sheet_tags``, ``comptes_rendus``, ``badges``."""

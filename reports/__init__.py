"""Standings, player pages, palmarès, charts and exports: reads of the league, never writes."""

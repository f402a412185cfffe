"""The championship: seasons, manches, the feuille de marque, comptes-rendus and the rules engine (``league.rules``)."""

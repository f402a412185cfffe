"""Reports only read the league's data; they own no table."""

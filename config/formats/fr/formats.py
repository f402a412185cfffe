"""French date formats of the site, over Django's: a date with its time reads
"24 nov. 2026 à 21:00" ("N" abbreviates juin and juillet apart, "M" would not)."""

DATETIME_FORMAT = "j N Y à H:i"

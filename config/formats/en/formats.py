"""English date formats of the site, over Django's: the club's 24-hour clock
("Nov. 24, 2026, 21:00"), as its manches are announced."""

DATETIME_FORMAT = "N j, Y, H:i"

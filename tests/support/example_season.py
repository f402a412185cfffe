"""The specification's example season document (docs/season-format.md), made valid: the
compte-rendu is by the manche's vainqueur, fifi, and a third donne empties the pot at the
close. ``NOW`` is a moment after that season, when tests import or export it.
"""

from datetime import datetime

from tests.support.seasons import PARIS

NOW = datetime(2012, 7, 1, 12, 0, tzinfo=PARIS)

EXAMPLE = {
    "format": "tarot-league-season",
    "version": 1,
    "season": {
        "name": "2011-2012",
        "ruleset": "tarot-biere",
        "params": {"garde_contre_multiplier": 6},
        "president": "ben",
        "vice_president": "fifi",
    },
    "players": [
        {"id": "ben", "name": "Benoît", "first_season": "2008-2009"},
        {"id": "fifi", "name": "Philippe", "first_season": "2008-2009"},
        {"id": "anne", "name": "Anne", "first_season": "2011-2012"},
        {"id": "bruno", "name": "Bruno", "first_season": "2009-2010"},
        {"id": "eric", "name": "Éric"},
    ],
    "manches": [
        {
            "number": 1,
            "starts_at": "2011-09-01T21:00:00+02:00",
            "location": "Chez Ben",
            "status": "played",
            "table": ["ben", "fifi", "anne", "bruno", "eric"],
            "absent": None,
            "donnes": [
                {
                    "dealer": "fifi",
                    "kind": "contract",
                    "taker": "ben",
                    "contract": "garde",
                    "partner": "anne",
                    "bouts": 2,
                    "points": 49,
                    "petit_au_bout": "attack",
                    "poignees": [{"player": "ben", "level": "simple"}],
                    "chelem": None,
                    "miseres": [{"player": "eric", "kind": "atout", "valid": True}],
                    "penalties": [{"player": "bruno", "amount": 10, "reason": "a joué avant son tour"}],
                },
                {
                    "dealer": "anne",
                    "kind": "misere",
                    "points": {"ben": 12, "fifi": 30.5, "anne": 8, "bruno": 19, "eric": 15.5},
                },
                {
                    "kind": "contract",
                    "taker": "fifi",
                    "contract": "garde",
                    "partner": None,
                    "bouts": 3,
                    "points": 60,
                },
            ],
            "results": None,
            "order": None,
            "comptes_rendus": [
                {
                    "author": "fifi",
                    "posted_at": "2011-09-06T22:10:00+02:00",
                    "status": "accepted",
                    "text": "Ambiance…",
                }
            ],
        },
        {
            "number": 2,
            "starts_at": "2011-09-15T21:00:00+02:00",
            "location": "Chez Fifi",
            "status": "played",
            "table": ["anne", "bruno", "eric", "fifi"],
            "absent": "ben",
            "results": [
                {"player": "anne", "score": 230, "prises": 3, "bouts": 5, "prises_won": 2},
                {"player": "bruno", "score": -30, "prises": 2, "bouts": 2, "prises_won": 1},
                {"player": "eric", "score": -100, "prises": 1, "bouts": 1, "prises_won": 0},
                {"player": "fifi", "score": -100, "prises": 2, "bouts": 3, "prises_won": 1},
            ],
            "comptes_rendus": [
                {
                    "author": "anne",
                    "posted_at": "2011-09-16T23:00:00+02:00",
                    "status": "rejected",
                    "text": "Gagné.",
                    "rejected_at": "2011-09-17T10:00:00+02:00",
                    "reason": "Trop court.",
                },
                {
                    "author": "bruno",
                    "posted_at": "2011-09-18T20:00:00+02:00",
                    "status": "accepted",
                    "text": "La vraie soirée…",
                },
            ],
        },
        {"number": 3, "starts_at": "2011-09-29T21:00:00+02:00", "status": "cancelled"},
        {
            "number": 4,
            "starts_at": "2011-10-13T21:00:00+02:00",
            "status": "planned",
            "table": ["ben", "anne"],
        },
    ],
    "awards": [{"award": "fair_play", "player": "fifi", "citation": "…"}],
    "closed": True,
}

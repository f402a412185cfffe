"""The demo club: its members and how each plays, its President and
Vice-President, where it meets, and the accounts the README shows a newcomer.

Data only (no Django): :mod:`league.demo.plan` draws the seasons from it,
:mod:`league.demo.load` creates the accounts.
"""

from zoneinfo import ZoneInfo

PARIS = ZoneInfo("Europe/Paris")
DEMO_PASSWORD = "tarot-biere"  # noqa: S105 (the demo's published password)
DEMO_SEED = 2011

# id, name, first season (None: the season in progress), regular, appetite (how often he takes), skill
CLUB = [
    ("ben", "Benoît", "2006-2007", True, 1.3, 2.0),
    ("fifi", "Philippe", "2006-2007", True, 1.1, 1.5),
    ("bruno", "Bruno", "2007-2008", True, 1.0, 1.0),
    ("eric", "Éric", "2007-2008", True, 1.2, 0.5),
    ("nico", "Nicolas", "2008-2009", True, 0.9, 1.0),
    ("jp", "Jean-Pierre", "2008-2009", True, 0.8, -0.5),
    ("annso", "Anne-Sophie", "2009-2010", True, 1.0, 1.5),
    ("arnaud", "Arnaud", "2010-2011", False, 1.4, -1.0),
    ("fred", "Frédéric", "2010-2011", False, 1.0, 0.0),
    ("jc", "Jean-Claude", "2012-2013", False, 0.7, 0.5),
    ("jl", "Jean-Luc", "2014-2015", False, 1.1, -0.5),
    ("jm", "Jean-Michel", "2016-2017", False, 0.9, 0.0),
    ("steph", "Stéphane", "2019-2020", False, 1.2, 0.5),
    ("flo", "Florence", "closed", False, 1.0, 1.0),
    ("sandrine", "Sandrine", "closed", False, 0.8, 0.0),
    ("kamel", "Kamel", None, False, 1.1, 0.5),
    ("romain", "Romain", None, False, 1.0, -0.5),
]
PRESIDENT, VICE_PRESIDENT = "ben", "fifi"
# The accounts the README and ``demo_season`` show a newcomer, on any date:
# the capitaine of the next manche, and the vainqueur of the last manche
# played, whose compte-rendu is still to write.
DEMO_CAPITAINE, DEMO_PLAYER = "bruno", "annso"

FIRST_NAMES = [
    "Adèle",
    "Agnès",
    "Alain",
    "Alice",
    "Amélie",
    "André",
    "Antoine",
    "Aurélie",
    "Bastien",
    "Béatrice",
    "Bernard",
    "Brigitte",
    "Camille",
    "Catherine",
    "Cédric",
    "Céline",
    "Chantal",
    "Christophe",
    "Claire",
    "Clément",
    "Colette",
    "Damien",
    "Denis",
    "Dominique",
    "Élodie",
    "Émile",
    "Étienne",
    "Fabienne",
    "Fanny",
    "François",
    "Gaëlle",
    "Gérard",
    "Gilles",
    "Hélène",
    "Hugues",
    "Isabelle",
    "Jacques",
    "Jérôme",
    "Joëlle",
    "Julien",
    "Laetitia",
    "Laurent",
    "Léa",
    "Loïc",
    "Lucie",
    "Marc",
    "Margaux",
    "Martine",
    "Mathieu",
    "Michèle",
    "Monique",
    "Noël",
    "Océane",
    "Olivier",
    "Pascal",
    "Patrick",
    "Pauline",
    "Quentin",
    "Rémi",
    "Renée",
    "Sébastien",
    "Solène",
    "Sylvie",
    "Thérèse",
    "Thierry",
    "Valérie",
    "Véronique",
    "Vincent",
    "Yannick",
    "Zoé",
]
LOCATIONS = ["Chez Ben", "Chez Ben", "Chez Ben", "Chez Ben", "Chez Fifi", "Chez ViVi", "Au Comptoir"]

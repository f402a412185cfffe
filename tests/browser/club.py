"""The club the journeys play in, written through the ORM and the services as the site would."""

from datetime import timedelta
from decimal import Decimal

from django.utils import timezone

from tests.support.members import make_member
from tests.support.seasons import make_manche, make_season

SEASON = "2025-2026"
MEMBERS = [
    ("ben", "Benoît"),
    ("anne", "Anne"),
    ("bruno", "Bruno"),
    ("claire", "Claire"),
    ("david", "David"),
    ("emile", "Émile"),
    ("fanny", "Fanny"),
]
TABLE = ["anne", "bruno", "claire", "david", "emile"]
# The night the capitaine keeps: Anne wins twice alone with one bout (bouts
# sur prise), David's garde falls; Anne ends alone positive (seul positif)
# and David, last, is within 0.6 × her score (défensif).
NIGHT = [
    {"contract": "garde", "taker": "anne", "partner": None, "bouts": 1, "points": "55"},
    {"contract": "garde", "taker": "david", "partner": "emile", "bouts": 1, "points": "45"},
    {"contract": "garde", "taker": "anne", "partner": None, "bouts": 1, "points": "60"},
]
NIGHT_TOTALS = {"anne": 460, "bruno": -60, "claire": -70, "david": -210, "emile": -120}


def members():
    from accounts.services.offices import presidency_hand_over

    users = {username: make_member(username, display_name=name) for username, name in MEMBERS}
    presidency_hand_over(by=None, to=users["ben"], now=timezone.now() - timedelta(days=300))
    return users


def opening_night(season, users):
    """Manche 1, weeks ago, kept on paper: the President played it."""
    from league.models import Manche, QuickResult, Seat

    manche = make_manche(
        season,
        1,
        starts_at=timezone.now() - timedelta(days=21),
        status=Manche.Status.PLAYED,
        closed_at=timezone.now() - timedelta(days=21),
    )
    table = ["ben", "fanny", "claire", "emile", "bruno"]
    for position, (name, score) in enumerate(zip(table, [90, 30, 0, -40, -80], strict=True), start=1):
        Seat.objects.create(manche=manche, player=users[name], position=position)
        QuickResult.objects.create(manche=manche, player=users[name], score=score, prises=1, bouts=1)
    # A compte-rendu accepted on time, so the manche brings no malus.
    from league.models import CompteRendu

    CompteRendu.objects.create(
        manche=manche,
        author=users["ben"],
        title="Ouverture",
        text="Belle soirée.",
        posted_at=manche.starts_at + timedelta(days=1),
        status=CompteRendu.Status.ACCEPTED,
        judged_at=manche.starts_at + timedelta(days=2),
    )
    return manche


def open_manche(season, users, *, number, starts_at, seated, capitaine="bruno"):
    """A manche open for registrations with ``seated`` players in seats 1..n."""
    from league.models import Registration

    m = make_manche(season, number, starts_at=starts_at, capitaine=users[capitaine])
    for seat, name in enumerate(seated, start=1):
        Registration.objects.create(
            manche=m, player=users[name], seat=seat, created_at=timezone.now() - timedelta(days=5 - seat / 10)
        )
    return m


def play_the_night(m, users):
    """The sheet of NIGHT entered and closed by the capitaine, through the sheet services."""
    from league.services import sheet

    now = timezone.now()
    sheet.table_ensure(manche=m)
    m.refresh_from_db()
    for donne in NIGHT:
        data = {"kind": "contract", **donne, "points": Decimal(donne["points"])}
        sheet.donne_add(manche=m, data=data, by=users["bruno"], seen_version=m.sheet_version, now=now)
        m.refresh_from_db()
    sheet.manche_close(manche=m, by=users["bruno"], seen_version=m.sheet_version, now=now)
    m.refresh_from_db()
    return m


def manche_path(m) -> str:
    return f"/saisons/{m.season.name}/manches/{m.number}/"


def tonight(users):
    """Manche 2 of the season, begun three hours ago with the ``TABLE`` seated, after the opening night."""
    season = make_season(SEASON, president=users["ben"], default_location="Chez Ben")
    opening_night(season, users)
    return open_manche(season, users, number=2, starts_at=timezone.now() - timedelta(hours=3), seated=TABLE)

"""The table of the night: the draw of jetons and seats, and the table the sheet reads.

Rulebook, "Les jetons": a round jeton of each box (white, yellow, red, blue,
green) goes into a bag; each player in turn, by order of arrival and the host
last, draws one blindly. The colour drawn is the player's jetons for the
night and his place at the table: the boxes stand around the table in that
order, so the playing order follows the colours (white first). The result is
stored as ``Seat`` rows (``position`` = playing order, ``jeton_colour``).
"""

import random
import secrets
from dataclasses import dataclass
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import JetonColour, User

from ..models import Manche, Registration, Seat
from ..selectors.draw import draw_sizes, table_seats
from ..selectors.sheet import is_sheet_started

#: The boxes around the table, in playing order.
COLOURS: tuple[str, ...] = tuple(JetonColour.values)


@dataclass(frozen=True)
class Drawn:
    """One pick from the bag: who drew, in which turn, which colour, hence which seat."""

    turn: int
    player: User
    colour: str
    position: int


def drawing_order(players: list[User], host: User | None) -> list[User]:
    """Players by order of arrival, the host last (when he plays)."""
    if host is None or host.pk not in {p.pk for p in players}:
        return list(players)
    return [p for p in players if p.pk != host.pk] + [p for p in players if p.pk == host.pk]


def draw_jetons(players: list[User], host: User | None, rng: random.Random) -> list[Drawn]:
    """The draw itself: one jeton per box in the bag, each player picks one in turn.

    At a manche played at 4 one jeton stays in the bag and the four players
    sit in the order of the colours they drew.
    """
    order = drawing_order(players, host)
    bag = list(COLOURS)
    picks = []
    for turn, player in enumerate(order, start=1):
        colour = bag.pop(rng.randrange(len(bag)))
        picks.append((turn, player, colour))
    by_colour = sorted(picks, key=lambda pick: COLOURS.index(pick[2]))
    position = {pick[1].pk: i for i, pick in enumerate(by_colour, start=1)}
    return [Drawn(turn=t, player=p, colour=c, position=position[p.pk]) for t, p, c in picks]


def _table_players(manche: Manche) -> list[User]:
    return [
        r.player
        for r in Registration.objects.filter(manche=manche, seat__isnull=False)
        .select_related("player")
        .order_by("seat")
    ]


@transaction.atomic
def draw_run(
    *,
    by: User | None,
    manche: Manche,
    arrival: list[User] | None = None,
    host: User | None = None,
    rng: random.Random | None = None,
    now: datetime,
) -> list[Drawn]:
    """Run the draw for the seated players and store the table (replacing an earlier draw).

    ``arrival`` is the order the players arrived in (default: sign-up seat
    order); ``host`` draws last. Refused once the sheet has a donne: the
    table is then what was played.
    """
    manche = Manche.objects.select_for_update().select_related("season").get(pk=manche.pk)
    if manche.status in (Manche.Status.PLAYED, Manche.Status.CANCELLED):
        raise ValidationError({"manche": _("La manche est jouée ou annulée : plus de tirage.")})
    if is_sheet_started(manche):
        raise ValidationError({"manche": _("La feuille de marque est commencée : la table ne change plus.")})
    players = _table_players(manche)
    sizes = draw_sizes(manche, len(players))
    if len(players) not in sizes:
        wanted = ", ".join(str(s) for s in sizes[:-1])
        wanted = f"{wanted} {_('ou')} {sizes[-1]}" if wanted else str(sizes[-1])
        raise ValidationError(
            {
                "manche": _("Il faut %(sizes)s joueurs assis pour le tirage, il y en a %(count)s.")
                % {"sizes": wanted, "count": len(players)}
            }
        )
    if arrival is not None:
        if sorted(p.pk for p in arrival) != sorted(p.pk for p in players):
            raise ValidationError(
                {"arrival": _("L'ordre d'arrivée doit nommer chaque joueur assis, une fois.")}
            )
        players = list(arrival)
    if host is not None and host.pk not in {p.pk for p in players}:
        raise ValidationError({"host": _("L'hôte doit être l'un des joueurs de la table.")})
    picks = draw_jetons(players, host, rng or secrets.SystemRandom())
    for seat in Seat.objects.filter(manche=manche):
        seat._history_user = by
        seat._change_reason = _("Nouveau tirage")
        seat.delete()
    summary = ", ".join(f"{p.player} ({JetonColour(p.colour).label})" for p in picks)
    for pick in sorted(picks, key=lambda p: p.position):
        seat = Seat(manche=manche, player=pick.player, position=pick.position, jeton_colour=pick.colour)
        seat._history_user = by
        seat._change_reason = _("Tirage des jetons : %(summary)s") % {"summary": summary}
        seat.save()
    return picks


def table_ensure(manche: Manche) -> list[User]:
    """The table in playing order: the drawn seats, or (no draw) the seated sign-ups in seat order.

    The sheet calls this; without a draw it creates the ``Seat`` rows from
    the registrations (no colours), once even if two requests race.
    """
    seats = table_seats(manche)
    if seats:
        return [s.player for s in seats]
    players = _table_players(manche)
    try:
        with transaction.atomic():
            for position, player in enumerate(players, start=1):
                seat = Seat(manche=manche, player=player, position=position)
                seat._change_reason = _("Table reprise des inscriptions (sans tirage)")
                seat.save()
    except IntegrityError:
        pass  # another request made the table first: read it
    return [s.player for s in table_seats(manche)]
